import { lessonExcerptQuery } from "./lesson-excerpt-query";

describe("what a lesson searches its course's material for", () => {
  const base = { courseTopic: "Plants", topicTitle: "Roots", lessonTitle: "Water" };

  it("is the lesson's topic, title and course for an ordinary lesson", () => {
    expect(lessonExcerptQuery({ ...base, remediation: null })).toBe("Roots Water Plants");
  });

  it("is what was missed for a review lesson: its topic, the right answers and the questions", () => {
    const query = lessonExcerptQuery({
      ...base,
      remediation: {
        attemptId: "a",
        topicPosition: 1,
        missed: [{ question: "How do roots drink?", right: "By osmosis", chosen: "By magic", explanation: "" }],
      },
    });
    expect(query).toBe("Roots By osmosis How do roots drink?");
    // What the learner chose wrongly is not looked for.
    expect(query).not.toContain("magic");
  });
});
