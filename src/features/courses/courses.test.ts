import { contentTopics, courseContent, courseShareUrl, readContent } from "./client";

describe("course share link", () => {
  it("is one address whether the app URL ends with a slash or not", () => {
    expect(courseShareUrl("https://aula.example/", "a b")).toBe("https://aula.example/shareable?id=a+b");
    expect(courseShareUrl("https://aula.example", "a b")).toBe("https://aula.example/shareable?id=a+b");
  });
});

describe("course content JSON", () => {
  it("reads back the topics it was built from, as text or as an object", () => {
    const content = courseContent("Rust", [
      { title: "Intro", lessons: [{ title: "Setup", youtube: null, done: true }] },
    ]);
    const topics = [
      { title: "Intro", subtopics: [{ title: "Setup", theory: "", youtube: "", image: "", done: true }] },
    ];
    expect(content).toEqual({ rust: topics });
    expect(contentTopics(readContent(JSON.stringify(content)))).toEqual(topics);
    expect(contentTopics(readContent(content))).toEqual(topics);
    expect(readContent("{not json")).toBeUndefined();
  });
});
