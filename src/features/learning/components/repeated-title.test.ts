import { withoutRepeatedTitle } from "./repeated-title";

describe("withoutRepeatedTitle", () => {
  it("drops an opening h1 or h2 that repeats the lesson's title", () => {
    expect(withoutRepeatedTitle("<h1>Ideas and Examples</h1>\n<p>Text</p>", "Ideas and Examples")).toBe("<p>Text</p>");
    expect(withoutRepeatedTitle('<h2 id="x">ideas  and <em>examples</em>:</h2><p>Text</p>', "Ideas and Examples")).toBe(
      "<p>Text</p>",
    );
    expect(withoutRepeatedTitle("<h2>Q&amp;A</h2><p>Text</p>", "Q&A")).toBe("<p>Text</p>");
  });

  it("keeps a first heading that says something else, a later one, and an h3", () => {
    const other = "<h2>Why it matters</h2><p>Text</p>";
    expect(withoutRepeatedTitle(other, "Ideas and Examples")).toBe(other);
    const later = "<p>Intro</p><h2>Ideas and Examples</h2>";
    expect(withoutRepeatedTitle(later, "Ideas and Examples")).toBe(later);
    const h3 = "<h3>Ideas and Examples</h3><p>Text</p>";
    expect(withoutRepeatedTitle(h3, "Ideas and Examples")).toBe(h3);
  });

  it("hides the title while it streams in, but not a heading that only starts like it once text follows", () => {
    expect(withoutRepeatedTitle("<h1>Ideas and</h1>", "Ideas and Examples")).toBe("");
    const done = "<h1>Ideas</h1><p>Text</p>";
    expect(withoutRepeatedTitle(done, "Ideas and Examples")).toBe(done);
  });
});
