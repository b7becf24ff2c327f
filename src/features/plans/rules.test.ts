import { plansWithEveryLanguage, planViolation, TOPIC_COUNT } from "./rules";

describe("plan rules", () => {
  it("allow Free users only 5 topics, Text & Image and English; paid users anything", () => {
    const free = { topicsLimit: "4", courseType: "Text & Image Course", language: "English" };
    expect(planViolation("free", free)).toBeNull();
    expect(planViolation("free", { ...free, topicsLimit: "8" })).toBe("plan:topics-limit");
    expect(planViolation("free", { ...free, courseType: "Video & Text Course" })).toBe("plan:course-type");
    expect(planViolation("free", { ...free, language: "Spanish" })).toBe("plan:language");
    expect(planViolation("free", { topicCount: 6 })).toBe("plan:topics-limit");
    expect(
      planViolation("monthly", { topicsLimit: "8", courseType: "Video & Text Course", language: "Thai" }),
    ).toBeNull();
    expect(planViolation("yearly", { subtopicCount: 6 })).toBe("plan:subtopics");
    expect(TOPIC_COUNT).toEqual({ "4": 5, "8": 10 });
  });
});

describe("plansWithEveryLanguage", () => {
  it("is the paid plans: Free writes courses in English only", () => {
    expect(plansWithEveryLanguage()).toEqual(["monthly", "yearly"]);
  });
});
