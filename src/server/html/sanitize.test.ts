import { markdownToSafeHtml } from "./markdown";
import { sanitizeHtml, stripHtml } from "./sanitize";

describe("sanitizeHtml", () => {
  it("keeps formatting, lists, code, tables and safe links", () => {
    const html = '<h2>T</h2><p><strong>b</strong> <em>i</em> <code>x</code></p><ul><li>a</li></ul><table><tr><td>1</td></tr></table><a href="https://ex.com">l</a>';
    const out = sanitizeHtml(html);
    expect(out).toContain("<h2>T</h2>");
    expect(out).toContain("<ul><li>a</li></ul>");
    expect(out).toContain("<td>1</td>");
    expect(out).toContain('<a href="https://ex.com" target="_blank" rel="noopener noreferrer nofollow">l</a>');
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', "<p>ok</p>"],
    ['<p onclick="alert(1)" style="color:red">ok</p>', "<p>ok</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="nofollow">x</a>'],
    ['<a href="vbscript:msgbox">x</a>', '<a rel="nofollow">x</a>'],
    ['<img src="x" onerror="alert(1)">', ""],
    ['<img src="http://tracker.example/p.gif">', ""],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ""],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', "<p>ok</p>"],
    ["<style>body{display:none}</style><p>ok</p>", "<p>ok</p>"],
    ['<svg><script>alert(1)</script></svg>', ""],
  ])("removes what could run or track: %s", (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it("keeps https images and inline base64 pictures", () => {
    expect(sanitizeHtml('<img src="https://img.example/a.png" alt="a">')).toBe('<img src="https://img.example/a.png" alt="a" />');
    const inline = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="p">';
    expect(sanitizeHtml(inline)).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="p" />');
  });

  it("stripHtml leaves plain text", () => {
    expect(stripHtml("<b>Bold</b> &amp; <i>more</i>")).toBe("Bold &amp; more");
  });
});

describe("markdownToSafeHtml", () => {
  it("converts the model's Markdown and sanitizes raw HTML in it", () => {
    const html = markdownToSafeHtml("## Title\n\nSome **bold** text.\n\n- one\n- two\n\n<script>alert(1)</script>\n\n```js\nconst a = 1;\n```");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<pre><code class="language-js"><span class="hljs-keyword">const</span> a = ');
    expect(html).not.toContain("<script");
  });

  it("unwraps an answer fenced as a whole in ```markdown", () => {
    expect(markdownToSafeHtml("```markdown\n# Hi\n\ntext\n```")).toBe("<h1>Hi</h1>\n<p>text</p>");
  });
});
