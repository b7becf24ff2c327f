import { htmlToMarkdown } from "./html-to-markdown";
import { markdownToSafeHtml } from "./markdown";

/**
 * A lesson stored before authoring has HTML only; its author edits the Markdown read back from
 * it. Saving that Markdown unchanged must give the lesson its readers already had.
 */
const LESSONS = {
  prose: `## Functions in Python

A **function** groups steps under a *name*; see [the tutorial](https://docs.python.org/3/tutorial/).

### Why use them

- **Reuse**: write once, call many times.
- **Clarity**: a good name says what the steps do.

1. Define it with \`def\`.
2. Call it.

> A quote to remember.`,
  code: `Some code:

\`\`\`python
def greet(name: str) -> str:
    return f"Hello, {name}!"  # an f-string
\`\`\`

And after.`,
  math: `The area is $A = \\pi r^2$ for a circle.

$$
\\int_0^1 x^2\\,dx = \\frac{1}{3}
$$

Done.`,
  citations: `Glaciers move slowly.[^1] They carve valleys.[^2]`,
  table: `| Name | Value |
| --- | --- |
| a | 1 |
| b | 2 |`,
  scripts: `## Функции и 函数

Texto em **português**, العربية و עברית.`,
};

describe("htmlToMarkdown", () => {
  for (const [name, markdown] of Object.entries(LESSONS)) {
    it(`reads back Markdown that renders as the stored lesson (${name})`, () => {
      const stored = markdownToSafeHtml(markdown);
      const readBack = htmlToMarkdown(stored);
      expect(markdownToSafeHtml(readBack)).toBe(stored);
    });
  }

  it("gives formulas back as TeX, not KaTeX's markup", () => {
    const readBack = htmlToMarkdown(markdownToSafeHtml("Euler: $e^{i\\pi} + 1 = 0$."));
    expect(readBack).toBe("Euler: $e^{i\\pi} + 1 = 0$.");
  });
});
