import { htmlToMarkdown } from "./html-to-markdown";

describe("htmlToMarkdown", () => {
  it("turns the sanitized lesson tags into Markdown", () => {
    const html =
      '<h2>Title &amp; more</h2><p>A <a href="https://x.example/a">link</a>, <code>a*b</code> and <strong>bold</strong>.</p>' +
      '<ol start="3"><li>three</li><li>four<ul><li>inner</li></ul></li></ol>' +
      "<blockquote><p>quoted</p></blockquote>" +
      "<table><tr><th>k</th><th>v</th></tr><tr><td>a|b</td><td>2</td></tr></table>";
    expect(htmlToMarkdown(html)).toBe(
      [
        "##### Title & more",
        "A [link](https://x.example/a), `a*b` and **bold**.",
        "3. three\n4. four\n  - inner",
        "> quoted",
        "| k | v |\n| --- | --- |\n| a\\|b | 2 |",
      ].join("\n\n"),
    );
  });

  it("escapes Markdown in text and keeps scripts of every language", () => {
    expect(htmlToMarkdown("<p>2*3 = [six] مرحبا 光合作用</p>")).toBe("2\\*3 = \\[six\\] مرحبا 光合作用");
  });
});
