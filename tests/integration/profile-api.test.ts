import { eq } from "drizzle-orm";
import { POST as mailData } from "@/app/api/data/route";
import { POST as deleteUser } from "@/app/api/deleteuser/route";
import { POST as profile } from "@/app/api/profile/route";
import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { ensureSuperAdmin } from "@/features/accounts/service";
import { getRequestUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const resend = useFakeResend();

let n = 0;
async function account(password = "first-password1") {
  n += 1;
  const email = `p${n}@example.io`;
  const res = await callRoute(signup, { body: { email, mName: `User ${n}`, password }, peer: `198.19.0.${n}` });
  expect(res.status).toBe(201);
  const cookie = sessionCookieFrom(res.headers);
  const me = await getRequestUser(new Request("http://x/", { headers: { cookie } }));
  return { email, password, cookie, id: me!.id };
}

const post = (handler: typeof profile, cookie: string | undefined, body: unknown) =>
  callRoute(handler, { body, cookie: [cookie, "NEXT_LOCALE=en"].filter(Boolean).join("; ") });

const whoIs = (cookie: string) => getRequestUser(new Request("http://x/", { headers: { cookie } }));

afterEach(() => settleBackgroundMail());

describe("POST /api/profile", () => {
  it("updates name and e-mail (stored lower-cased) and answers the contract", async () => {
    const me = await account();
    const res = await post(profile, me.cookie, { mName: "  New Name ", email: "Renamed@Example.io", password: "", uid: me.id });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Profile updated" });
    expect(res.headers.get("set-cookie")).toBeNull(); // no password change: the session stays as it is
    expect(await whoIs(me.cookie)).toMatchObject({ name: "New Name", email: "renamed@example.io" });
  });

  it("requires name and e-mail with the SPEC's message, and changes nothing", async () => {
    const me = await account();
    for (const body of [{ mName: "", email: me.email }, { mName: "X", email: "  " }, {}]) {
      const res = await post(profile, me.cookie, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ success: false, message: "Please fill in all required fields.", code: "profile:missing-fields" });
    }
    const bad = await post(profile, me.cookie, { mName: "X", email: "nope" });
    expect(bad.json.code).toBe("profile:invalid-email");
    expect(await whoIs(me.cookie)).toMatchObject({ name: `User ${n}`, email: me.email });
  });

  it("refuses an e-mail that belongs to another account (409)", async () => {
    const other = await account();
    const me = await account();
    const res = await post(profile, me.cookie, { mName: "Me", email: other.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ success: false, message: "This email is already used by another account", code: "profile:email-taken" });
    expect((await whoIs(me.cookie))?.email).toBe(me.email);
  });

  it("a new password: 9+ characters, signs out other sessions, keeps this browser signed in, sends the notice", async () => {
    const me = await account("old-password-1");
    const otherDevice = sessionCookieFrom((await callRoute(signin, { body: { email: me.email, password: "old-password-1" } })).headers);

    const short = await post(profile, me.cookie, { mName: "Me", email: me.email, password: "short" });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("Password should be at least 9 characters");

    // Tokens carry millisecond times: step past the sign-ins above so "issued before the change" is strict.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await post(profile, me.cookie, { mName: "Me", email: me.email, password: "brand-new-pass1" });
    expect(res.status).toBe(200);
    const fresh = sessionCookieFrom(res.headers);
    expect(await whoIs(fresh)).toMatchObject({ id: me.id });
    expect(await whoIs(me.cookie)).toBeNull();
    expect(await whoIs(otherDevice)).toBeNull();
    expect((await callRoute(signin, { body: { email: me.email, password: "old-password-1" } })).status).toBe(401);
    expect((await callRoute(signin, { body: { email: me.email, password: "brand-new-pass1" } })).status).toBe(200);
    await settleBackgroundMail();
    expect(resend().emails(me.email).map((m) => m.subject)).toContain("Sua senha do Aula foi alterada");
  });

  it("refuses a uid naming someone else (403), and anonymous callers (401)", async () => {
    const victim = await account();
    const me = await account();
    const res = await post(profile, me.cookie, { mName: "Hijack", email: "hijack@example.io", uid: victim.id });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("profile:forbidden");
    expect(await whoIs(victim.cookie)).toMatchObject({ email: victim.email });
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });
    const anonymous = await post(profile, undefined, { mName: "A", email: "a@example.io" });
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/deleteuser", () => {
  it("deletes the account and everything it owns in one go; certificates stay verifiable", async () => {
    const me = await account();
    const keeper = await account();
    const db = await getDb();
    const [course] = await db.insert(schema.courses).values({ userId: me.id, mainTopic: "Rust", type: "text_image", lang: "English" }).returning();
    const [topic] = await db.insert(schema.topics).values({ courseId: course.id, position: 0, title: "Intro" }).returning();
    const [lesson] = await db.insert(schema.lessons).values({ courseId: course.id, topicId: topic.id, position: 0, title: "Hello" }).returning();
    await db.insert(schema.chatMessages).values({ courseId: course.id, userId: me.id, lessonId: lesson.id, sender: "user", text: "hi" });
    await db.insert(schema.notes).values({ userId: me.id, courseId: course.id, html: "<p>n</p>" });
    await db.insert(schema.quizzes).values({ courseId: course.id, questions: [] });
    await db.insert(schema.quizAttempts).values({ courseId: course.id, userId: me.id, mark: 80, passed: true });
    await db.insert(schema.passwordResetTokens).values({ userId: me.id, tokenHash: "h".repeat(64), expiresAt: new Date(Date.now() + 60_000) });
    await db.insert(schema.certificates).values({ publicId: "CERT-DEL-1", userId: me.id, courseId: course.id, holderName: `User ${n - 1}`, courseTitle: "Rust" });
    const [keeperCourse] = await db.insert(schema.courses).values({ userId: keeper.id, mainTopic: "Go", type: "text_image", lang: "English" }).returning();
    await settleBackgroundMail();
    expect((await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, me.email))).length).toBeGreaterThan(0);

    const res = await post(deleteUser, me.cookie, { userId: me.id });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Profile Deleted" });
    expect(res.headers.get("set-cookie")).toMatch(/authjs\.session-token=;.*Max-Age=0/);
    expect(await whoIs(me.cookie)).toBeNull();

    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    expect(await count(db.select().from(schema.users).where(eq(schema.users.id, me.id)))).toBe(0);
    expect(await count(db.select().from(schema.courses).where(eq(schema.courses.userId, me.id)))).toBe(0);
    expect(await count(db.select().from(schema.topics).where(eq(schema.topics.courseId, course.id)))).toBe(0);
    expect(await count(db.select().from(schema.lessons).where(eq(schema.lessons.courseId, course.id)))).toBe(0);
    expect(await count(db.select().from(schema.chatMessages).where(eq(schema.chatMessages.userId, me.id)))).toBe(0);
    expect(await count(db.select().from(schema.notes).where(eq(schema.notes.userId, me.id)))).toBe(0);
    expect(await count(db.select().from(schema.quizzes).where(eq(schema.quizzes.courseId, course.id)))).toBe(0);
    expect(await count(db.select().from(schema.quizAttempts).where(eq(schema.quizAttempts.userId, me.id)))).toBe(0);
    expect(await count(db.select().from(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.userId, me.id)))).toBe(0);
    expect(await count(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, me.email)))).toBe(0);

    const [certificate] = await db.select().from(schema.certificates).where(eq(schema.certificates.publicId, "CERT-DEL-1"));
    expect(certificate).toMatchObject({ userId: null, courseId: null, holderName: `User ${n - 1}`, courseTitle: "Rust" });

    // Someone else's data is untouched.
    expect(await count(db.select().from(schema.courses).where(eq(schema.courses.id, keeperCourse.id)))).toBe(1);
    expect(await whoIs(keeper.cookie)).toMatchObject({ id: keeper.id });
  });

  it("refuses admins and the super admin: Access Denied (403), nothing deleted", async () => {
    await ensureSuperAdmin({ email: "boss@example.io", password: "boss-password-1" });
    const login = await callRoute(signin, { body: { email: "boss@example.io", password: "boss-password-1" } });
    const bossCookie = sessionCookieFrom(login.headers);
    const res = await post(deleteUser, bossCookie, {});
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, message: "Access Denied: Admin profile cannot be deleted.", code: "profile:admin-undeletable" });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await whoIs(bossCookie)).toMatchObject({ email: "boss@example.io", role: "super" });

    const admin = await account();
    await (await getDb()).update(schema.users).set({ role: "admin" }).where(eq(schema.users.id, admin.id));
    const refused = await callRoute(deleteUser, { body: {}, cookie: `${admin.cookie}; NEXT_LOCALE=pt` });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Acesso negado: o perfil de administrador não pode ser excluído.");
    expect(await whoIs(admin.cookie)).toMatchObject({ id: admin.id });
  });

  it("refuses a userId naming someone else (403) and anonymous callers (401)", async () => {
    const victim = await account();
    const me = await account();
    const res = await post(deleteUser, me.cookie, { userId: victim.id });
    expect(res.status).toBe(403);
    expect(await whoIs(victim.cookie)).toMatchObject({ id: victim.id });
    expect(await whoIs(me.cookie)).toMatchObject({ id: me.id });
    expect((await post(deleteUser, undefined, {})).status).toBe(401);
  });
});

describe("POST /api/data (no open relay)", () => {
  it("mails the signed-in user a template rendered on the server", async () => {
    const me = await account();
    await settleBackgroundMail();
    resend().reset();
    const res = await post(mailData, me.cookie, { template: "welcome", to: me.email.toUpperCase(), uid: me.id });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Email sent" });
    expect(resend().emails().map((m) => [m.to, m.subject])).toEqual([[[me.email], `Boas-vindas ao Aula, User ${n}!`]]);
  });

  it("refuses other recipients and uids (403), free HTML or subjects, and unknown templates (400)", async () => {
    const victim = await account();
    const me = await account();
    await settleBackgroundMail();
    resend().reset();
    const refusals: [unknown, number, string][] = [
      [{ template: "welcome", to: "someone@else.io" }, 403, "mail:forbidden"],
      [{ template: "welcome", uid: victim.id }, 403, "mail:forbidden"],
      [{ template: "welcome", html: "<h1>phish</h1>" }, 400, "request:invalid"],
      [{ template: "welcome", subject: "Hi", to: me.email }, 400, "request:invalid"],
      [{ template: "welcome", data: { name: "Someone else" } }, 400, "request:invalid"],
      [{ template: "certificate", data: {} }, 400, "request:invalid"],
      [{ subject: "x", to: "a@b.io", html: "<p>x</p>" }, 400, "request:invalid"],
    ];
    for (const [body, status, code] of refusals) {
      const res = await post(mailData, me.cookie, body);
      expect([JSON.stringify(body), res.status, res.json.code]).toEqual([JSON.stringify(body), status, code]);
    }
    expect(resend().requestCount()).toBe(0);
    expect((await post(mailData, undefined, { template: "welcome" })).status).toBe(401);
  });

  it("answers 502 when the provider keeps failing", async () => {
    const me = await account();
    await settleBackgroundMail();
    resend().failNext(10, 500);
    const res = await post(mailData, me.cookie, { template: "password-updated" });
    expect(res.status).toBe(502);
    expect(res.json.code).toBe("mail:failed");
    resend().reset();
  });
});
