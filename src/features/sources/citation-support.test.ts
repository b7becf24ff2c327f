import { checkCitations, isTitleOnly, supportingSentence } from "./citations";

/**
 * What a citation may point to and what the side panel highlights (issue 33): an excerpt that is
 * a title alone supports nothing and is never cited; of a quote's sentences, the one that shares
 * most words with the claim is the one shown as its support.
 */

const seabirds = [
  "Seabirds of the southern ocean.",
  "The wandering albatross glides for hours over the waves without beating its wings.",
  "Albatross wings lock at the shoulder, so seabirds spend almost no energy while soaring.",
].join("\n");

describe("a title-only excerpt", () => {
  it.each([
    ["a cover page", { quote: "Seabirds of the southern ocean", sourceTitle: "field guide" }],
    ["the source's own title", { quote: "A Field Guide to Seabirds", sourceTitle: "A field guide to seabirds" }],
    ["a slide's title above its heading", { quote: "Roots\nWater uptake", headingPath: ["Roots"] }],
    ["an empty page", { quote: "  \n " }],
  ])("is %s", (_label, excerpt) => {
    expect(isTitleOnly(excerpt)).toBe(true);
  });

  it.each([
    ["a passage", { quote: seabirds, sourceTitle: "seabirds" }],
    ["one full sentence", { quote: "Root hairs take up water and dissolved minerals from the soil." }],
    ["CJK text", { quote: "光合成は葉緑体で行われる。" }],
  ])("is not %s", (_label, excerpt) => {
    expect(isTitleOnly(excerpt)).toBe(false);
  });

  it("is never kept as a citation, even when its words match the claim", () => {
    const excerpts = [
      { sourceId: "s", sourceTitle: "seabirds", pageFrom: 1, pageTo: 1, quote: "Seabirds of the southern ocean" },
      { sourceId: "s", sourceTitle: "seabirds", pageFrom: 2, pageTo: 2, quote: seabirds },
    ];
    const out = checkCitations("Seabirds of the southern ocean soar for hours [1][2].", excerpts);
    expect(out.text).toBe("Seabirds of the southern ocean soar for hours[^2].");
    expect(out.citations.map((c) => c.n)).toEqual([2]);
    expect(out.dropped).toBe(1);
  });
});

describe("the supporting sentence", () => {
  const sentenceOf = (quote: string, before: string) => {
    const span = supportingSentence(quote, before);
    return span && quote.slice(span.start, span.end);
  };

  it("is the quote's sentence sharing most words with the claim before the superscript", () => {
    expect(sentenceOf(seabirds, "Puffins nest in burrows. An albatross barely spends energy while soaring")).toBe(
      "Albatross wings lock at the shoulder, so seabirds spend almost no energy while soaring.",
    );
    expect(sentenceOf(seabirds, "It glides over the waves for hours without beating its wings")).toBe(
      "The wandering albatross glides for hours over the waves without beating its wings.",
    );
  });

  it("reads only the claim's own sentence, not the ones before it", () => {
    // The first sentence speaks of wings and soaring; the claim itself is about gliding over waves.
    expect(sentenceOf(seabirds, "Wings lock while soaring. The albatross glides over the waves")).toBe(
      "The wandering albatross glides for hours over the waves without beating its wings.",
    );
  });

  it("is none when no sentence shares a word, or the quote is one sentence", () => {
    expect(supportingSentence(seabirds, "The Roman empire fell in 476")).toBeNull();
    expect(supportingSentence("Root hairs take up water from the soil.", "Roots take up water")).toBeNull();
    expect(supportingSentence(seabirds, "")).toBeNull();
  });

  it("cuts CJK and Arabic sentences at their own stops", () => {
    const quote = "光合成は葉緑体で行われる。根は水を吸収する。";
    expect(sentenceOf(quote, "根は水を吸う")).toBe("根は水を吸収する。");
    const arabic = "تطير الطيور البحرية فوق المحيط؟ تبني طيور البفن أعشاشها في المنحدرات.";
    expect(sentenceOf(arabic, "تبني طيور البفن أعشاشها")).toBe("تبني طيور البفن أعشاشها في المنحدرات.");
  });
});
