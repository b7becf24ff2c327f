import { eq } from "drizzle-orm";
import { POST as mailData } from "@/app/api/data/route";
import { POST as deleteUser } from "@/app/api/deleteuser/route";
import { POST as confirmEmail } from "@/app/api/profile/confirm-email/route";
import { POST as profile } from "@/app/api/profile/route";
import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { ensureSuperAdmin } from "@/features/accounts/server";
import { getRequestUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { useTestDatabase } from "../setup/test-db";
import { signedUpUser } from "../setup/accounts";
import { waitFor } from "../setup/wait";

useTestDatabase();
const resend = useFakeResend();

/** An account whose `cookie` is the session alone: `post` adds the locale. */
async function account(password = "first-password1") {
  const { email, id, name, sessionCookie } = await signedUpUser({ password });
  return { email, password, name, cookie: sessionCookie, id };
}

const post = (handler: typeof profile, cookie: string | undefined, body: unknown) =>
  callRoute(handler, { body, cookie: [cookie, "NEXT_LOCALE=en"].filter(Boolean).join("; ") });

async function sessionCount(userId: string) {
  const db = await getDb();
  return (await db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId))).length;
}

const whoIs = (cookie: string) => getRequestUser(new Request("http://x/", { headers: { cookie } }));

afterEach(() => settleBackgroundMail());

describe("POST /api/profile", () => {
  it("updates the name with the session alone and answers the contract", async () => {
    const me = await account();
    // The same e-mail in other letters is no change, so no current password is asked for.
    const res = await post(profile, me.cookie, {
      mName: "  New Name ",
      email: me.email.toUpperCase(),
      password: "",
      uid: me.id,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Profile updated" });
    expect(res.headers.get("set-cookie")).toBeNull(); // no password change: the session stays as it is
    expect(await whoIs(me.cookie)).toMatchObject({ name: "New Name", email: me.email });
  });

  it("requires name and e-mail with the SPEC's message, and changes nothing", async () => {
    const me = await account();
    for (const body of [{ mName: "", email: me.email }, { mName: "X", email: "  " }, {}]) {
      const res = await post(profile, me.cookie, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        success: false,
        message: "Please fill in all required fields.",
        code: "profile:missing-fields",
      });
    }
    const bad = await post(profile, me.cookie, { mName: "X", email: "nope" });
    expect(bad.json.code).toBe("profile:invalid-email");
    expect(await whoIs(me.cookie)).toMatchObject({ name: me.name, email: me.email });
  });

  it("refuses an e-mail that belongs to another account (409)", async () => {
    const other = await account();
    const me = await account();
    const res = await post(profile, me.cookie, {
      mName: "Me",
      email: other.email.toUpperCase(),
      currentPassword: me.password,
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      message: "This email is already used by another account",
      code: "profile:email-taken",
    });
    expect((await whoIs(me.cookie))?.email).toBe(me.email);
  });

  it("a new password: 9+ characters, signs out other sessions, keeps this browser signed in, sends the notice", async () => {
    const me = await account("old-password-1");
    const otherDevice = sessionCookieFrom(
      (await callRoute(signin, { body: { email: me.email, password: "old-password-1" } })).headers,
    );

    const short = await post(profile, me.cookie, {
      mName: "Me",
      email: me.email,
      password: "short",
      currentPassword: me.password,
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("Password should be at least 9 characters");

    // Tokens carry millisecond times: step past the sign-ins above so "issued before the change" is strict.
    const signedInBy = Date.now();
    await waitFor(() => Date.now() > signedInBy, "the clock to pass the sign-ins");
    const res = await post(profile, me.cookie, {
      mName: "Me",
      email: me.email,
      password: "brand-new-pass1",
      currentPassword: me.password,
    });
    expect(res.status).toBe(200);
    const fresh = sessionCookieFrom(res.headers);
    expect(await whoIs(fresh)).toMatchObject({ id: me.id });
    expect(await whoIs(me.cookie)).toBeNull();
    expect(await whoIs(otherDevice)).toBeNull();
    // The other sessions' rows are gone; only this browser's fresh one is left.
    expect(await sessionCount(me.id)).toBe(1);
    expect((await callRoute(signin, { body: { email: me.email, password: "old-password-1" } })).status).toBe(401);
    expect((await callRoute(signin, { body: { email: me.email, password: "brand-new-pass1" } })).status).toBe(200);
    await settleBackgroundMail();
    expect(
      resend()
        .emails(me.email)
        .map((m) => m.subject),
    ).toContain("Sua senha do Aula foi alterada");
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

describe("POST /api/profile: the current password guards the credentials", () => {
  it("a new password or e-mail without the current password is refused (400), with a wrong one too (403); nothing changes", async () => {
    const me = await account("current-pass-1");
    const changes = [
      { mName: "Me", email: me.email, password: "brand-new-pass1" },
      { mName: "Me", email: "moved@example.io" },
    ];
    for (const change of changes) {
      const missing = await post(profile, me.cookie, change);
      expect([missing.status, missing.json]).toEqual([
        400,
        {
          success: false,
          message: "Enter your current password to change your e-mail or password.",
          code: "profile:current-password-required",
        },
      ]);
      const wrong = await post(profile, me.cookie, { ...change, currentPassword: "not-my-password" });
      expect([wrong.status, wrong.json]).toEqual([
        403,
        { success: false, message: "Your current password is not correct.", code: "profile:current-password-wrong" },
      ]);
    }
    const pt = await callRoute(profile, { body: changes[0], cookie: `${me.cookie}; NEXT_LOCALE=pt` });
    expect(pt.json.message).toBe("Digite sua senha atual para mudar seu e-mail ou sua senha.");

    expect(await whoIs(me.cookie)).toMatchObject({ id: me.id, email: me.email, name: me.name });
    expect((await callRoute(signin, { body: { email: me.email, password: "current-pass-1" } })).status).toBe(200);
    expect(
      await (await getDb()).select().from(schema.emailChangeTokens).where(eq(schema.emailChangeTokens.userId, me.id)),
    ).toEqual([]);
  });

  it("wrong current passwords are limited per account: the 6th attempt in 15 minutes is 429, even with the right one", async () => {
    const me = await account("current-pass-2");
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await post(profile, me.cookie, {
            mName: "Me",
            email: me.email,
            password: "brand-new-pass1",
            currentPassword: `guess-${i}`,
          })
        ).status,
      ).toBe(403);
    }
    const limited = await post(profile, me.cookie, {
      mName: "Me",
      email: me.email,
      password: "brand-new-pass1",
      currentPassword: "current-pass-2",
    });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("profile:current-password-rate-limited");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await callRoute(signin, { body: { email: me.email, password: "current-pass-2" } })).status).toBe(200);
  });
});

/** The confirmation link in the mail sent to the new address. */
function confirmTokenIn(text: string | null): string {
  const token = text?.match(/\/confirm-email\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no confirmation link in: ${text}`);
  return token;
}

const confirm = (token: string, locale = "en") =>
  callRoute(confirmEmail, {
    body: { token },
    cookie: `NEXT_LOCALE=${locale}`,
    headers: { "x-forwarded-for": "198.19.9.9" },
  });

describe("e-mail change", () => {
  it("stays pending until the link mailed to the new address is followed; the old address is told; the link works once", async () => {
    const me = await account();
    const other = await account();
    const res = await post(profile, me.cookie, {
      mName: "Mover",
      email: " Moved.Here@Example.io ",
      password: "",
      currentPassword: me.password,
      uid: me.id,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: "Profile updated. We sent a link to moved.here@example.io: follow it to confirm your new e-mail.",
      pendingEmail: "moved.here@example.io",
    });
    // The name changes at once; the e-mail does not, and nobody can sign in with the new one yet.
    expect(await whoIs(me.cookie)).toMatchObject({ name: "Mover", email: me.email });
    expect((await callRoute(signin, { body: { email: "moved.here@example.io", password: me.password } })).status).toBe(
      401,
    );

    await settleBackgroundMail();
    const [toNew] = resend().emails("moved.here@example.io");
    expect(toNew.subject).toBe("Confirme seu novo e-mail no Aula");
    const notice = resend()
      .emails(me.email)
      .find((mail) => mail.subject === "O e-mail da sua conta do Aula está sendo alterado");
    expect(notice?.text).toContain("moved.here@example.io");
    const token = confirmTokenIn(toNew.text);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(schema.emailChangeTokens)
      .where(eq(schema.emailChangeTokens.userId, me.id));
    expect(row.tokenHash).not.toBe(token); // only its hash is stored
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.json).toEqual({
      success: true,
      message: "Your e-mail has been changed.",
      email: "moved.here@example.io",
    });
    // Sessions stay: the same cookie now reads the new address, which signs in.
    expect(await whoIs(me.cookie)).toMatchObject({ id: me.id, email: "moved.here@example.io" });
    expect((await callRoute(signin, { body: { email: "moved.here@example.io", password: me.password } })).status).toBe(
      200,
    );
    expect((await callRoute(signin, { body: { email: me.email, password: me.password } })).status).toBe(401);

    const again = await confirm(token);
    expect([again.status, again.json.code]).toEqual([400, "confirm-email:invalid-token"]);
    expect(await whoIs(other.cookie)).toMatchObject({ email: other.email });
  });

  it("an expired link, an unknown one and a malformed one change nothing (400)", async () => {
    const me = await account();
    await post(profile, me.cookie, { mName: "Me", email: "late@example.io", currentPassword: me.password });
    await settleBackgroundMail();
    const token = confirmTokenIn(resend().emails("late@example.io").at(-1)!.text);
    const db = await getDb();
    await db
      .update(schema.emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.emailChangeTokens.userId, me.id));
    for (const bad of [token, "A".repeat(43), "short", ""]) {
      const res = await confirm(bad, "pt");
      expect([bad, res.status, res.json.code]).toEqual([bad, 400, "confirm-email:invalid-token"]);
      expect(res.json.message).toBe("Este link de confirmação é inválido ou expirou. Mude seu e-mail novamente.");
    }
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });
  });

  it("a newer request replaces the older link; an address taken meanwhile is 409 and the link stays unused", async () => {
    const me = await account();
    await post(profile, me.cookie, { mName: "Me", email: "first-choice@example.io", currentPassword: me.password });
    await post(profile, me.cookie, { mName: "Me", email: "second-choice@example.io", currentPassword: me.password });
    await settleBackgroundMail();
    const first = confirmTokenIn(resend().emails("first-choice@example.io").at(-1)!.text);
    const second = confirmTokenIn(resend().emails("second-choice@example.io").at(-1)!.text);
    expect((await confirm(first)).status).toBe(400);

    // Someone signs up with the address before the link is followed.
    const res = await callRoute(signup, {
      body: { email: "second-choice@example.io", mName: "Quick", password: "quick-password-1" },
      headers: { "x-forwarded-for": "198.19.7.7" },
    });
    expect(res.status).toBe(201);
    const taken = await confirm(second);
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({
      success: false,
      message: "This email is already used by another account",
      code: "confirm-email:email-taken",
    });
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });
    const [row] = await (
      await getDb()
    )
      .select()
      .from(schema.emailChangeTokens)
      .where(eq(schema.emailChangeTokens.userId, me.id));
    expect(row.usedAt).toBeNull();
  });

  it("a new e-mail and a new password together: the password at once (other sessions end), the e-mail once confirmed", async () => {
    const me = await account("both-password-1");
    const res = await post(profile, me.cookie, {
      mName: "Me",
      email: "both@example.io",
      password: "both-password-2",
      currentPassword: "both-password-1",
    });
    expect(res.status).toBe(200);
    expect(res.json.pendingEmail).toBe("both@example.io");
    const fresh = sessionCookieFrom(res.headers);
    expect(await whoIs(me.cookie)).toBeNull();
    expect(await whoIs(fresh)).toMatchObject({ email: me.email });
    expect((await callRoute(signin, { body: { email: me.email, password: "both-password-2" } })).status).toBe(200);
  });
});

describe("POST /api/deleteuser", () => {
  it("deletes the account and everything it owns in one go; certificates stay verifiable", async () => {
    const me = await account();
    const keeper = await account();
    const db = await getDb();
    const [course] = await db
      .insert(schema.courses)
      .values({ userId: me.id, mainTopic: "Rust", type: "text_image", lang: "English" })
      .returning();
    const [topic] = await db
      .insert(schema.topics)
      .values({ courseId: course.id, position: 0, number: 0, title: "Intro" })
      .returning();
    const [lesson] = await db
      .insert(schema.lessons)
      .values({ courseId: course.id, topicId: topic.id, position: 0, title: "Hello" })
      .returning();
    await db
      .insert(schema.chatMessages)
      .values({ courseId: course.id, userId: me.id, lessonId: lesson.id, sender: "user", text: "hi" });
    await db.insert(schema.notes).values({ userId: me.id, courseId: course.id, html: "<p>n</p>" });
    await db.insert(schema.quizzes).values({ courseId: course.id, questions: [] });
    await db.insert(schema.quizAttempts).values({ courseId: course.id, userId: me.id, mark: 80, passed: true });
    await db
      .insert(schema.passwordResetTokens)
      .values({ userId: me.id, tokenHash: "h".repeat(64), expiresAt: new Date(Date.now() + 60_000) });
    await db.insert(schema.certificates).values({
      publicId: "CERT-DEL-1",
      userId: me.id,
      courseId: course.id,
      holderName: me.name,
      courseTitle: "Rust",
    });
    const [keeperCourse] = await db
      .insert(schema.courses)
      .values({ userId: keeper.id, mainTopic: "Go", type: "text_image", lang: "English" })
      .returning();
    await settleBackgroundMail();
    expect(
      (await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, me.email))).length,
    ).toBeGreaterThan(0);

    const res = await post(deleteUser, me.cookie, { userId: me.id, currentPassword: me.password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Profile Deleted" });
    expect(res.headers.get("set-cookie")).toMatch(/aula\.session=;.*Max-Age=0/);
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
    expect(
      await count(db.select().from(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.userId, me.id))),
    ).toBe(0);
    expect(await count(db.select().from(schema.sessions).where(eq(schema.sessions.userId, me.id)))).toBe(0);
    expect(await count(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, me.email)))).toBe(0);

    const [certificate] = await db
      .select()
      .from(schema.certificates)
      .where(eq(schema.certificates.publicId, "CERT-DEL-1"));
    expect(certificate).toMatchObject({
      userId: null,
      courseId: null,
      holderName: me.name,
      courseTitle: "Rust",
    });

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
    expect(res.json).toEqual({
      success: false,
      message: "Access Denied: Admin profile cannot be deleted.",
      code: "profile:admin-undeletable",
    });
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
    expect(
      resend()
        .emails()
        .map((m) => [m.to, m.subject]),
    ).toEqual([[[me.email], `Boas-vindas ao Aula, ${me.name}!`]]);
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
