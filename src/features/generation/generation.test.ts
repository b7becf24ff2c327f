import { toJSONSchema } from "zod";
import { COURSE_LANGUAGES, courseLanguageByName, looksWrittenIn } from "./languages";
import { courseContent } from "@/features/courses/client";
import { outlineWithin, parseJsonAnswer, withUserSubtopics } from "./outline";
import { courseContentSchema, outlineModelSchema } from "./schemas";

describe("course languages", () => {
  it("are the SPEC's 38, found case-insensitively", () => {
    expect(COURSE_LANGUAGES).toHaveLength(38);
    expect(new Set(COURSE_LANGUAGES.map((l) => l.name)).size).toBe(38);
    expect(courseLanguageByName(" japanese ")?.code).toBe("ja");
    expect(courseLanguageByName("Klingon")).toBeUndefined();
  });

  it("tell a text in the language's script from one that is not", () => {
    expect(looksWrittenIn("Основы программирования на Rust", "Russian")).toBe(true);
    expect(looksWrittenIn("Basics of Rust programming", "Russian")).toBe(false);
    expect(looksWrittenIn("JavaScriptの基本とReactの使い方", "Japanese")).toBe(true);
    expect(looksWrittenIn("Anything at all", "Portuguese")).toBe(true);
  });
});

describe("outline schema", () => {
  it("tells the provider the exact topic count through the JSON schema", () => {
    const schema = toJSONSchema(outlineModelSchema(10)) as unknown as {
      properties: { topics: { minItems: number; maxItems: number } };
    };
    expect(schema.properties.topics.minItems).toBe(10);
    expect(schema.properties.topics.maxItems).toBe(10);
  });

  it("refuses a wrong topic count and empty titles", () => {
    const topic = { title: "T", subtopics: [{ title: "a" }, { title: "b" }] };
    expect(outlineModelSchema(2).safeParse({ topics: [topic, topic] }).success).toBe(true);
    expect(outlineModelSchema(2).safeParse({ topics: [topic] }).success).toBe(false);
    expect(outlineModelSchema(1).safeParse({ topics: [{ ...topic, title: "  " }] }).success).toBe(false);
  });

  it("parses JSON answers with or without a code fence", () => {
    expect(parseJsonAnswer('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(parseJsonAnswer(' {"a":1} ')).toEqual({ a: 1 });
    expect(() => parseJsonAnswer("not json")).toThrow();
  });

  it("adds a missing user subtopic to the topic it fits best, once", () => {
    const outline = {
      topics: [
        { title: "Plants and light", subtopics: ["Leaves"] },
        { title: "Cells", subtopics: ["Membranes"] },
      ],
    };
    const result = withUserSubtopics(outline, ["Light absorption", "leaves"]);
    expect(result.topics[0].subtopics).toEqual(["Leaves", "Light absorption"]);
    expect(result.topics[1].subtopics).toEqual(["Membranes"]);
  });

  it("turns an outline into the SPEC's Course content, which its own schema accepts", () => {
    const content = courseContent("Rust Basics", [{ title: "Intro", lessons: [{ title: "Setup" }] }]);
    expect(content).toEqual({
      "rust basics": [
        { title: "Intro", subtopics: [{ title: "Setup", theory: "", youtube: "", image: "", done: false }] },
      ],
    });
    expect(courseContentSchema.safeParse(content).success).toBe(true);
    expect(courseContentSchema.safeParse({ a: content["rust basics"], b: content["rust basics"] }).success).toBe(false);
  });
});

describe("outlineWithin", () => {
  const stored = {
    topics: [
      { title: "A", subtopics: ["a1", "a2", "a2"] },
      { title: "B", subtopics: ["b1"] },
    ],
  };
  it("accepts dropped and reordered topics and lessons with the stored titles, each used as often as stored", () => {
    const posted = {
      topics: [
        { title: "B", subtopics: ["b1"] },
        { title: "A", subtopics: ["a2", "a1", "a2"] },
      ],
    };
    expect(outlineWithin(stored, posted)).toBe(posted);
    expect(outlineWithin(stored, { topics: [{ title: "A", subtopics: ["a2"] }] })).not.toBeNull();
  });
  it("refuses new text, a lesson moved to another topic, and anything used more often than stored", () => {
    for (const topics of [
      [{ title: "A", subtopics: ["a1", "new"] }],
      [{ title: "a", subtopics: ["a1"] }],
      [{ title: "B", subtopics: ["b1", "a1"] }],
      [{ title: "A", subtopics: ["a2", "a2", "a2"] }],
      [
        { title: "B", subtopics: ["b1"] },
        { title: "B", subtopics: ["b1"] },
      ],
    ]) {
      expect({ topics, within: outlineWithin(stored, { topics }) }).toEqual({ topics, within: null });
    }
  });
});
