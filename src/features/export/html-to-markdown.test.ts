import { markdownToSafeHtml } from "@/server/html/markdown";
import { MATH_CODE_FORMULAS, MATH_CODE_LESSON } from "../../../tests/fakes/math-code";
import { htmlToMarkdown } from "./html-to-markdown";
import { markdownFootnotes } from "./citations";

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

describe("htmlToMarkdown and formulas", () => {
  it("writes KaTeX's formulas back as their TeX, keeps code fenced with its language, and escapes prices", () => {
    const html = markdownToSafeHtml(MATH_CODE_LESSON);
    const markdown = htmlToMarkdown(html);
    expect(markdown).toContain(`$${MATH_CODE_FORMULAS.inline}$ holds`);
    expect(markdown).toContain(`\n\n$$${MATH_CODE_FORMULAS.display}$$\n\n`);
    expect(markdown).toContain(
      `$${MATH_CODE_FORMULAS.fraction}$ and a matrix is $$${MATH_CODE_FORMULAS.matrix}$$ here`,
    );
    expect(markdown).toContain(`$${MATH_CODE_FORMULAS.malformed}$ stays readable`);
    expect(markdown).toContain("It costs \\$5 and \\$10 in the shop.");
    expect(markdown).toContain("```javascript\nconst total = prices.reduce((sum, p) => sum + p, 0); // sum\n```");
    expect(markdown).toContain('```python\ndef area(a, b):\n    return a * b / 2  # half\nprint("done")\n```');
    expect(markdown).toContain("```sql\nSELECT name FROM students WHERE grade > 10;\n```");
    expect(markdown).toContain("```brainfudge\n++[>+<-]\n```");
    // Nothing of KaTeX's rendering is left: no glyph run, no MathML text.
    expect(markdown).not.toMatch(/a2\+b2|katex/);
  });
});

describe("grounded lessons' citations", () => {
  it("writes a citation's superscript back as its footnote reference, and the quotes as definitions", () => {
    const html = markdownToSafeHtml("Albatrosses glide for hours[^2][^3].\n\nPlain x<sup>2</sup>.");
    const markdown = htmlToMarkdown(html);
    expect(markdown).toContain("Albatrosses glide for hours[^2][^3].");
    expect(markdown).toContain("Plain x2.");
    expect(
      markdownFootnotes([
        { n: 2, sourceTitle: "Birds *guide*", pageFrom: 3, pageTo: 3, quote: "Albatrosses\nglide [far]." },
        { n: 3, sourceTitle: "Birds", pageFrom: 3, pageTo: 4, quote: "They rest at sea." },
      ]),
    ).toBe(
      '[^2]: "Albatrosses glide \\[far\\]." — Birds \\*guide\\*, p. 3\n[^3]: "They rest at sea." — Birds, pp. 3–4',
    );
  });
});
