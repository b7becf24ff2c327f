import { blogDateText } from "./blog-paths";

describe("blog dates", () => {
  it("shows dates as DD/MM/YYYY", () => {
    expect(blogDateText("2026-03-04T10:20:00Z")).toBe("04/03/2026");
  });
});
