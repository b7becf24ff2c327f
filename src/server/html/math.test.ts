import { DOLLAR_AMOUNTS, MATH_CODE_FORMULAS, MATH_CODE_LESSON } from "../../../tests/fakes/math-code";
import { markdownToSafeHtml } from "./markdown";
import { renderMarkdown } from "@/lib/markdown/render";
import { sanitizeHtml } from "./sanitize";

/** The TeX KaTeX keeps in each formula's MathML annotation, in order. */
const annotations = (html: string) =>
  [...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) =>
    m[1].replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
  );

describe("formulas and code in stored text (markdownToSafeHtml)", () => {
  const html = markdownToSafeHtml(MATH_CODE_LESSON);

  it("renders every formula with KaTeX as HTML and MathML, inline and displayed", () => {
    expect(annotations(html)).toEqual([
      MATH_CODE_FORMULAS.inline,
      MATH_CODE_FORMULAS.display,
      "n",
      MATH_CODE_FORMULAS.fraction,
      MATH_CODE_FORMULAS.matrix,
    ]);
    expect(html.match(/<span class="katex">/g)).toHaveLength(5);
    expect(html.match(/<span class="katex-display">/g)).toHaveLength(2);
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(html).toContain("<mfrac>");
    expect(html).toContain("<mtable");
    // KaTeX's layout survives the sanitizer: its struts and offsets are what make it look right.
    expect(html).toMatch(/<span class="strut" style="height:[\d.]+em;?"><\/span>/);
    expect(html).toContain('<span class="katex-html" aria-hidden="true">');
    expect(html).not.toContain("$$");
  });

  it("shows a malformed formula as its source and keeps the rest of the lesson", () => {
    expect(html).toMatch(
      /<span class="katex-error" title="ParseError:[^"]*" style="color:#cc0000;?">\\frac\{1\}\{<\/span>/,
    );
    expect(html).toContain("stays readable.");
  });

  it("leaves dollar amounts as text", () => {
    expect(html).toContain(`<p>${DOLLAR_AMOUNTS}</p>`);
    expect(renderMarkdown("Between $5 and $10, or $ 3 $ and 4$.")).toBe("<p>Between $5 and $10, or $ 3 $ and 4$.</p>");
    expect(renderMarkdown(String.raw`Escaped \$x\$ too.`)).toBe("<p>Escaped $x$ too.</p>");
  });

  it("highlights JavaScript, Python and SQL, and shows another language plain", () => {
    expect(html).toContain('<pre><code class="language-javascript"><span class="hljs-keyword">const</span> total');
    expect(html).toContain('<span class="hljs-comment">// sum</span>');
    expect(html).toContain('<pre><code class="language-python"><span class="hljs-keyword">def</span>');
    expect(html).toContain('<span class="hljs-string">"done"</span>');
    expect(html).toContain('<pre><code class="language-sql"><span class="hljs-keyword">SELECT</span> name');
    expect(html).toContain('<pre><code class="language-brainfudge">++[&gt;+&lt;-]\n</code></pre>');
  });

  it("keeps TeX out of Markdown: no emphasis inside a formula", () => {
    expect(renderMarkdown("$a_1 * b_2 * c$ and _x_")).toBe("<p>$a_1 * b_2 * c$ and <em>x</em></p>");
  });

  it("shows the TeX source where no renderer is given (the browser, while streaming)", () => {
    const streamed = renderMarkdown(MATH_CODE_LESSON);
    expect(streamed).toContain(`$${MATH_CODE_FORMULAS.inline}$`);
    expect(streamed).toContain(`<div>$$${MATH_CODE_FORMULAS.display.replace("\\,", "\\,")}$$</div>`);
    expect(streamed).not.toContain("katex");
  });

  it("never lets a formula run anything: \\href and \\htmlStyle are not trusted", () => {
    const out = markdownToSafeHtml(
      String.raw`$\href{javascript:alert(1)}{x}$ $\htmlStyle{background:url(https://evil.example)}{y}$`,
    );
    // The source stays readable in the MathML annotation, as text; nothing of it is markup.
    expect(out).not.toMatch(/href=|<a |style="[^"]*url\(/);
    expect(out).toContain("<mtext>\\href</mtext>");
  });

  it("keeps a text whose formulas would pass the bounds as TeX rather than refusing it", () => {
    const many = Array.from({ length: 200 }, (_, i) => `$\\frac{${i}}{x^2}$`).join(" ");
    const out = markdownToSafeHtml(many);
    expect(out).not.toContain("katex");
    expect(out).toContain("$\\frac{199}{x^2}$");
  });
});

describe("sanitizeHtml and KaTeX's output", () => {
  const katex = markdownToSafeHtml(`$${MATH_CODE_FORMULAS.matrix}$ and $\\sqrt{x}$ $\\color{red}{y}$`);

  it("keeps KaTeX's output exactly", () => {
    expect(sanitizeHtml(katex)).toBe(katex);
  });

  it("drops scripts, url() styles and javascript: links put inside math", () => {
    const attack =
      '<span class="katex"><span class="katex-html" aria-hidden="true" onclick="alert(1)">' +
      '<span class="mord" style="height:1em;background:url(https://evil.example/x.png);color:red">a</span>' +
      '<span style="color:expression(alert(1));top:-1em">b</span>' +
      '<script>alert(1)</script><a href="javascript:alert(1)">c</a>' +
      '<svg onload="alert(1)"><use href="#x"></use><path d="M0 0" style="fill:url(#x)"></path></svg>' +
      '</span><math href="javascript:alert(1)"><mi xlink:href="javascript:alert(1)">x</mi><mglyph src="https://evil.example/x.png"></mglyph></math></span>';
    const out = sanitizeHtml(attack);
    expect(out).not.toMatch(/script|javascript|url\(|expression|onclick|onload|<use|mglyph|evil/i);
    expect(out).toContain('<span class="mord" style="height:1em;color:red">a</span>');
    expect(out).toContain('<span style="top:-1em">b</span>');
  });

  it("keeps KaTeX's classes and styles inside a katex span only", () => {
    const out = sanitizeHtml(
      '<p><span class="vlist hljs-keyword" style="position:relative;top:-40em">moved</span></p>' +
        '<span class="katex"><span class="vlist" style="top:-4em;position:fixed;width:1000em">kept</span></span>' +
        '<math display="block"><mi>x</mi></math><svg width="1em"><path d="M0 0"></path></svg>',
    );
    expect(out).toMatch(/<\/span>x$/);
    expect(out).toContain('<p><span class="hljs-keyword">moved</span></p>');
    expect(out).toContain('<span class="katex"><span class="vlist" style="top:-4em">kept</span></span>');
  });
});
