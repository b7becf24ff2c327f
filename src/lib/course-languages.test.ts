import { COURSE_LANGUAGES, courseTextAttributes, courseTextDirection } from "./course-languages";

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
