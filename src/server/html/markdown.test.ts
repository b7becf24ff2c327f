import { renderMarkdown } from "@/lib/markdown/render";
import { renderPartialMarkdown } from "@/lib/markdown/streaming";
import { FakeWriter } from "../../../tests/fakes/fake-text";
import { markdownToSafeHtml } from "./markdown";

/**
 * The browser renders a streaming lesson with the shared renderer and then shows the stored
 * HTML; the two must be the same, or the lesson would change under the reader's eyes.
 */
const LESSON = `## Functions in Python

A **function** groups steps under a *name*; you call it as often as you need. It's "reusable" — see [the tutorial](https://docs.python.org/3/tutorial/controlflow.html#defining-functions "Python docs") & [our notes](/notes).

### Why use them

- **Reuse**: write once, call many times.
- **Clarity**: a good name says what the steps do.
  - nested _detail_ with \`inline code\`

1. Define it with \`def\`.
2. Call it.

\`\`\`python
def greet(name: str) -> str:
    """Say hello."""
    return f"Hello, {name}!"  # an f-string

print(greet("Ana") * 2)
\`\`\`

> Tip: keep functions **short**.

| Part | Meaning |
|:-----|--------:|
| \`def\` | starts it |
| body | indented < 4 > spaces |

![A diagram](https://img.example/functions.png "Diagram")

---

Done &copy; 2024.`;

/** What the viewer shows once the stream has delivered everything, token by token (as lesson-stream.tsx renders it). */
function streamedFinalRender(markdown: string): string {
  let received = "";
  let html = "";
  for (let at = 0; at < markdown.length; at += 4) {
    received += markdown.slice(at, at + 4);
    html = renderPartialMarkdown(received);
  }
  return html;
}

describe("the streamed render equals the stored lesson", () => {
  it("for a lesson with headings, bold, lists, a code block, a table, an image and links", () => {
    const stored = markdownToSafeHtml(LESSON);
    expect(stored).toContain("<h2>Functions in Python</h2>");
    expect(stored).toContain('<span class="hljs-keyword">def</span>');
    expect(stored).toContain(
      '<a href="https://docs.python.org/3/tutorial/controlflow.html#defining-functions" title="Python docs" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(streamedFinalRender(LESSON)).toBe(stored);
  });

  it("for the lessons the test model writes", () => {
    for (const seed of [1, 2, 3]) {
      const markdown = new FakeWriter("English", seed).lessonMarkdown("Ocean currents");
      expect(streamedFinalRender(markdown)).toBe(markdownToSafeHtml(markdown));
    }
  });

  it("the sanitizer changes nothing the renderer writes (it stays as a second guard)", () => {
    const rendered = renderMarkdown(LESSON);
    expect(markdownToSafeHtml(LESSON)).toBe(rendered);
  });
});

describe("citations in stored text", () => {
  it("keep their superscript link through the sanitizer", () => {
    expect(markdownToSafeHtml("Sugar is made in leaves[^3].")).toBe(
      '<p>Sugar is made in leaves<sup class="citation"><a href="#cite-3" rel="nofollow">3</a></sup>.</p>',
    );
  });
});
