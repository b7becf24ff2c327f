import { certificateDate, isPublicId, linkedInAddUrl } from "./certificate-format";
import { grade, isPassing, publicQuestions, questionCountFor, withinTimeLimit, type StoredQuestion } from "./grading";

const q = (answer: string): StoredQuestion => ({ question: "Q?", options: ["w", "x", "y", "z"], answer, explanation: `because ${answer}` });

describe("quiz rules", () => {
  it("asks about one question per topic, 5 to 10", () => {
    expect([1, 5, 7, 10, 16].map(questionCountFor)).toEqual([5, 5, 7, 10, 10]);
  });

  it("hands out lettered options and nothing of the key", () => {
    const [out] = publicQuestions([q("c")]);
    expect(out).toEqual({ question: "Q?", options: ["a", "b", "c", "d"].map((letter, i) => ({ letter, text: "wxyz"[i] })) });
  });

  it("grades in order; a letter that is no option counts as none; the mark is the score times 10", () => {
    const graded = grade([q("a"), q("b"), q("c"), q("d")], ["a", "B", "e", ""]);
    expect(graded).toMatchObject({ score: 2, mark: 20, percent: 50 });
    expect(graded.results.map((r) => r.chosen)).toEqual(["a", "b", "", ""]);
    expect(graded.results[2]).toEqual({ correct: "c", chosen: "", explanation: "because c" });
    expect(isPassing(50, 50)).toBe(true);
    expect(isPassing(49, 50)).toBe(false);
  });

  it("counts an attempt within 60 s per question plus the grace", () => {
    const served = new Date("2026-01-01T00:00:00Z");
    expect(withinTimeLimit(served, new Date("2026-01-01T00:05:30Z"), 5, 30)).toBe(true);
    expect(withinTimeLimit(served, new Date("2026-01-01T00:05:31Z"), 5, 30)).toBe(false);
  });
});

describe("certificate wording", () => {
  it("dates m/d/yy in en and dd/mm/aa in pt", () => {
    const date = new Date("2026-03-04T12:00:00Z");
    expect(certificateDate(date, "en")).toBe("3/4/26");
    expect(certificateDate(date, "pt")).toBe("04/03/26");
  });

  it("accepts only issued-shape public ids and builds LinkedIn's add-to-profile link", () => {
    expect(isPublicId("abcdefghijklmnopqrstuv")).toBe(true);
    expect(isPublicId("../x")).toBe(false);
    const url = new URL(linkedInAddUrl({ courseTitle: "Rust & Go", issuedAt: new Date("2026-03-04Z"), publicId: "abcdefghijklmnopqrstuv", url: "https://a.example/certificates/abcdefghijklmnopqrstuv", issuer: "Aula" }));
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ startTask: "CERTIFICATION_NAME", name: "Rust & Go", issueYear: "2026", issueMonth: "3", certId: "abcdefghijklmnopqrstuv" });
  });
});
