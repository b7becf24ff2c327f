import { eq } from "drizzle-orm";
import { GET as blogImageRoute } from "@/app/api/blog/[id]/image/route";
import { POST as contact } from "@/app/api/contact/route";
import { GET as getblogs } from "@/app/api/getblogs/route";
import { GET as ogRoute } from "@/app/api/og/route";
import { GET as getPolicies } from "@/app/api/policies/route";
import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import { cardLine } from "@/features/site/og-image";
import { postCardText, siteCardText } from "@/features/site/post-card-image";
import { ensureSiteContent, loadPolicies } from "@/features/site/server";
import { getDb } from "@/server/db/client";
import { blogPosts, contactMessages, emailOutbox, policies } from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import { resetEnvForTests } from "@/server/env";
import { callRoute } from "../setup/http";
import { startFakeSmtp } from "../fakes/smtp-server.mjs";
import { setMailSettings, useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const resend = useFakeResend();

let ipCounter = 0;
const freshPeer = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The route typed for callRoute, which passes params of any shape. */
const blogImage = blogImageRoute as never;

const valid = { fname: "Rita Lee", lname: "billing", email: "rita@example.io", phone: "", msg: "Where is my receipt?" };
const send = (body: Record<string, unknown>, peer = freshPeer(), locale = "en") =>
  callRoute(contact, { body, peer, cookie: `NEXT_LOCALE=${locale}`, headers: { origin: "http://localhost:3000" } });

describe("first start seed", () => {
  it("writes the five policies in pt and en and example posts with PNG covers, once", async () => {
    await ensureSiteContent();
    await ensureSiteContent();
    const db = await getDb();
    expect(await db.select().from(policies)).toHaveLength(10);
    const posts = await db.select().from(blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(posts.every((p) => p.example)).toBe(true);
    expect(new Set(posts.map((p) => p.locale))).toEqual(new Set(["pt", "en"]));
    expect(posts[0].image?.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    // The admin deletes the examples and edits a policy: a restart brings neither back.
    await db.delete(blogPosts);
    await db.update(policies).set({ html: "<p>Edited</p>" }).where(eq(policies.kind, "terms"));
    await ensureSiteContent();
    expect(await db.select().from(blogPosts)).toHaveLength(0);
    expect((await loadPolicies("en")).terms).toBe("<p>Edited</p>");
  });
});

describe("GET /api/policies", () => {
  it("answers the five texts in the caller's language and falls back to the other when one is missing", async () => {
    const db = await getDb();
    await db.delete(policies);
    await db.insert(policies).values([
      { kind: "privacy", locale: "pt", html: "<p>Privacidade</p>" },
      { kind: "privacy", locale: "en", html: "<p>Privacy</p>" },
      { kind: "refund", locale: "pt", html: "<p>Sem reembolso</p>" },
      { kind: "billing", locale: "en", html: "  " },
      { kind: "billing", locale: "pt", html: "<p>Cobrança</p>" },
    ]);
    const en = await callRoute(getPolicies, { cookie: "NEXT_LOCALE=en" });
    expect(en.status).toBe(200);
    expect(en.json).toEqual([
      { privacy: "<p>Privacy</p>", terms: "", cancel: "", refund: "<p>Sem reembolso</p>", billing: "<p>Cobrança</p>" },
    ]);
    const pt = await callRoute(getPolicies, { cookie: "NEXT_LOCALE=pt" });
    expect(pt.json[0].privacy).toBe("<p>Privacidade</p>");
  });
});

describe("POST /api/contact", () => {
  beforeEach(() => resend().reset());
  afterEach(() => {
    delete process.env.CONTACT_NOTIFY_EMAIL;
    delete process.env.CONTACT_PER_ADDRESS_PER_HOUR;
    resetEnvForTests();
  });

  it("stores the message (lname is the subject) and answers success", async () => {
    const res = await send(valid);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Message sent" });
    const rows = await (
      await getDb()
    )
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "rita@example.io"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Rita Lee",
      subject: "billing",
      message: "Where is my receipt?",
      handledAt: null,
    });
  });

  it.each([
    [{ fname: " " }, "contact:name-required", "Please enter your name"],
    [{ email: "" }, "contact:email-required", "Please enter your email"],
    [{ email: "not-an-email" }, "contact:email-invalid", "Please enter a valid email address"],
    [{ lname: "" }, "contact:subject-required", "Please choose a subject"],
    [{ lname: "spam" }, "contact:subject-required", "Please choose a subject"],
    [{ msg: "" }, "contact:message-required", "Please enter a message"],
  ])("refuses %p with %s", async (change, code, message) => {
    const res = await send({ ...valid, email: "refused@example.io", ...change });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, code, message });
  });

  it("answers in the caller's language", async () => {
    const res = await send({ ...valid, fname: "" }, freshPeer(), "pt");
    expect(res.json.message).toBe("Informe seu nome");
  });

  it("limits messages per client address", async () => {
    process.env.CONTACT_PER_ADDRESS_PER_HOUR = "2";
    resetEnvForTests();
    const peer = freshPeer();
    expect((await send({ ...valid, email: "limited@example.io" }, peer)).status).toBe(200);
    expect((await send({ ...valid, email: "limited@example.io" }, peer)).status).toBe(200);
    const third = await send({ ...valid, email: "limited@example.io" }, peer);
    expect(third.status).toBe(429);
    expect(third.json.code).toBe("contact:rate-limited");
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send({ ...valid, email: "limited@example.io" })).status).toBe(200); // another address still gets through
    const rows = await (
      await getDb()
    )
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "limited@example.io"));
    expect(rows).toHaveLength(3);
  });

  it("drops a message whose honeypot field is filled, answering as if it were sent", async () => {
    const res = await send({ ...valid, email: "bot@example.io", website: "http://spam.example" });
    expect(res.json).toEqual({ success: true, message: "Message sent" });
    expect(
      await (await getDb()).select().from(contactMessages).where(eq(contactMessages.email, "bot@example.io")),
    ).toHaveLength(0);
  });

  it("mails CONTACT_NOTIFY_EMAIL when set, and keeps the message when the mail fails", async () => {
    process.env.CONTACT_NOTIFY_EMAIL = "team@aula.test";
    resetEnvForTests();
    await send({ ...valid, email: "notify@example.io" });
    await settleBackgroundMail();
    const [mail] = resend().emails("team@aula.test");
    // The stored subject ("billing") as the contact form words it in the mail's language, subject line and body.
    expect(mail.subject).toBe("[Contato] Cobrança: Rita Lee");
    expect(mail.text).toContain("Cobrança");
    expect(mail.text).not.toContain("billing");
    expect(mail.text).toContain("Where is my receipt?");

    resend().failNext(5, 500);
    const res = await send({ ...valid, email: "lost-mail@example.io" });
    expect(res.status).toBe(200);
    await settleBackgroundMail();
    const db = await getDb();
    expect(
      await db.select().from(contactMessages).where(eq(contactMessages.email, "lost-mail@example.io")),
    ).toHaveLength(1);
    const failed = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "contact-message"));
    expect(failed.map((m) => m.status).sort()).toEqual(["failed", "sent"]);
  });

  /** Line breaks in the visitor's fields, each followed by a header of the attacker's. */
  const injected = {
    ...valid,
    // "Suporte": an ASCII subject, so the SMTP header below is matched as plain text.
    lname: "support",
    fname: "Rita\r\nBcc: x@evil.test\r\nX-Injected: 1",
    email: "rita@example.io\r\nBcc: x@evil.test",
    phone: "1\r\nBcc: x@evil.test",
    msg: "Line one\r\nBcc: x@evil.test",
  };

  it("never lets a line break of a contact field into a mail header, through Resend or SMTP", async () => {
    process.env.CONTACT_NOTIFY_EMAIL = "team@aula.test";
    resetEnvForTests();
    // A line break in the e-mail field makes it no e-mail: refused, nothing stored or mailed.
    const refused = await send({ ...injected, email: "rita@example.io\r\nBcc: x@evil.test" });
    expect(refused.json.code).toBe("contact:email-invalid");
    const res = await send({ ...injected, email: "rita@example.io" });
    expect(res.status).toBe(200);
    await settleBackgroundMail();
    expect(
      resend()
        .emails()
        .map((m) => m.to),
    ).toEqual([["team@aula.test"]]);
    const [mail] = resend().emails("team@aula.test");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe("[Contato] Suporte: Rita Bcc: x@evil.test X-Injected: 1");
    expect(mail.from).toBe("Aula Tests <tests@aula.test>");
    // The message itself keeps its lines (it is the body, not a header).
    expect(mail.text).toContain("Line one");

    // The raw message an SMTP server receives: no injected header, no extra recipient.
    const smtp = await startFakeSmtp();
    const saved = {
      RESEND_API_KEY: process.env.RESEND_API_KEY,
      RESEND_BASE_URL: process.env.RESEND_BASE_URL,
      EMAIL_FROM: process.env.EMAIL_FROM,
    };
    setMailSettings({ SMTP_URL: smtp.url, EMAIL_FROM: "Aula <mail@aula.test>" });
    try {
      expect((await send({ ...injected, email: "rita@example.io" })).status).toBe(200);
      await settleBackgroundMail();
      const [message] = smtp.messages();
      expect(message.to).toEqual(["team@aula.test"]);
      const headers = message.raw.slice(0, message.raw.indexOf("\r\n\r\n"));
      expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
      expect(headers).toMatch(/^Subject: \[Contato\] Suporte: Rita Bcc: x@evil\.test X-Injected: 1$/m);
      expect(headers).toMatch(/^From: Aula <mail@aula\.test>$/m);
      expect(headers).not.toMatch(/^Reply-To:/im);
    } finally {
      setMailSettings(saved);
      await smtp.close();
    }
  });
});

describe("blog API", () => {
  let postId = "";
  beforeAll(async () => {
    const db = await getDb();
    const [row] = await db
      .insert(blogPosts)
      .values({
        title: "Covers",
        excerpt: "x",
        content: "<p>y</p>",
        category: "ai",
        locale: "en",
        image: Buffer.from("\x89PNG fake"),
        imageContentType: "image/png",
      })
      .returning({ id: blogPosts.id });
    postId = row.id;
  });

  it("GET /api/getblogs lists posts with the contract's fields and the cover as a URL", async () => {
    const res = await callRoute(getblogs, { cookie: "NEXT_LOCALE=en" });
    expect(res.status).toBe(200);
    const post = res.json.find((p: { _id: string }) => p._id === postId);
    expect(post).toMatchObject({
      title: "Covers",
      excerpt: "x",
      content: "<p>y</p>",
      category: "ai",
      tags: "",
      featured: false,
      popular: false,
    });
    expect(post.image).toMatch(new RegExp(`^/api/blog/${postId}/image\\?v=[0-9a-f]{12}$`));
    expect(new Date(post.date).getTime()).not.toBeNaN();
  });

  it("serves the cover with its content type, an ETag and a year's cache only at its versioned address", async () => {
    const list = await callRoute(getblogs, {});
    const url = `http://localhost:3000${list.json.find((p: { _id: string }) => p._id === postId).image}`;
    const res = await callRoute(blogImage, { params: { id: postId }, url });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const unversioned = await callRoute(blogImage, {
      params: { id: postId },
      url: `http://localhost:3000/api/blog/${postId}/image`,
    });
    expect(unversioned.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    const again = await callRoute(blogImage, { params: { id: postId }, headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

  it("answers 404 for an unknown post or one without a cover", async () => {
    expect((await callRoute(blogImage, { params: { id: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
    expect((await callRoute(blogImage, { params: { id: "not-a-uuid" } })).status).toBe(404);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages and every post with absolute URLs from APP_URL, and nothing signed-in", async () => {
    const db = await getDb();
    const [post] = await db
      .insert(blogPosts)
      .values({ title: "Ação e Reação!", excerpt: "x", content: "<p>y</p>", category: "education", locale: "pt" })
      .returning({ id: blogPosts.id });
    const entries = await sitemap();
    const urls = entries.map((e) => e.url);
    for (const path of [
      "/",
      "/about",
      "/contact",
      "/blog",
      "/privacy-policy",
      "/terms",
      "/cancellation-policy",
      "/refund-policy",
      "/subscription-billing-policy",
    ]) {
      expect(urls).toContain(`http://localhost:3000${path}`);
    }
    expect(urls).toContain(`http://localhost:3000/blog/${post.id}/acao-e-reacao`);
    expect(urls.every((u) => u.startsWith("http://localhost:3000/"))).toBe(true);
    expect(urls.some((u) => /\/(dashboard|course|admin|api)\b/.test(u.replace(/\/api\/blog\/[^/]+\/image/, "")))).toBe(
      false,
    );
  });

  it("keeps crawlers out of the dashboard, courses, admin and API, and names the sitemap", () => {
    const rules = robots();
    expect(rules.rules).toMatchObject({ userAgent: "*", allow: ["/", "/api/og", "/api/blog/"] });
    const disallow = (rules.rules as { disallow: string[] }).disallow;
    expect(disallow).toEqual(expect.arrayContaining(["/dashboard", "/course", "/admin", "/api/"]));
    expect(rules.sitemap).toBe("http://localhost:3000/sitemap.xml");
  });
});

describe("GET /api/og", () => {
  it("words the cards in the page's language, on one line each (no doubled spaces)", () => {
    expect(siteCardText("pt")).toEqual({
      kicker: "Cursos com IA",
      title: "Transforme qualquer tema em um curso completo",
      footer: "Quiz · Certificado · PDF · 38 idiomas",
    });
    expect(siteCardText("en").title).toBe("Turn any topic into a complete course");
    const post = { title: "Dois  espaços\n e uma quebra", category: "ai", createdAt: "2026-11-25T12:00:00Z" };
    expect(postCardText(post, "pt")).toMatchObject({ kicker: "Blog · IA", footer: "25/11/2026" });
    expect(postCardText(post, "en").kicker).toBe("Blog · AI");
    // shareCard draws every line through cardLine: a title typed with two spaces or a break reads as one space.
    expect(cardLine(postCardText(post, "pt").title)).toBe("Dois espaços e uma quebra");
    for (const text of [siteCardText("pt"), siteCardText("en"), postCardText(null, "en")])
      for (const line of Object.values(text)) expect(line).not.toMatch(/\s{2}/);
  });

  it("draws the site's share card and a post's, as cacheable PNGs", async () => {
    const [post] = await (
      await getDb()
    )
      .insert(blogPosts)
      .values({ title: "Shared", excerpt: "x", content: "<p>y</p>", category: "ai", locale: "en" })
      .returning({ id: blogPosts.id });
    for (const url of [
      "http://localhost:3000/api/og",
      "http://localhost:3000/api/og?lang=en",
      `http://localhost:3000/api/og?post=${post.id}`,
      `http://localhost:3000/api/og?post=${post.id}&lang=pt`,
    ]) {
      const res = await callRoute(ogRoute, { url });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toContain("public");
    }
  });
});
