import type { Page } from "@playwright/test";
import { copy } from "./copy";
import { expect, LOCALES, test, useLocale, waitForHydration } from "./fixtures";
import { siteCopy } from "./site-copy";

/** The section's distance from the viewport's top once a smooth scroll has settled: the SPEC's 80 px offset. */
async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(
      () => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id),
      {
        message: `#${id} sits 80 px below the top`,
      },
    )
    .toBe(80);
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
}

for (const locale of LOCALES) {
  const s = siteCopy[locale];
  const t = copy[locale].landing;

  test.describe(`public site (${locale})`, () => {
    test.beforeEach(async ({ page }) => useLocale(page, locale));

    test("the landing page has every section, the anchors scroll to them, and its buttons go to /dashboard", async ({
      page,
    }) => {
      await page.goto("/");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: t.heroTitle })).toBeVisible();
      for (const heading of Object.values(s.sections))
        await expect(main.getByRole("heading", { level: 2, name: heading })).toBeAttached();
      await expect(page.locator("#features li")).toHaveCount(6);
      await expect(page.locator("#how-it-works li")).toHaveCount(4);
      await expect(main.getByText(s.testimonialsNote)).toBeAttached();
      await expect(page.locator("#pricing [data-testid=plan-cards] > li")).toHaveCount(3);
      for (const link of await page.locator("#pricing a").all())
        await expect(link).toHaveAttribute("href", "/dashboard");
      await expect(
        main.getByRole("link", { name: locale === "pt" ? "Comece grátis" : "Get started for free" }),
      ).toHaveAttribute("href", "/dashboard");

      const nav = page.getByRole("banner").getByRole("navigation", { name: t.navLabel });
      await waitForHydration(nav.getByRole("link", { name: t.pricing }));
      for (const [name, id] of [
        [t.pricing, "pricing"],
        [t.features, "features"],
        [t.howItWorks, "how-it-works"],
      ] as const) {
        await nav.getByRole("link", { name }).click();
        await expectScrolledTo(page, id);
      }
    });

    test("the footer reaches about, blog, contact and the five policies", async ({ page }) => {
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      const expected = {
        about: "/about",
        blog: "/blog",
        contact: "/contact",
        privacy: "/privacy-policy",
        terms: "/terms",
        cancel: "/cancellation-policy",
        refund: "/refund-policy",
        billing: "/subscription-billing-policy",
      } as const;
      for (const [key, href] of Object.entries(expected)) {
        await expect(
          footer.getByRole("link", { name: s.footer[key as keyof typeof expected], exact: true }),
        ).toHaveAttribute("href", href);
      }
      await footer.getByRole("link", { name: s.footer.refund, exact: true }).click();
      await expect(page).toHaveURL(/\/refund-policy$/);
      await expect(page.getByRole("heading", { level: 1, name: s.policyTitles["refund-policy"] })).toBeVisible();
    });

    test("about shows the mission with Get Started and Contact Us", async ({ page }) => {
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1, name: s.about.title })).toBeVisible();
      await expect(page).toHaveTitle(`${s.about.title} · Aula`);
      await expect(page.getByRole("main").getByRole("link", { name: s.about.getStarted, exact: true })).toHaveAttribute(
        "href",
        "/signup",
      );
      await page.getByRole("main").getByRole("link", { name: s.about.contactUs }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });

    test("each policy page shows its seeded text, a contact link and back to home", async ({ page }) => {
      for (const [path, title] of Object.entries(s.policyTitles)) {
        const response = await page.goto(`/${path}`);
        expect(response?.status()).toBe(200);
        const main = page.getByRole("main");
        await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(main.getByRole("heading", { level: 2 }).first()).toBeVisible(); // the seeded rich text
        await expect(main.getByRole("link", { name: s.policyContact })).toHaveAttribute("href", "/contact");
        await expect(main.getByRole("link", { name: s.backHome })).toHaveAttribute("href", "/");
      }
      await page.goto("/refund-policy");
      await expect(page.getByRole("main")).toContainText(s.noRefund);
    });

    test("the sign-up form's terms and privacy links lead to the policy pages", async ({ page }) => {
      await page.goto("/signup");
      await page.getByRole("link", { name: copy[locale].signup.termsLink }).click();
      await expect(page.getByRole("heading", { level: 1, name: s.policyTitles.terms })).toBeVisible();
      await page.goto("/signup");
      await page.getByRole("link", { name: copy[locale].signup.privacyLink }).click();
      await expect(page.getByRole("heading", { level: 1, name: s.policyTitles["privacy-policy"] })).toBeVisible();
    });

    test("contact: each field's message, then the success panel and send another", async ({ page }) => {
      await page.goto("/contact");
      const c = s.contact;
      await expect(page.getByRole("heading", { level: 2, name: c.faq })).toBeVisible();
      await expect(page.locator("dl dt")).toHaveCount(4);
      const send = page.getByRole("button", { name: c.send });
      await waitForHydration(send);
      await send.click();
      for (const message of [c.errors.name, c.errors.email, c.errors.subject, c.errors.message])
        await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByLabel(c.name)).toBeFocused();

      await page.getByLabel(c.name).fill("Rita");
      await page.getByLabel(c.email).fill("not-an-email");
      await send.click();
      await expect(page.getByText(c.errors.emailInvalid)).toBeVisible();
      await expect(page.getByText(c.errors.name)).toHaveCount(0);

      await page.getByLabel(c.email).fill(`rita-${locale}@example.io`);
      await page.getByLabel(c.subject).selectOption({ label: c.subjectOption });
      await page.getByLabel(c.message).fill("Hello from the e2e suite");
      await send.click();
      const success = page.getByTestId("contact-success");
      await expect(success.getByRole("heading", { name: c.successTitle })).toBeVisible();
      await expect(success).toContainText(c.successText);
      await success.getByRole("button", { name: c.again }).click();
      await expect(page.getByLabel(c.name)).toHaveValue("");
      await expect(send).toBeVisible();
    });

    test("the blog lists the featured post, the latest articles and the popular posts, and opens a post", async ({
      page,
    }) => {
      await page.goto("/blog");
      const b = s.blog;
      await expect(page.getByTestId("featured-post")).toContainText(b.firstPost);
      await expect(page.getByTestId("featured-post")).toContainText(b.featured);
      await expect(page.getByRole("heading", { level: 2, name: b.latest })).toBeVisible();
      const cards = page.getByTestId("latest-posts").getByRole("listitem");
      // The visitor's language only (three example posts each), the featured one not listed again.
      expect(await cards.count()).toBeGreaterThanOrEqual(2);
      await expect(cards.first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
      await expect(page.getByTestId("latest-posts")).not.toContainText(b.firstPost);
      await expect(page.getByRole("heading", { level: 2, name: b.popular })).toBeVisible();
      await expect(page.getByTestId("popular-posts").getByRole("listitem").first()).toBeVisible();
      // Covers come resized from next/image and really load.
      const cover = page.getByTestId("featured-post").locator("img");
      await expect(cover).toHaveAttribute("src", /\/_next\/image\?url=%2Fapi%2Fblog%2F/);
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);

      await page.getByTestId("featured-post").getByRole("link").click();
      await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
      await expect(page.getByRole("heading", { level: 1, name: b.firstPost })).toBeVisible();
      await expect(page.locator("article time")).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
      // After a client-side navigation the list's canonical link goes once the post's has come.
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toBe(page.url().replace(/^http:\/\/localhost:\d+/, new URL(canonical!).origin));
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        // The share card in the page's language (a crawler sends no language cookie).
        new RegExp(`/api/og\\?post=[0-9a-f-]{36}&lang=${locale}$`),
      );
      expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain(
        '"@type":"BlogPosting"',
      );

      // The id alone still works (a deep link without the slug), after a reload too.
      const idOnly = page.url().replace(/\/[a-z0-9-]+$/, "");
      await page.goto(idOnly);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: b.firstPost })).toBeVisible();
      await page.getByRole("link", { name: b.back }).click();
      await expect(page).toHaveURL(/\/blog$/);
    });

    test("an unknown post says so with a link back, answering 404", async ({ page }) => {
      const response = await page.goto("/blog/00000000-0000-4000-8000-000000000000");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: s.blog.notFound })).toBeVisible();
      await expect(page.getByText(s.blog.notFoundText)).toBeVisible();
      await expect(page.getByRole("link", { name: s.blog.back })).toHaveAttribute("href", "/blog");
    });
  });

  test.describe(`on a phone (${locale})`, () => {
    test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

    test("the menu gives the same anchors and closes after scrolling to one", async ({ page }) => {
      await useLocale(page, locale);
      await page.goto("/");
      await expect(page.getByRole("banner").getByRole("navigation", { name: t.navLabel })).toBeHidden();
      const menu = page.getByTestId("phone-menu");
      const pricing = menu.getByRole("link", { name: t.pricing });
      await menu.getByLabel(s.openMenu).click();
      await waitForHydration(pricing);
      await expect(menu.getByRole("link", { name: t.features })).toBeVisible();
      await expect(menu.getByRole("link", { name: t.howItWorks })).toBeVisible();
      await pricing.click();
      await expectScrolledTo(page, "pricing");
      await expect(pricing).toBeHidden();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  });
}

test("sitemap.xml lists the public pages and posts; robots.txt keeps crawlers out of the app", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/about", "/contact", "/blog", "/privacy-policy", "/terms"])
    expect(sitemap).toContain(`${path}</loc>`);
  expect(sitemap).toMatch(/\/blog\/[0-9a-f-]{36}\/[a-z0-9-]+<\/loc>/);
  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/dashboard", "/course", "/admin", "/api/"]) expect(robots).toContain(`Disallow: ${path}`);
  expect(robots).toContain("Sitemap: ");
});
