import { arrangeBlog, type PostSummary } from "./blog";

const post = (id: string, flags: Partial<PostSummary> = {}): PostSummary => ({
  id,
  title: id,
  excerpt: "",
  category: "ai",
  tags: "",
  locale: "en",
  featured: false,
  popular: false,
  example: false,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  image: null,
  ...flags,
});

describe("arrangeBlog (the SPEC's blog list)", () => {
  it("features the first post marked featured and lists the ones marked popular", () => {
    const { featured, popular, latest } = arrangeBlog([
      post("a"),
      post("b", { featured: true, popular: true }),
      post("c", { featured: true, popular: true }),
    ]);
    expect(featured?.id).toBe("b");
    expect(popular.map((p) => p.id)).toEqual(["b", "c"]);
    // The featured post is not listed again among the latest.
    expect(latest.map((p) => p.id)).toEqual(["a", "c"]);
  });

  it("falls back to the first post for both when nothing is marked, and to nothing on an empty blog", () => {
    const { featured, popular, latest } = arrangeBlog([post("a"), post("b")]);
    expect(featured?.id).toBe("a");
    expect(latest.map((p) => p.id)).toEqual(["b"]);
    expect(popular.map((p) => p.id)).toEqual(["a"]);
    expect(arrangeBlog([])).toEqual({ featured: null, latest: [], popular: [] });
  });
});
