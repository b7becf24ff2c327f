import { highlightCode } from "./highlight";

/** The highlighted pieces as [class, text] pairs, in order. */
const spans = (html: string) =>
  [...html.matchAll(/<span class="hljs-([\w-]+)">([^<]*)<\/span>/g)].map((m) => [m[1], m[2]]);
/** The code back from the HTML: highlighting only adds spans. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("highlightCode", () => {
  it("marks keywords, strings, comments, numbers and calls in JavaScript and TypeScript", () => {
    const code = 'const total = sum(1, 2.5); // add\nif (x) return "done";\n/* block */ let t: string = `a`;';
    const html = highlightCode(code, "ts");
    expect(spans(html)).toEqual([
      ["keyword", "const"],
      ["title", "sum"],
      ["number", "1"],
      ["number", "2.5"],
      ["comment", "// add"],
      ["keyword", "if"],
      ["keyword", "return"],
      ["string", '"done"'],
      ["comment", "/* block */"],
      ["keyword", "let"],
      ["string", "`a`"],
    ]);
    expect(text(html)).toBe(code);
  });

  it("does not find a keyword inside a word", () => {
    expect(spans(highlightCode("elsewhere = format_if + x1", "js"))).toEqual([]);
  });

  it("highlights Python", () => {
    const html = highlightCode(
      'def area(r):\n    # pi r²\n    return 3.14 * r ** 2 if r else None\nprint(f"{area(2)}")',
      "python",
    );
    expect(spans(html)).toEqual([
      ["keyword", "def"],
      ["title", "area"],
      ["comment", "# pi r²"],
      ["keyword", "return"],
      ["number", "3.14"],
      ["number", "2"],
      ["keyword", "if"],
      ["keyword", "else"],
      ["literal", "None"],
      ["built_in", "print"],
      ["string", 'f"{area(2)}"'],
    ]);
  });

  it("highlights JSON keys apart from values", () => {
    expect(spans(highlightCode('{"name": "Ana", "age": 30, "ok": true, "x": null}', "json"))).toEqual([
      ["attr", '"name"'],
      ["string", '"Ana"'],
      ["attr", '"age"'],
      ["number", "30"],
      ["attr", '"ok"'],
      ["literal", "true"],
      ["attr", '"x"'],
      ["literal", "null"],
    ]);
  });

  it("highlights bash", () => {
    expect(spans(highlightCode('#!/bin/bash\n# install\nnpm install "$PKG" && echo ${HOME}', "sh"))).toEqual([
      ["meta", "#!/bin/bash"],
      ["comment", "# install"],
      ["built_in", "npm"],
      ["string", '"$PKG"'],
      ["built_in", "echo"],
      ["variable", "${HOME}"],
    ]);
  });

  it("highlights HTML tags, attributes and comments, escaping everything", () => {
    const code = "<!-- c --><a href=\"/x\" class='y'>Hi &amp; bye</a>";
    const html = highlightCode(code, "html");
    expect(spans(html)).toEqual([
      ["comment", "&lt;!-- c --&gt;"],
      ["name", "a"],
      ["attr", "href"],
      ["string", '"/x"'],
      ["attr", "class"],
      ["string", "'y'"],
      ["literal", "&amp;amp;"],
      ["name", "a"],
    ]);
    expect(text(html)).toBe(code);
    expect(html).not.toMatch(/<(?!\/?span)/);
  });

  it("highlights CSS", () => {
    expect(spans(highlightCode("@media print { .card { color: #fff; margin: 4px; } }", "css"))).toEqual([
      ["keyword", "@media"],
      ["title", ".card"],
      ["attr", "color"],
      ["number", "#fff"],
      ["attr", "margin"],
      ["number", "4px"],
    ]);
  });

  it("highlights SQL whatever the case of its keywords", () => {
    expect(spans(highlightCode("SELECT count(*) FROM users where name = 'O''Hara' -- all\nLIMIT 10", "sql"))).toEqual([
      ["keyword", "SELECT"],
      ["built_in", "count"],
      ["keyword", "FROM"],
      ["keyword", "where"],
      ["string", "'O''Hara'"],
      ["comment", "-- all"],
      ["keyword", "LIMIT"],
      ["number", "10"],
    ]);
  });

  it("copes with code cut off mid-string or mid-comment (a streaming block)", () => {
    expect(spans(highlightCode('const s = "unfinished', "js"))).toEqual([
      ["keyword", "const"],
      ["string", '"unfinished'],
    ]);
    expect(spans(highlightCode("x /* open", "js"))).toEqual([["comment", "/* open"]]);
  });

  it("only escapes a language it does not know, or none", () => {
    expect(highlightCode("if <x> & y", "brainfuck")).toBe("if &lt;x&gt; &amp; y");
    expect(highlightCode("if <x>", undefined)).toBe("if &lt;x&gt;");
    expect(highlightCode("let", "TypeScript")).toBe('<span class="hljs-keyword">let</span>');
  });
});
