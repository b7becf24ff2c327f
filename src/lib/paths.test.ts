import { readdirSync } from "node:fs";
import path from "node:path";
import { areas, isWithin, paths, postSlug, type AdminSection, type PolicyPageKind } from "./paths";

/**
 * The page routes of `src/app` as patterns: route groups `(x)` dropped, `[x]` one segment,
 * `[[...x]]` any tail. The site's catch-all 404 (`[...missing]`) is left out: it matches anything.
 */
function pageRoutes(): RegExp[] {
  const appDir = path.join(__dirname, "..", "app");
  const found: RegExp[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && entry.name === "page.tsx") {
        if (segments.some((s) => s.startsWith("[..."))) continue;
        const pattern = segments
          .map((s) => (s.startsWith("[[...") ? "(?:/[^?#]+)?" : s.startsWith("[") ? "/[^/?#]+" : `/${s}`))
          .join("");
        found.push(new RegExp(`^${pattern || "/"}$`));
      } else if (entry.isDirectory() && entry.name !== "api") {
        const url = /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name];
        walk(path.join(dir, entry.name), url);
      }
    }
  };
  walk(appDir, []);
  return found;
}

const POLICIES: PolicyPageKind[] = ["privacy", "terms", "cancel", "refund", "billing"];
const SECTIONS: AdminSection[] = [
  "users",
  "courses",
  "paid-users",
  "admins",
  "contacts",
  "blogs",
  "create-blog",
  "terms",
  "privacy",
  "cancellation",
  "refund",
  "subscription-billing",
  "activity",
];

/** One address from every builder, with awkward ids. */
function everyBuilt(): string[] {
  const id = "a/b?c#d e";
  return [
    paths.home(),
    paths.about(),
    paths.contact(),
    paths.blog(),
    paths.blogPost({ id, title: "Hello World" }),
    paths.blogPost({ id, title: "日本語" }),
    ...POLICIES.map((kind) => paths.policy(kind)),
    paths.certificate(id),
    paths.certificateCard(id),
    paths.shareable(id),
    paths.login(),
    paths.login({ callbackUrl: "/course/x?tab=notes" }),
    paths.signup(),
    paths.forgotPassword(),
    paths.resetPassword(id),
    paths.confirmEmail(id),
    paths.dashboard(),
    paths.profile(),
    paths.profile({ tab: "billing" }),
    paths.pricing(),
    paths.generateCourse(),
    paths.review(),
    paths.review({ course: id }),
    paths.reviewCards(id),
    paths.knowledge(),
    paths.payment(id),
    paths.paymentSuccess(id, { provider: "razorpay", ref: id }),
    paths.paymentPending({ sub: id, plan: "monthly" }),
    paths.paymentFailed(),
    paths.course(id),
    paths.courseQuiz(id),
    paths.course(id, { lesson: id }),
    paths.courseQuiz(id, { retest: true }),
    paths.courseCertificate(id),
    paths.coursePrint(id, { print: true }),
    paths.admin(),
    ...SECTIONS.map((section) => paths.admin(section)),
    paths.adminBlog(id),
  ];
}

describe("paths", () => {
  it("encodes ids so they stay one segment", () => {
    expect(paths.course("a/b?c#d e")).toBe("/course/a%2Fb%3Fc%23d%20e");
    expect(paths.resetPassword("../admin")).toBe("/reset-password/..%2Fadmin");
    expect(paths.certificateCard("x/y")).toBe("/certificates/x%2Fy/card");
    expect(paths.adminBlog("p 1")).toBe("/admin/blogs/p%201");
  });

  it("builds query strings with URLSearchParams, leaving out what is not given", () => {
    expect(paths.login()).toBe("/login");
    expect(paths.login({ callbackUrl: "/course/x?tab=notes&a=1" })).toBe(
      "/login?callbackUrl=%2Fcourse%2Fx%3Ftab%3Dnotes%26a%3D1",
    );
    expect(paths.shareable("s&id=other")).toBe("/shareable?id=s%26id%3Dother");
    expect(paths.paymentSuccess("monthly", { provider: "flutterwave", ref: "42 & 7" })).toBe(
      "/payment-success/monthly?provider=flutterwave&ref=42+%26+7",
    );
    expect(paths.paymentPending({ sub: "sub_1", plan: "yearly" })).toBe("/payment-pending?sub=sub_1&plan=yearly");
    expect(paths.paymentFailed()).toBe("/payment-failed");
    expect(paths.paymentFailed({ plan: "monthly" })).toBe("/payment-failed?plan=monthly");
    expect(paths.coursePrint("c1")).toBe("/course/c1/print");
    expect(paths.profile({ tab: "billing" })).toBe("/dashboard/profile?tab=billing");
    expect(paths.coursePrint("c1", { print: true })).toBe("/course/c1/print?print=1");
  });

  it("reads the query back as it was given", () => {
    const url = new URL(paths.login({ callbackUrl: "/dashboard?x=1#top" }), "http://localhost");
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("callbackUrl")).toBe("/dashboard?x=1#top");
  });

  it("keeps /blog/{id} when the title has nothing to slug", () => {
    expect(paths.blogPost({ id: "p1", title: "Hello World" })).toBe("/blog/p1/hello-world");
    expect(paths.blogPost({ id: "p1", title: "日本語" })).toBe("/blog/p1");
  });

  it("makes readable slugs: accents dropped, lower case, dashes, bounded", () => {
    expect(postSlug("Ação e Reação: o básico!")).toBe("acao-e-reacao-o-basico");
    expect(postSlug("  ---  ")).toBe("");
    expect(postSlug("a".repeat(200))).toHaveLength(80);
    expect(postSlug(`${"word ".repeat(30)}`)).not.toMatch(/-$/);
  });

  it("points every builder at a page of src/app", () => {
    const routes = pageRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const missing = everyBuilt().filter((built) => {
      const { pathname } = new URL(built, "http://localhost");
      return !routes.some((route) => route.test(pathname));
    });
    expect(missing).toEqual([]);
  });

  it("knows a page that does not exist is not one", () => {
    const routes = pageRoutes();
    for (const wrong of ["/dashboards", "/course/x/lessons", "/admin/nope", "/login/x"]) {
      expect(routes.some((route) => route.test(wrong))).toBe(false);
    }
  });

  it("matches a whole area, never a longer name", () => {
    expect(isWithin("/dashboard", areas.dashboard)).toBe(true);
    expect(isWithin("/dashboard/payment/monthly", areas.checkout)).toBe(true);
    expect(isWithin("/dashboards", areas.dashboard)).toBe(false);
    expect(isWithin("/administrator", areas.admin)).toBe(false);
    for (const area of Object.values(areas)) {
      expect(pageRoutes().some((route) => route.test(`${area}/x`) || route.test(area))).toBe(true);
    }
  });
});
