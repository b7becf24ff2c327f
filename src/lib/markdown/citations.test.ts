import { streamedCitations } from "./citations";

describe("streamedCitations", () => {
  it("draws the model's [n] after a word or a stop as the checked [^n]", () => {
    expect(streamedCitations("Albatrosses glide [2]. They rest [1, 3].")).toBe(
      "Albatrosses glide [^2]. They rest [^1][^3].",
    );
    expect(streamedCitations("Glide.[4]")).toBe("Glide.[^4]");
  });

  it("leaves indexes, links, references and code alone", () => {
    expect(streamedCitations("Use a[1] here, see [1](http://x) and\n[2]: ref")).toBe(
      "Use a[1] here, see [1](http://x) and\n[2]: ref",
    );
    expect(streamedCitations("Before [1].\n\n```\nx = [1]\n```\nAfter [2].")).toBe(
      "Before [^1].\n\n```\nx = [1]\n```\nAfter [^2].",
    );
    // A fence still open while the text streams.
    expect(streamedCitations("Text [1].\n```\nlist = [2]")).toBe("Text [^1].\n```\nlist = [2]");
  });
});
