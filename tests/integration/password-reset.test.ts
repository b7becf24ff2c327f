import { eq } from "drizzle-orm";
import { POST as forgot } from "@/app/api/forgot/route";
import { POST as resetPasswordRoute } from "@/app/api/reset-password/route";
import { POST as signin } from "@/app/api/signin/route";
import { hashResetToken } from "@/features/accounts/password-reset";
import { getRequestUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { emailOutbox, passwordResetTokens, users } from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import { MAIL_MAX_ATTEMPTS } from "@/server/email/mail-job";
import { callRoute } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();
const resend = useFakeResend();

let ipCounter = 0;
/** A fresh client address per call, so the per-address limits stay out of the way unless a test wants them. */
const freshIp = () => ({ "x-aula-peer": `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

async function createAccount(email: string, password = "first-password1", locale: "pt" | "en" = "en") {
  const { sessionCookie } = await signedUpUser({ email, password, locale, name: "Rita" });
  await settleBackgroundMail();
  return sessionCookie;
}

async function requestReset(email: string, headers = freshIp(), locale = "en") {
  const res = await callRoute(forgot, {
    body: { email, name: "Aula", company: "x", logo: "y" },
    headers,
    cookie: `NEXT_LOCALE=${locale}`,
  });
  await settleBackgroundMail();
  return res;
}

/** The token in the newest reset mail the fake Resend received for an address. */
function tokenFromMail(email: string): string {
  const mails = resend()
    .emails(email)
    .filter((m) => /reset-password\//.test(m.text ?? ""));
  const match = mails.at(-1)?.text?.match(/\/reset-password\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no reset mail for ${email}`);
  return match[1];
}

const reset = (token: string, password: string) =>
  callRoute(resetPasswordRoute, { body: { token, password }, headers: freshIp(), cookie: "NEXT_LOCALE=en" });

const signInStatus = async (email: string, password: string) =>
  (await callRoute(signin, { body: { email, password }, headers: freshIp() })).status;

beforeEach(() => resend().reset());

describe("POST /api/forgot", () => {
  it("mails a one-hour link to APP_URL/reset-password/{token} and stores only the token's hash", async () => {
    await createAccount("rita@example.io", "first-password1", "pt");
    const res = await requestReset("  RITA@example.io ");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: "If your email exists in our system, you'll receive a reset link shortly.",
    });

    const [mail] = resend()
      .emails("rita@example.io")
      .filter((m) => m.subject !== "Boas-vindas ao Aula, Rita!");
    expect(mail.subject).toBe("Redefina sua senha do Aula"); // the recipient's language, kept from sign-up
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain("http://localhost:3000/reset-password/");
    const token = tokenFromMail("rita@example.io");

    const rows = await (await getDb()).select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
  });

  it("answers an unknown e-mail exactly as a known one, in about the same time, and sends nothing", async () => {
    await createAccount("known@example.io");
    resend().reset();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestReset(email);
      return { res, ms: performance.now() - started };
    };
    const known = await timed("known@example.io");
    const unknown = await timed("nobody@example.io");
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.text).toBe(known.res.text);
    expect(known.ms).toBeGreaterThanOrEqual(390);
    expect(unknown.ms).toBeGreaterThanOrEqual(390);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(250);
    expect(resend().emails("nobody@example.io")).toHaveLength(0);
    expect(resend().emails("known@example.io")).toHaveLength(1);
  });

  it("refuses a missing or malformed e-mail with the SPEC's message", async () => {
    const missing = await requestReset("   ");
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      success: false,
      message: "Please enter your email address",
      code: "forgot:missing-email",
    });
    const ptMissing = await requestReset("", freshIp(), "pt");
    expect(ptMissing.json.message).toBe("Por favor, digite seu endereço de e-mail");
    const bad = await requestReset("not-an-email");
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("forgot:invalid-email");
    const wrongType = await callRoute(forgot, { body: { email: 42 } });
    expect(wrongType.status).toBe(400);
  });

  it("limits requests per e-mail (known or not) and per address", async () => {
    for (const email of ["limited@example.io", "limited-unknown@example.io"]) {
      if (email === "limited@example.io") await createAccount(email);
      for (let i = 0; i < 5; i++) expect((await requestReset(email)).status).toBe(200);
      const blocked = await requestReset(email);
      expect(blocked.status).toBe(429);
      expect(blocked.json).toMatchObject({ success: false, code: "forgot:rate-limited" });
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // One client (the socket's address) that writes a different X-Forwarded-For each time.
    const oneAddress = (i: number) => ({ "x-aula-peer": "192.0.2.200", "x-forwarded-for": `10.1.2.${i}` });
    for (let i = 0; i < 20; i++) expect((await requestReset(`spray-${i}@example.io`, oneAddress(i))).status).toBe(200);
    expect((await requestReset("spray-last@example.io", oneAddress(99))).status).toBe(429);
  });
});

describe("POST /api/reset-password", () => {
  it("sets the new password, ends older sessions, answers the e-mail and sends the notice", async () => {
    const oldSession = await createAccount("reset@example.io", "old-password-1");
    await requestReset("reset@example.io");
    const token = tokenFromMail("reset@example.io");

    const res = await reset(token, "New-password-2!");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: "Your password has been updated. You may now login with your new password.",
      email: "reset@example.io",
    });
    expect(await signInStatus("reset@example.io", "New-password-2!")).toBe(200);
    expect(await signInStatus("reset@example.io", "old-password-1")).toBe(401);
    expect(await getRequestUser(new Request("http://x/", { headers: { cookie: oldSession } }))).toBeNull();

    await settleBackgroundMail();
    const notice = resend()
      .emails("reset@example.io")
      .find((m) => m.subject === "Your Aula password was changed");
    expect(notice?.text).toContain("reset@example.io");
  });

  it("accepts a token once only", async () => {
    await createAccount("once@example.io", "old-password-1");
    await requestReset("once@example.io");
    const token = tokenFromMail("once@example.io");
    expect((await reset(token, "second-password-2")).status).toBe(200);
    const again = await reset(token, "third-password-3");
    expect(again.status).toBe(400);
    expect(again.json).toEqual({
      success: false,
      message: "This reset link is invalid or has expired. Please request a new one.",
      code: "reset:invalid-token",
    });
    expect(await signInStatus("once@example.io", "second-password-2")).toBe(200);
    expect(await signInStatus("once@example.io", "third-password-3")).toBe(401);
  });

  it("refuses an expired token and changes nothing", async () => {
    await createAccount("late@example.io", "old-password-1");
    await requestReset("late@example.io");
    const token = tokenFromMail("late@example.io");
    const db = await getDb();
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashResetToken(token)));
    const res = await reset(token, "new-password-22");
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("reset:invalid-token");
    expect(await signInStatus("late@example.io", "old-password-1")).toBe(200);
  });

  it("a new request invalidates the older link", async () => {
    await createAccount("twice@example.io", "old-password-1");
    await requestReset("twice@example.io");
    const first = tokenFromMail("twice@example.io");
    await requestReset("twice@example.io");
    const second = tokenFromMail("twice@example.io");
    expect(second).not.toBe(first);
    expect((await reset(first, "new-password-33")).status).toBe(400);
    expect((await reset(second, "new-password-33")).status).toBe(200);
  });

  it("checks the password before using the token: a short one keeps the link usable", async () => {
    await createAccount("short@example.io", "old-password-1");
    await requestReset("short@example.io");
    const token = tokenFromMail("short@example.io");
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(short.json).toEqual({
      success: false,
      message: "Password must be at least 9 characters long",
      code: "reset:password-short",
    });
    const missing = await callRoute(resetPasswordRoute, { body: { token }, cookie: "NEXT_LOCALE=en" });
    expect(missing.json.code).toBe("reset:missing-password");
    expect((await reset(token, "long-enough-1")).status).toBe(200);
  });

  it("refuses unknown and malformed tokens", async () => {
    for (const token of ["x".repeat(43), "../../etc", "", "a".repeat(199)]) {
      const res = await reset(token, "long-enough-1");
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("reset:invalid-token");
    }
    const notString = await callRoute(resetPasswordRoute, { body: { token: ["a"], password: "long-enough-1" } });
    expect(notString.status).toBe(400);
    expect(notString.json.code).toBe("request:invalid");
  });

  it("limits attempts per client address, whatever X-Forwarded-For the client writes", async () => {
    const attempt = (i: number) =>
      callRoute(resetPasswordRoute, {
        body: { token: "x".repeat(43), password: "long-enough-1" },
        headers: { "x-aula-peer": "192.0.2.201", "x-forwarded-for": `10.3.4.${i}` },
      });
    for (let i = 0; i < 30; i++) expect((await attempt(i)).status).toBe(400);
    const blocked = await attempt(99);
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("reset:rate-limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("a failing mail provider", () => {
  it("does not break sign-up, forgot password or reset; the failures are recorded", async () => {
    resend().failNext(100, 500);
    const session = await createAccount("unlucky@example.io", "old-password-1");
    expect(session).toMatch(/aula\.session=/);
    const forgotRes = await requestReset("unlucky@example.io");
    expect(forgotRes.status).toBe(200);
    expect(resend().emails("unlucky@example.io")).toHaveLength(0);

    // The link never arrived; the test swaps in a token it knows to finish the reset.
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, "unlucky@example.io"));
    const token = "T".repeat(43);
    await db
      .update(passwordResetTokens)
      .set({ tokenHash: hashResetToken(token) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(token, "new-password-44")).status).toBe(200);
    await settleBackgroundMail();

    const recorded = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "unlucky@example.io"));
    // Each tried by its mail.send job until its last attempt.
    expect(recorded.map((r) => [r.template, r.status, r.attempts]).sort()).toEqual([
      ["password-reset", "failed", MAIL_MAX_ATTEMPTS],
      ["password-updated", "failed", MAIL_MAX_ATTEMPTS],
      ["welcome", "failed", MAIL_MAX_ATTEMPTS],
    ]);
  });
});
