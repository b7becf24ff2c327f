import { certificateDate, isPublicId, linkedInAddUrl, quizResultParts } from "./certificate-format";
import {
  grade,
  isPassing,
  publicQuestions,
  questionCountFor,
  shuffledOrder,
  storedOrder,
  withinTimeLimit,
  type StoredQuestion,
} from "./grading";
import { randomInt } from "node:crypto";

const q = (answer: string): StoredQuestion => ({
  question: "Q?",
  options: ["w", "x", "y", "z"],
  answer,
  explanation: `because ${answer}`,
});

describe("quiz rules", () => {
  it("asks about one question per topic, 5 to 10", () => {
    expect([1, 5, 7, 10, 16].map(questionCountFor)).toEqual([5, 5, 7, 10, 10]);
  });

  it("hands out lettered options and nothing of the key", () => {
    const [out] = publicQuestions([q("c")]);
    expect(out).toEqual({
      question: "Q?",
      options: ["a", "b", "c", "d"].map((letter, i) => ({ letter, text: "wxyz"[i] })),
    });
  });

  it("grades in order; a letter that is no option counts as none; the mark is the score times 10", () => {
    const graded = grade([q("a"), q("b"), q("c"), q("d")], ["a", "B", "e", ""]);
    expect(graded).toMatchObject({ score: 2, mark: 20, percent: 50 });
    expect(graded.results.map((r) => r.chosen)).toEqual(["a", "b", "", ""]);
    expect(graded.results[2]).toEqual({ correct: "c", chosen: "", explanation: "because c" });
    expect(isPassing(50, 50)).toBe(true);
    expect(isPassing(49, 50)).toBe(false);
  });

  it("arranges each attempt anew: every question and option once, never the arrangement before", () => {
    const questions = ["a", "b", "c", "d", "a"].map(q);
    let previous = storedOrder(questions);
    for (let i = 0; i < 50; i++) {
      const order = shuffledOrder(questions, randomInt, previous);
      expect(order.map((e) => e.question).sort()).toEqual([0, 1, 2, 3, 4]);
      for (const entry of order) expect([...entry.options].sort()).toEqual([0, 1, 2, 3]);
      expect(order).not.toEqual(previous);
      previous = order;
    }
    // A random source that always answers 0 gives one arrangement: the next attempt rotates it.
    const zero = shuffledOrder(questions, () => 0);
    expect(shuffledOrder(questions, () => 0, zero)).not.toEqual(zero);
  });

  it("grades the attempt in the order it showed, maps its letters back to the stored options and records them in the stored order", () => {
    const questions = [
      { question: "One?", options: ["w", "x", "y", "z"], answer: "b", explanation: "x is right" },
      { question: "Two?", options: ["w", "x", "y", "z"], answer: "d", explanation: "z is right" },
    ];
    // Served: question Two first with its options reversed, then One with w and x swapped.
    const order = [
      { question: 1, options: [3, 2, 1, 0] },
      { question: 0, options: [1, 0, 2, 3] },
    ];
    const shown = publicQuestions(questions, order);
    expect(shown.map((s) => s.question)).toEqual(["Two?", "One?"]);
    expect(shown[0].options.map((o) => `${o.letter}=${o.text}`)).toEqual(["a=z", "b=y", "c=x", "d=w"]);
    expect(shown[1].options.map((o) => `${o.letter}=${o.text}`)).toEqual(["a=x", "b=w", "c=y", "d=z"]);
    // "a" is z for Two (right) and x for One (right): the stored key "d", "b" would be wrong here.
    const right = grade(questions, ["a", "a"], order);
    expect(right).toMatchObject({ score: 2, percent: 100, recorded: ["b", "d"] });
    expect(right.results).toEqual([
      { correct: "a", chosen: "a", explanation: "z is right" },
      { correct: "a", chosen: "a", explanation: "x is right" },
    ]);
    const storedKey = grade(questions, ["d", "b"], order);
    expect(storedKey).toMatchObject({ score: 0, recorded: ["a", "a"] });
  });

  it("counts an attempt within 60 s per question plus the grace", () => {
    const served = new Date("2026-01-01T00:00:00Z");
    expect(withinTimeLimit(served, new Date("2026-01-01T00:05:30Z"), 5, 30)).toBe(true);
    expect(withinTimeLimit(served, new Date("2026-01-01T00:05:31Z"), 5, 30)).toBe(false);
  });
});

describe("certificate wording", () => {
  it("dates a certificate with one long date per certificate language, in UTC", () => {
    const date = new Date("2026-03-04T12:00:00Z");
    expect(certificateDate(date, "en")).toBe("March 4, 2026");
    expect(certificateDate(date, "pt")).toBe("4 de março de 2026");
    // Late in the UTC day is still that day, whatever the server's zone.
    expect(certificateDate(new Date("2026-11-25T23:59:00Z"), "pt")).toBe("25 de novembro de 2026");
  });

  it("words the quiz as right answers out of the questions with the UI language's percentage", () => {
    expect(quizResultParts(50, 5, "pt")).toEqual({
      score: 5,
      total: 5,
      percent: new Intl.NumberFormat("pt", { style: "percent" }).format(1),
    });
    expect(quizResultParts(40, 5, "en")).toEqual({ score: 4, total: 5, percent: "80%" });
    expect(quizResultParts(20, 3, "en")?.percent).toBe("67%");
    // A certificate from before the question count was kept: nothing to say but "passed".
    expect(quizResultParts(50, null, "en")).toBeNull();
  });

  it("accepts only issued-shape public ids and builds LinkedIn's add-to-profile link", () => {
    expect(isPublicId("abcdefghijklmnopqrstuv")).toBe(true);
    expect(isPublicId("../x")).toBe(false);
    const url = new URL(
      linkedInAddUrl({
        courseTitle: "Rust & Go",
        issuedAt: new Date("2026-03-04Z"),
        publicId: "abcdefghijklmnopqrstuv",
        url: "https://a.example/certificates/abcdefghijklmnopqrstuv",
        issuer: "Aula",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      startTask: "CERTIFICATION_NAME",
      name: "Rust & Go",
      issueYear: "2026",
      issueMonth: "3",
      certId: "abcdefghijklmnopqrstuv",
    });
  });
});
