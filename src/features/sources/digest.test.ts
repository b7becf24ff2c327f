import { evenIndices, leadSentences, materialDigest, sectionsOf } from "./digest";
import type { DigestChunk } from "./queries";

const chunk = (ord: number, heading: string[], lead: string, page = ord + 1): DigestChunk => ({
  sourceId: "s1",
  ord,
  pageFrom: page,
  pageTo: page,
  headingPath: heading,
  lead,
});

describe("the material's digest", () => {
  it("lists each heading once with its pages and first sentences, and splits a long headless run in parts", () => {
    const chunks = [
      chunk(0, ["Cells"], "Cells are the unit of life. They divide. They grow and grow."),
      chunk(1, ["Cells"], "More on cells."),
      chunk(2, ["Cells", "Membranes"], "Membranes keep the inside in."),
      ...Array.from({ length: 13 }, (_, i) => chunk(3 + i, [], `Plain part ${i} without a heading.`)),
    ];
    const sections = sectionsOf(chunks, new Map([["s1", "Biology"]]));
    expect(sections.slice(0, 2)).toEqual([
      expect.objectContaining({
        headingPath: ["Cells"],
        pageFrom: 1,
        pageTo: 2,
        summary: "Cells are the unit of life. They divide.",
      }),
      expect.objectContaining({ headingPath: ["Cells", "Membranes"], pageFrom: 3, pageTo: 3 }),
    ]);
    // 13 chunks without a heading: seen in parts of 6, so the end is summarised too.
    expect(sections.slice(2).map((s) => s.summary)).toEqual([
      "Plain part 0 without a heading.",
      "Plain part 6 without a heading.",
      "Plain part 12 without a heading.",
    ]);
    const digest = materialDigest(sections);
    expect(digest).toContain('Source "Biology" — 5 sections');
    expect(digest).toContain("- Cells › Membranes (p. 3): Membranes keep the inside in.");
  });

  it("samples a long material evenly from its first section to its last, within the bound, and says so", () => {
    const chunks = Array.from({ length: 400 }, (_, i) =>
      chunk(
        i,
        [`Chapter ${i + 1}`],
        `Chapter ${i + 1} explains idea number ${i + 1} at some length. ${"Words ".repeat(40)}`,
      ),
    );
    const digest = materialDigest(sectionsOf(chunks, new Map([["s1", "Big book"]])), 8_000);
    expect(digest.length).toBeLessThanOrEqual(8_000);
    expect(digest).toMatch(/400 sections; \d+ summarised, sampled evenly/);
    expect(digest).toContain("- Chapter 1 (p. 1)");
    expect(digest).toContain("- Chapter 400 (p. 400)");
    const shown = [...digest.matchAll(/- Chapter (\d+) \(/g)].map((m) => Number(m[1]));
    // Even: no gap between two summarised sections is more than twice the average.
    const gaps = shown.slice(1).map((n, i) => n - shown[i]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * Math.ceil(399 / (shown.length - 1)));
    expect(digest).toContain("- …");
  });

  it("picks even indices with both ends, and cuts a summary at a word", () => {
    expect(evenIndices(10, 4)).toEqual([0, 3, 6, 9]);
    expect(evenIndices(3, 5)).toEqual([0, 1, 2]);
    expect(evenIndices(50, 0)).toEqual([0, 49]);
    expect(leadSentences("One two three four five six seven", 12)).toBe("One two…");
  });
});
