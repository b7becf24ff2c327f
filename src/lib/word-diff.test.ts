import fc from "fast-check";
import { aroundChanges, changedWords, ELLIPSIS, wordDiff, type DiffPart } from "./word-diff";

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

describe("aroundChanges", () => {
  const long = (word: string) => Array.from({ length: 200 }, (_, i) => `${word}${i}`).join(" ");

  it("keeps each change with a little kept text around it and leaves the rest out", () => {
    const before = `${long("a")} glaciers move ${long("b")}`;
    const after = `${long("a")} glaciers flow ${long("b")}`;
    const cut = aroundChanges(wordDiff(before, after), 40);
    expect(cut.filter((p) => p.op !== "same")).toEqual([
      { op: "removed", text: "move" },
      { op: "added", text: "flow" },
    ]);
    const [lead, , , trail] = cut;
    expect(lead.text.startsWith(ELLIPSIS)).toBe(true);
    expect(lead.text.endsWith("glaciers ")).toBe(true);
    expect(lead.text.length).toBeLessThanOrEqual(40 + ELLIPSIS.length);
    expect(trail.text.endsWith(ELLIPSIS)).toBe(true);
    expect(trail.text.startsWith(" b0")).toBe(true);
  });

  it("leaves a short text whole", () => {
    const parts = wordDiff("Ice flows slowly.", "Ice flows fast.");
    expect(aroundChanges(parts)).toEqual(parts);
  });
});
