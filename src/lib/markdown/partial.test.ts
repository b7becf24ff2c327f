import { repairPartialMarkdown } from "./partial";
import { renderMarkdown } from "./render";

/** What a reader sees of rendered HTML: code blocks left out, tags removed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<pre>[\s\S]*?<\/pre>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const SAMPLE_LESSON = `## What a closure is

A **closure** is a function that *remembers* the variables of the place where it was made, like \`counter\` below. Read [the MDN guide](https://developer.mozilla.org/en-US/docs/Web/JavaScript/Closures "MDN") for more.

### Key ideas

- **Scope**: where a name is visible.
- **Lifetime**: how long a _value_ lives.
- ~~Globals~~ are rarely needed.

1. Write the function.
2. Return the inner one.

> A quote with **bold** inside.

\`\`\`js
function counter() {
  let n = 0; // private
  return () => ++n;
}
\`\`\`

| Term | Meaning |
|------|---------|
| scope | **where** names live |
| closure | a function with its scope |

---

That is all.`;

describe("repairPartialMarkdown", () => {
  it.each([
    ["an unclosed ** with text after it", "Some **bold te", "Some"],
    ["a ** closed by a shorter run so far", "Some **bold*", "Some"],
    ["a trailing **", "Some text **", "Some text"],
    ["an unclosed *", "It *remem", "It"],
    ["an unclosed _", "How long a _val", "How long a"],
    ["an unclosed ~~", "Some ~~old", "Some"],
    ["an unclosed inline code span", "Call `coun", "Call"],
    ["a link whose address is still arriving", "Read [the guide](https://develop", "Read"],
    ["a link text not closed yet", "Read [the gui", "Read"],
    ["a bracket that may still become a link", "Read [the guide]", "Read"],
    ["an image still arriving", "See ![a chart](https://img", "See"],
    ["an autolink still arriving", "Visit <https://exa", "Visit"],
    ["a trailing backslash", "Escaped \\", "Escaped"],
    ["a table header without its delimiter row", "Intro\n\n| a | b |", "Intro\n"],
    ["a table delimiter row half typed", "Intro\n\n| a | b |\n|---|-", "Intro\n"],
    ["a lone - that may underline the paragraph as a heading", "A paragraph\n-", "A paragraph"],
    ["a list item left with only its marker", "- one\n- **tw", "- one"],
    ["an opening fence whose language is still arriving", "Text\n\n```ja", "Text\n"],
    ["a whole answer fenced as ```markdown", "```markdown\n## Hi\n\ntext", "## Hi\n\ntext"],
    ["the ```markdown opening still arriving", "```markd", ""],
  ])("holds back %s", (_name, partial, expected) => {
    expect(repairPartialMarkdown(partial)).toBe(expected);
  });

  it("closes an open code fence so the code so far shows as code", () => {
    expect(repairPartialMarkdown("```js\nconst a = 1;")).toBe("```js\nconst a = 1;\n```");
    expect(renderMarkdown(repairPartialMarkdown("```js\nconst a = 1;"))).toContain('<pre><code class="language-js">');
  });

  it("does not show a closing fence that is half typed", () => {
    expect(repairPartialMarkdown("```\nx()\n``")).toBe("```\nx()\n```");
    expect(repairPartialMarkdown("~~~~\nx()\n~~")).toBe("~~~~\nx()\n~~~~");
  });

  it.each([
    ["a * between spaces", "2 * 3 is six"],
    ["snake_case words", "Use my_var and other_var"],
    ["finished bold", "Some **bold** text"],
    ["a finished link", "Read [the guide](https://ex.com) now"],
    ["a table with its rule and a row being written", "| a | b |\n|---|---|\n| 1 |"],
    ["a < that starts no tag", "a < b"],
    ["an unclosed * in an earlier paragraph (final there)", "One *x\n\nTwo"],
    ["a heading still being written", "## Tit"],
  ])("leaves alone %s", (_name, text) => {
    expect(repairPartialMarkdown(text)).toBe(text);
  });

  it("is the identity on a whole lesson", () => {
    expect(repairPartialMarkdown(SAMPLE_LESSON)).toBe(SAMPLE_LESSON);
  });

  it("never lets Markdown syntax show, at any point of a streamed lesson", () => {
    for (let length = 1; length <= SAMPLE_LESSON.length; length++) {
      const partial = SAMPLE_LESSON.slice(0, length);
      const html = renderMarkdown(repairPartialMarkdown(partial));
      const text = visibleText(html);
      for (const syntax of ["**", "##", "`", "[", "](", "|", "~~", "_", "---", ">"]) {
        if (text.includes(syntax))
          throw new Error(`after ${JSON.stringify(partial.slice(-40))} the reader sees ${syntax}: ${text.slice(-80)}`);
      }
      // A paragraph never turns into a heading for a moment (a `-` or `=` underline on its way).
      for (const heading of html.matchAll(/<h[1-6]>([^<]*)/g)) {
        expect(SAMPLE_LESSON).toContain(`# ${heading[1]}`);
      }
    }
  });
});
