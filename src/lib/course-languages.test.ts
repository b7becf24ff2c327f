import { COURSE_LANGUAGES, courseLanguageLabel, courseTextAttributes, courseTextDirection } from "./course-languages";

describe("course text direction", () => {
  it("runs Arabic and Hebrew right to left, under their BCP 47 tags, whatever the case of the name", () => {
    expect(courseTextAttributes("Arabic")).toEqual({ lang: "ar", dir: "rtl" });
    expect(courseTextAttributes(" hebrew ")).toEqual({ lang: "he", dir: "rtl" });
    expect(courseTextDirection("ARABIC")).toBe("rtl");
  });

  it("runs every other course language left to right", () => {
    const rtl = COURSE_LANGUAGES.filter((l) => courseTextDirection(l.name) === "rtl").map((l) => l.name);
    expect(rtl).toEqual(["Arabic", "Hebrew"]);
    expect(courseTextAttributes("Portuguese")).toEqual({ lang: "pt", dir: "ltr" });
    expect(courseTextAttributes("Japanese")).toEqual({ lang: "ja", dir: "ltr" });
  });

  it("leaves a name outside the table to the page's lang and the text's own direction", () => {
    expect(courseTextAttributes("Klingon")).toEqual({ dir: "auto" });
    expect(courseTextDirection("Klingon")).toBe("ltr");
  });
});

describe("course language names in the UI language", () => {
  it("names a course language in pt and en, whatever the case it was stored in", () => {
    expect(courseLanguageLabel("English", "pt")).toBe("Inglês");
    expect(courseLanguageLabel("english", "en")).toBe("English");
    expect(courseLanguageLabel("German", "pt")).toBe("Alemão");
    expect(courseLanguageLabel("Portuguese", "en")).toBe("Portuguese");
    expect(courseLanguageLabel("Japanese", "pt")).toBe("Japonês");
  });

  it("has a name of its own in both UI languages for each of the 38 languages", () => {
    for (const uiLocale of ["pt", "en"]) {
      const names = COURSE_LANGUAGES.map((l) => courseLanguageLabel(l.name, uiLocale));
      expect(new Set(names).size).toBe(COURSE_LANGUAGES.length);
      for (const name of names) expect(name).toMatch(/^\p{Lu}/u);
    }
    // pt names differ from the stored English names for most languages (not a silent fallback).
    const translated = COURSE_LANGUAGES.filter((l) => courseLanguageLabel(l.name, "pt") !== l.name);
    expect(translated.length).toBeGreaterThan(30);
  });

  it("shows a name outside the table as stored", () => {
    expect(courseLanguageLabel("Klingon", "pt")).toBe("Klingon");
  });
});
