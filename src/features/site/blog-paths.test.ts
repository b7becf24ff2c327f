import { blogDateText, postPath, postSlug } from "./blog-paths";

describe("blog addresses", () => {
  it("makes readable slugs: accents dropped, lower case, dashes, bounded", () => {
    expect(postSlug("Ação e Reação: o básico!")).toBe("acao-e-reacao-o-basico");
    expect(postSlug("  ---  ")).toBe("");
    expect(postSlug("a".repeat(200))).toHaveLength(80);
    expect(postSlug(`${"word ".repeat(30)}`)).not.toMatch(/-$/);
  });

  it("keeps /blog/{id} when the title has nothing to slug", () => {
    expect(postPath({ id: "p1", title: "Hello World" })).toBe("/blog/p1/hello-world");
    expect(postPath({ id: "p1", title: "日本語" })).toBe("/blog/p1");
  });

  it("shows dates as DD/MM/YYYY", () => {
    expect(blogDateText("2026-03-04T10:20:00Z")).toBe("04/03/2026");
  });
});
