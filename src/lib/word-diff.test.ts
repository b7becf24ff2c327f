import fc from "fast-check";
import { changedWords, wordDiff, type DiffPart } from "./word-diff";

const side = (parts: DiffPart[], keep: DiffPart["op"]) =>
  parts
    .filter((p) => p.op === "same" || p.op === keep)
    .map((p) => p.text)
    .join("");

describe("wordDiff", () => {
  it("tells a changed word as one word out and one in", () => {
    expect(wordDiff("The glacier moves slowly.", "The glacier moves fast.")).toEqual([
      { op: "same", text: "The glacier moves " },
      { op: "removed", text: "slowly" },
      { op: "added", text: "fast" },
      { op: "same", text: "." },
    ]);
  });

  it("finds words added and removed in the middle, in any script", () => {
    const parts = wordDiff("Água é vida e 水 é água", "Água limpa é vida 水 é água");
    expect(parts.filter((p) => p.op !== "same")).toEqual([
      { op: "added", text: "limpa " },
      { op: "removed", text: " e" },
    ]);
    expect(changedWords(parts)).toEqual({ added: 1, removed: 1 });
  });

  it("gives both texts back exactly, whatever they are", () => {
    const word = fc.constantFrom("a", "b", "c", "glacier", "ice", " ", "\n", ".", "$x$", "é");
    const text = fc.array(word, { maxLength: 40 }).map((w) => w.join(""));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const parts = wordDiff(before, after);
        return side(parts, "removed") === before && side(parts, "added") === after;
      }),
      { numRuns: 500 },
    );
  });

  it("bounds its work on a text replaced wholesale", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(" ");
    const after = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(" ");
    const started = performance.now();
    const parts = wordDiff(before, after);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(side(parts, "removed")).toBe(before);
    expect(side(parts, "added")).toBe(after);
  });
});
