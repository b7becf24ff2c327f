import { checkCitations, contentWords, paragraphCoverage, sharesContent } from "./citations";

const excerpts = [
  {
    sourceId: "s",
    sourceTitle: "Botany",
    pageFrom: 3,
    pageTo: 3,
    quote: "Photosynthesis turns light into chemical energy in the chloroplasts.",
  },
  { sourceId: "s", sourceTitle: "Botany", pageFrom: 7, pageTo: 8, quote: "Stomata let carbon dioxide into the leaf." },
  { sourceId: "t", sourceTitle: "日本語", pageFrom: 1, pageTo: 1, quote: "光合成は葉緑体で行われる。" },
];

describe("citation check", () => {
  it("keeps a citation whose excerpt shares a content word with its sentence, written as [^n]", () => {
    const out = checkCitations(
      "Plants run photosynthesis in chloroplasts [1]. Leaves take in carbon dioxide through stomata. [2]",
      excerpts,
    );
    expect(out.text).toBe(
      "Plants run photosynthesis in chloroplasts[^1]. Leaves take in carbon dioxide through stomata.[^2]",
    );
    expect(out.citations.map((c) => [c.n, c.pageFrom, c.quote.slice(0, 14)])).toEqual([
      [1, 3, "Photosynthesis"],
      [2, 7, "Stomata let ca"],
    ]);
    expect(out.dropped).toBe(0);
  });

  it("drops an unknown number and a citation on an unrelated sentence", () => {
    const out = checkCitations("The Roman empire fell in 476 [2]. Chloroplasts hold chlorophyll [1, 9].", excerpts);
    expect(out.text).toBe("The Roman empire fell in 476. Chloroplasts hold chlorophyll[^1].");
    expect(out.citations.map((c) => c.n)).toEqual([1]);
    expect(out.dropped).toBe(2);
  });

  it("leaves code, formulas and links alone", () => {
    const text = "Index with `a[1]` and $x[2]$, see [1](https://example.com).\n\n```js\nb[1]\n```";
    const out = checkCitations(text, excerpts);
    expect(out.text).toBe(text);
    expect(out.citations).toEqual([]);
  });

  it("matches CJK text by character pairs, with no spaces between words", () => {
    const out = checkCitations("光合成は葉緑体で起こる[3]。", excerpts);
    expect(out.text).toBe("光合成は葉緑体で起こる[^3]。");
    expect(contentWords("光合成")).toEqual(new Set(["光合", "合成"]));
  });

  it("tells inflections apart from unrelated words and ignores stop words", () => {
    expect(sharesContent("Photosynthetic organisms", "photosynthesis")).toBe(true);
    expect(sharesContent("this that with from", "this that with from")).toBe(false);
    expect(sharesContent("In 1998 it changed", "Since 1998")).toBe(true);
  });

  it("counts prose paragraphs and the ones that cite", () => {
    const text =
      "# Title\n\nPlants run photosynthesis in their chloroplasts every day[^1].\n\nLeaves take carbon dioxide through many stomata.\n\n```\ncode block here with words\n```";
    expect(paragraphCoverage(text)).toEqual({ paragraphs: 2, citedParagraphs: 1 });
  });
});
