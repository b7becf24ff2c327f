import { renderMarkdown, safeImageUrl, safeLinkUrl } from "./render";

/**
 * The browser injects this renderer's output without a sanitizer: each case is an attempt to
 * get markup that runs, loads or breaks out of an attribute through the model's Markdown.
 */
describe("renderMarkdown is safe by construction", () => {
  /** Every tag the output holds, with its attributes. */
  const tags = (html: string) =>
    [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map((m) => ({ name: m[1].toLowerCase(), attributes: m[2] }));
  const ALLOWED_TAGS = new Set(
    "h1 h2 h3 h4 h5 h6 p br hr blockquote pre code span strong b em i u s del ins mark sub sup small kbd ul ol li table thead tbody tr th td a img".split(
      " ",
    ),
  );

  const ALLOWED_ATTRIBUTES = new Set(["href", "title", "target", "rel", "src", "alt", "class", "align", "start"]);

  function expectSafe(html: string) {
    for (const tag of tags(html)) {
      expect(ALLOWED_TAGS).toContain(tag.name);
      // Only name="value" pairs, values free of quotes and brackets: nothing can end one early.
      expect(tag.attributes.replace(/\s[a-z-]+="[^"<>]*"/gi, "").trim()).toMatch(/^\/?$/);
      for (const [, name, value] of tag.attributes.matchAll(/\s([a-z-]+)="([^"]*)"/gi)) {
        expect(ALLOWED_ATTRIBUTES).toContain(name);
        if (name === "href") expect(value).toMatch(/^(https?:|mailto:|[^:]*$)/i);
        if (name === "src") expect(value).toMatch(/^(https:|data:image\/(png|jpeg|gif|webp);base64,)/i);
      }
    }
  }

  it.each([
    ["a raw script block", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["an inline script", "Hi <script>alert(1)</script> there", "Hi &lt;script&gt;alert(1)&lt;/script&gt; there"],
    ["an img with onerror", '<img src=x onerror="alert(1)">', '&lt;img src=x onerror="alert(1)"&gt;'],
    ["an inline img with onerror", "Hi <img src=x onerror=alert(1)>", "Hi &lt;img src=x onerror=alert(1)&gt;"],
    ["an svg with onload", "<svg onload=alert(1)>", "&lt;svg onload=alert(1)&gt;"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', "&lt;iframe"],
    ["a harmless tag with an attribute", '<b onclick="alert(1)">x</b>', "&lt;b onclick="],
    ["text after a raw <pre>", "<pre>\n<b>x</b> < y", "&lt;pre&gt;"],
  ])("shows %s as text", (_name, markdown, expected) => {
    const html = renderMarkdown(markdown);
    expect(html).toContain(expected);
    expectSafe(html);
  });

  it.each([
    ["javascript:", "[x](javascript:alert(1))"],
    ["JavaScript: in capitals", "[x](JavaScript:alert(1))"],
    ["a tab inside the scheme", "[x](java\tscript:alert(1))"],
    ["a numeric entity in the scheme", "[x](java&#115;cript:alert(1))"],
    ["a hex entity in the scheme", "[x](&#x6A;avascript:alert(1))"],
    ["&colon; for the colon", "[x](javascript&colon;alert(1))"],
    ["leading control characters", "[x](\u0001javascript:alert(1))"],
    ["vbscript:", "[x](vbscript:msgbox)"],
    ["data: HTML", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a protocol-relative host", "[x](//evil.example/a)"],
    ["a backslash host", "[x](/\\evil.example/a)"],
    ["an autolink to javascript:", "<javascript:alert(1)>"],
  ])("drops a link to %s (its text stays)", (_name, markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toContain("<a");
    expect(html).not.toContain("href");
    expectSafe(html);
  });

  it.each([
    ["javascript:", "![x](javascript:alert(1))"],
    ["http (mixed content, tracking)", "![x](http://tracker.example/p.gif)"],
    ["data: that is not a picture", "![x](data:text/html;base64,PHNjcmlwdD4=)"],
    ["data: SVG (can hold script)", "![x](data:image/svg+xml;base64,PHN2Zz4=)"],
    ["a relative address", "![x](/pixel.gif)"],
  ])("drops an image from %s", (_name, markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toContain("<img");
    expectSafe(html);
  });

  it("keeps safe links and images, with rel and target as the sanitizer sets them", () => {
    const html = renderMarkdown(
      "[a](https://ex.com/?a=1&b=2) [m](mailto:me@ex.com) [r](/courses) ![p](https://img.example/a.png) ![q](data:image/png;base64,iVBORw0KGgo=)",
    );
    expect(html).toContain(
      '<a href="https://ex.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
    expect(html).toContain('<a href="mailto:me@ex.com" rel="nofollow">m</a>');
    expect(html).toContain('<a href="/courses" rel="nofollow">r</a>');
    expect(html).toContain('<img src="https://img.example/a.png" alt="p" />');
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="q" />');
    expectSafe(html);
  });

  it("cannot break out of an attribute with quotes or angle brackets", () => {
    const html = renderMarkdown(
      '[x](https://ex.com/"onmouseover="alert(1) "t\\"itle<b>") ![a" onerror="alert(1)](https://img.example/a.png "t\\" x=\\"y")',
    );
    expect(html).toContain('alt="a&quot; onerror=&quot;alert(1)"');
    expectSafe(html);
  });

  it("escapes text and code, and keeps a few attribute-free tags", () => {
    expect(renderMarkdown("a < b && c > d")).toBe("<p>a &lt; b &amp;&amp; c &gt; d</p>");
    expect(renderMarkdown("`<b>x</b>`")).toBe("<p><code>&lt;b&gt;x&lt;/b&gt;</code></p>");
    expect(renderMarkdown("H<sub>2</sub>O, line<br>break")).toBe("<p>H<sub>2</sub>O, line<br />break</p>");
  });

  it("safeLinkUrl and safeImageUrl answer for the addresses they keep", () => {
    expect(safeLinkUrl(" https://ex.com ")).toBe("https://ex.com");
    expect(safeLinkUrl("#section")).toBe("#section");
    expect(safeLinkUrl("JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeImageUrl("https://img.example/a.png")).toBe("https://img.example/a.png");
    expect(safeImageUrl("http://img.example/a.png")).toBeNull();
  });
});

describe("renderMarkdown formatting", () => {
  it("renders headings, emphasis, lists, quotes, tables and task items", () => {
    const html = renderMarkdown("## T\n\n**b** *i* ~~d~~\n\n- a\n- [x] done\n\n> q\n\n| a |\n|---|\n| 1 |");
    expect(html).toContain("<h2>T</h2>");
    expect(html).toContain("<strong>b</strong> <em>i</em> <del>d</del>");
    expect(html).toContain("<li>☑ done</li>");
    expect(html).toContain("<blockquote>\n<p>q</p>\n</blockquote>");
    expect(html).toContain("<td>1</td>");
  });

  it("highlights fenced code by its language and drops a class the sanitizer would refuse", () => {
    expect(renderMarkdown("```python\nprint('hi')\n```")).toBe(
      '<pre><code class="language-python"><span class="hljs-built_in">print</span>(<span class="hljs-string">\'hi\'</span>)\n</code></pre>',
    );
    expect(renderMarkdown("```c++\nint a;\n```")).toBe("<pre><code>int a;\n</code></pre>");
  });

  it("unwraps an answer fenced as a whole in ```markdown", () => {
    expect(renderMarkdown("```markdown\n# Hi\n\ntext\n```")).toBe("<h1>Hi</h1>\n<p>text</p>");
  });
});

describe("citations", () => {
  it("draws [^n] as a superscript link to its quote, never inside code", () => {
    expect(renderMarkdown("Plants make sugar[^2].")).toBe(
      '<p>Plants make sugar<sup class="citation"><a href="#cite-2">2</a></sup>.</p>',
    );
    expect(renderMarkdown("`a[^2]`")).toBe("<p><code>a[^2]</code></p>");
    expect(renderMarkdown("a [^x] and [2]")).toBe("<p>a [^x] and [2]</p>");
  });
});
