import { firstAttempts, itemAnalysis, type AnalysedQuestion } from "./item-analysis";

const q = (answer: string): AnalysedQuestion => ({
  question: `Right is ${answer}`,
  options: ["w", "x", "y", "z"],
  answer,
});

describe("item analysis", () => {
  it("counts each option, the right share and who chose nothing", () => {
    const [stats] = itemAnalysis(
      [q("b")],
      [
        { userId: "1", answers: ["b"] },
        { userId: "2", answers: ["a"] },
        { userId: "3", answers: [""] },
        { userId: "4", answers: ["b"] },
      ],
    );
    expect(stats.correctRate).toBe(0.5);
    expect(stats.options.map((o) => [o.chosen, o.correct])).toEqual([
      [1, false],
      [2, true],
      [0, false],
      [0, false],
    ]);
    expect(stats.unanswered).toBe(1);
    // Four learners: too few to split into groups or to flag.
    expect(stats.discrimination).toBeNull();
    expect(stats.flags).toEqual([]);
  });

  it("measures discrimination between the upper and lower 27 % and flags what misleads", () => {
    // Ten learners on four questions: the five strong ones get Q0, Q2 and Q3 right (3), the five
    // weak ones Q1 and Q2 (2). Q0 tells them apart, Q1 the wrong way round, Q2 not at all.
    const attempts = [
      ...Array.from({ length: 5 }, (_, i) => ({ userId: `s${i}`, answers: ["a", "b", "c", "d"] })),
      ...Array.from({ length: 5 }, (_, i) => ({ userId: `w${i}`, answers: ["d", "a", "c", "a"] })),
    ];
    const [good, negative, easy] = itemAnalysis([q("a"), q("a"), q("c"), q("d")], attempts);
    expect(good.correctRate).toBe(0.5);
    expect(good.discrimination).toBe(1);
    expect(good.flags).toEqual([]);
    expect(negative.discrimination).toBe(-1);
    expect(negative.flags).toEqual(["negative-discrimination"]);
    expect(easy.correctRate).toBe(1);
    expect(easy.discrimination).toBe(0);
    expect(easy.flags).toEqual(["too-easy"]);
  });

  it("flags a question almost nobody gets right as too hard", () => {
    const attempts = Array.from({ length: 6 }, (_, i) => ({ userId: `${i}`, answers: [i === 0 ? "c" : "a"] }));
    const [hard] = itemAnalysis([q("c")], attempts);
    expect(hard.correctRate).toBeCloseTo(1 / 6);
    expect(hard.flags).toEqual(["too-hard"]);
  });

  it("keeps each learner's first attempt only", () => {
    const kept = firstAttempts([
      { userId: "a", answers: ["a"] },
      { userId: "b", answers: ["b"] },
      { userId: "a", answers: ["c"] },
    ]);
    expect(kept).toEqual([
      { userId: "a", answers: ["a"] },
      { userId: "b", answers: ["b"] },
    ]);
  });
});
