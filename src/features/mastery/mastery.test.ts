import { topicMastery, type CardEvidence } from "./mastery";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-27T12:00:00Z");
const topics = [
  { id: "t0", title: "Basics", number: 0 },
  { id: "t1", title: "Advanced", number: 1 },
];

/** A card last graded `daysAgo` days before now, with the recall the scheduler would give it. */
function reviewedCard(topicId: string, daysAgo: number, recall: number): CardEvidence {
  return { topicId, suspended: false, lastReview: new Date(now.getTime() - daysAgo * DAY), recall };
}

describe("topic mastery", () => {
  it("is null with no evidence, not 0", () => {
    const result = topicMastery(topics, [], [], now);
    expect(result.map((t) => t.value)).toEqual([null, null]);
    expect(result[0].reasons).toEqual([]);
  });

  it("weighs the newest attempt most and reports its misses", () => {
    const attempts = [
      // Newest: topic 0 one of three right.
      {
        createdAt: now,
        results: [
          { topic: 0, correct: true },
          { topic: 0, correct: false },
          { topic: 0, correct: false },
          { topic: 1, correct: true },
        ],
      },
      // Older: topic 0 all right, weight one half.
      { createdAt: new Date(now.getTime() - DAY), results: [{ topic: 0, correct: true }] },
    ];
    const [basics, advanced] = topicMastery(topics, attempts, [], now);
    // (1*1 + 0.5*1) / (1*3 + 0.5*1) = 1.5 / 3.5
    expect(basics.value).toBe(Math.round((1.5 / 3.5) * 100));
    expect(basics.reasons).toEqual([{ kind: "quiz", missed: 2, total: 3 }]);
    expect(advanced.value).toBe(100);
    expect(advanced.reasons).toEqual([{ kind: "quiz", missed: 0, total: 1 }]);
  });

  it("counts only the last three attempts", () => {
    const wrong = { createdAt: now, results: [{ topic: 0, correct: false }] };
    const right = { createdAt: now, results: [{ topic: 0, correct: true }] };
    expect(topicMastery(topics, [right, right, right, wrong, wrong], [], now)[0].value).toBe(100);
  });

  it("lets an untagged question (an old quiz) count for every topic", () => {
    const attempts = [{ createdAt: now, results: [{ topic: null, correct: false }] }];
    expect(topicMastery(topics, attempts, [], now).map((t) => t.value)).toEqual([0, 0]);
  });

  it("uses the cards' recall, with how many and how long ago", () => {
    const [, advanced] = topicMastery(topics, [], [reviewedCard("t1", 30, 0.62)], now);
    expect(advanced.value).toBe(62);
    expect(advanced.reasons).toEqual([
      { kind: "cards", count: 1, percent: 62 },
      { kind: "reviewed", days: 30 },
    ]);
  });

  it("ignores new and suspended cards and blends quiz and cards half and half", () => {
    const card = reviewedCard("t0", 4, 0.9);
    const unreviewed = { ...reviewedCard("t0", 0, 0), lastReview: null };
    const suspended = { ...reviewedCard("t0", 100, 0.1), suspended: true };
    const attempts = [
      {
        createdAt: now,
        results: [
          { topic: 0, correct: true },
          { topic: 0, correct: false },
        ],
      },
    ];
    const [basics] = topicMastery(topics, attempts, [card, unreviewed, suspended], now);
    expect(basics.value).toBe(70);
    expect(basics.reasons).toEqual([
      { kind: "quiz", missed: 1, total: 2 },
      { kind: "cards", count: 1, percent: 90 },
      { kind: "reviewed", days: 4 },
    ]);
  });
});
