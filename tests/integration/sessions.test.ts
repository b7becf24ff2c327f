import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { DELETE as deleteSessionRoute } from "@/app/api/sessions/[id]/route";
import { GET as listSessionsRoute, POST as sessionsAction } from "@/app/api/sessions/route";
import { POST as signin } from "@/app/api/signin/route";
import { POST as signout } from "@/app/api/signout/route";
import { insertUser } from "@/features/accounts/queries";
import { startSession } from "@/features/accounts/sessions";
import { newSecretToken } from "@/server/auth/secret-token";
import { getRequestUser, requireRequestUser, resolveSession, resolveSessionRecord } from "@/server/auth/session";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "@/server/auth/session-token";
import { getDb } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();

async function newUser(email: string) {
  const user = await insertUser({ email, name: "Sam", passwordHash: "$argon2id$not-used-here" });
  if (!user) throw new Error("user not created");
  return user;
}

/** The token of a new session of the user, as sign-in makes one. */
async function newToken(userId: string, userAgent: string | null = null) {
  return startSession(userId, userAgent);
}

async function sessionRows(userId: string) {
  const db = await getDb();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** The id (as the sessions list shows it) of the session a cookie or a token names. */
async function sessionIdOf(cookieOrToken: string) {
  const token = cookieOrToken.slice(cookieOrToken.indexOf("=") + 1);
  return (await resolveSessionRecord(token))!.sessionId;
}

function requestWith(cookie: string) {
  return new Request("http://localhost:3000/api/anything", { headers: { cookie } });
}

describe("sessions", () => {
  it("read a paid plan whose period has ended as Free, and one with no end as granted", async () => {
    const user = await newUser("plan-period@example.io");
    const token = await newToken(user.id);
    const db = await getDb();
    await db
      .update(users)
      .set({ plan: "monthly", planExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(users.id, user.id));
    expect((await resolveSession(token))?.plan).toBe("monthly");
    await db
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(users.id, user.id));
    expect((await resolveSession(token))?.plan).toBe("free");
    await db.update(users).set({ plan: "yearly", planExpiresAt: null }).where(eq(users.id, user.id));
    expect((await resolveSession(token))?.plan).toBe("yearly");
  });

  it("resolve a token to its user, without the password hash", async () => {
    const user = await newUser("session@example.io");
    const token = await newToken(user.id);

    const resolved = await resolveSession(token);
    expect(resolved).toEqual({
      id: user.id,
      email: "session@example.io",
      name: "Sam",
      role: "user",
      plan: "free",
      locale: "pt",
    });
    expect(resolved).not.toHaveProperty("passwordHash");
    expect(resolved).not.toHaveProperty("lastSeenAt");

    // Route handlers read it from the Cookie header, among other cookies.
    const cookie = `NEXT_LOCALE=en; ${sessionCookieName()}=${token}; theme=dark`;
    expect(await getRequestUser(requestWith(cookie))).toEqual(resolved);
    expect(await requireRequestUser(requestWith(cookie))).toEqual(resolved);
  });

  it("are opaque random tokens, of which the database keeps only the SHA-256", async () => {
    const user = await newUser("hashed@example.io");
    const token = await newToken(user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await newToken(user.id)).not.toBe(token);

    const rows = await sessionRows(user.id);
    const id = await sessionIdOf(token);
    const row = rows.find((r) => r.id === id)!;
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(token);
    // What the table holds signs nobody in: neither the hash nor the row's id is a token.
    expect(await resolveSession(row.tokenHash)).toBeNull();
    expect(await resolveSession(row.id)).toBeNull();
  });

  it("refuse a forged token: well formed, never issued", async () => {
    const user = await newUser("forged@example.io");
    const token = await newToken(user.id);
    expect(await resolveSession(token)).not.toBeNull();

    const oneCharOff = token.slice(0, 20) + (token[20] === "A" ? "B" : "A") + token.slice(21);
    for (const forged of [newSecretToken(), oneCharOff, "A".repeat(43)]) {
      expect(await resolveSession(forged)).toBeNull();
      expect(await getRequestUser(requestWith(`${sessionCookieName()}=${forged}`))).toBeNull();
    }
  });

  it("end at once when their row is deleted, and the user's other sessions go on", async () => {
    const user = await newUser("revoked@example.io");
    const token = await newToken(user.id);
    const otherCookie = `${sessionCookieName()}=${await newToken(user.id)}`;
    expect(await getRequestUser(requestWith(`${sessionCookieName()}=${token}`))).toMatchObject({ id: user.id });

    expect(await sessionRows(user.id)).toHaveLength(2);
    // The row of the first token goes, as sign-out and the sessions card delete it.
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, await sessionIdOf(token)));

    expect(await getRequestUser(requestWith(`${sessionCookieName()}=${token}`))).toBeNull();
    expect(await getRequestUser(requestWith(otherCookie))).toMatchObject({ id: user.id });
  });

  it("refuses the token of a deleted user", async () => {
    const user = await newUser("gone@example.io");
    const token = await newToken(user.id);
    expect(await resolveSession(token)).not.toBeNull();

    const db = await getDb();
    await db.delete(users).where(eq(users.id, user.id));
    expect(await resolveSession(token)).toBeNull();
  });

  it("refuses garbage, empty, oversized and injected tokens", async () => {
    const user = await newUser("tamper@example.io");
    const token = await newToken(user.id);
    expect(await resolveSession(token)).not.toBeNull();

    for (const bad of ["garbage", "", "a.b.c.d.e", token + "x", token + "x".repeat(5000), "' or 1=1 --"]) {
      expect(await resolveSession(bad)).toBeNull();
      expect(await getRequestUser(requestWith(`${sessionCookieName()}=${bad}`))).toBeNull();
    }
    expect(await resolveSession(undefined)).toBeNull();
    expect(await getRequestUser(new Request("http://localhost:3000/"))).toBeNull();
  });

  it("expire 30 days after sign-in, with their cookie; an expired row is refused", async () => {
    const user = await newUser("expiry@example.io");
    const token = await newToken(user.id);
    const [row] = await sessionRows(user.id);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SESSION_MAX_AGE_SECONDS * 1000);
    expect((await resolveSessionRecord(token))?.expiresAtMs).toBe(row.expiresAt.getTime());

    const db = await getDb();
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, row.id));
    expect(await resolveSession(token)).toBeNull();
    expect(await getRequestUser(requestWith(`${sessionCookieName()}=${token}`))).toBeNull();
  });

  it("requireRequestUser answers 401 without a session", async () => {
    await expect(requireRequestUser(requestWith("NEXT_LOCALE=en"))).rejects.toMatchObject({
      constructor: AppError,
      status: 401,
      code: "auth:unauthenticated",
    });
  });
});

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0";

/** An account made through the contract, signed in from one browser (its User-Agent). */
async function signedUp(userAgent = CHROME_LINUX) {
  const { id, email, password, sessionCookie } = await signedUpUser({ headers: { "user-agent": userAgent } });
  return { id, email, password, cookie: sessionCookie };
}

async function signedInAgain(account: { email: string; password: string }, userAgent: string) {
  const res = await callRoute(signin, { body: account, headers: { "user-agent": userAgent } });
  expect(res.status).toBe(200);
  return sessionCookieFrom(res.headers);
}

/** callRoute passes params untyped; the route reads `{ id }`. */
const deleteSession = deleteSessionRoute as unknown as Parameters<typeof callRoute>[0];

const withLocale = (cookie: string, locale = "en") => `${cookie}; NEXT_LOCALE=${locale}`;

describe("POST /api/signout", () => {
  it("clears the session cookie (same name and path, Max-Age=0)", async () => {
    const user = await newUser("signout@example.io");
    const cookie = `${sessionCookieName()}=${await newToken(user.id)}`;
    const res = await callRoute(signout, { method: "POST", cookie: `${cookie}; NEXT_LOCALE=en` });

    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: "Logged Out" });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`^${sessionCookieName()}=;`));
    expect(setCookie).toMatch(/Max-Age=0/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/HttpOnly/);

    // What the browser then sends: an empty session cookie, which is no session.
    expect(await getRequestUser(requestWith(`${sessionCookieName()}=`))).toBeNull();
  });

  it("ends the session itself: a copy of the cookie taken before sign-out gets 401, other sessions stay", async () => {
    const me = await signedUp();
    const laptop = await signedInAgain(me, FIREFOX_MAC);
    const copied = me.cookie; // what someone copied from the browser before it signed out
    expect((await callRoute(listSessionsRoute, { cookie: withLocale(copied) })).status).toBe(200);

    const res = await callRoute(signout, { method: "POST", cookie: withLocale(me.cookie) });
    expect(res.status).toBe(200);

    const replay = await callRoute(listSessionsRoute, { cookie: withLocale(copied) });
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe("auth:unauthenticated");
    await expect(requireRequestUser(requestWith(copied))).rejects.toMatchObject({ status: 401 });
    expect(await sessionRows(me.id)).toHaveLength(1);
    expect(await getRequestUser(requestWith(laptop))).toMatchObject({ id: me.id });

    // Signing out again with the dead cookie, or with none, is still a clean sign-out.
    expect((await callRoute(signout, { method: "POST", cookie: copied })).status).toBe(200);
    expect((await callRoute(signout, { method: "POST" })).status).toBe(200);
  });
});

describe("malformed cookies", () => {
  it("a session cookie that is not valid percent-encoding is no session: 401, not 500", async () => {
    const bad = `${sessionCookieName()}=%E0%A4%A`;
    expect(await getRequestUser(requestWith(bad))).toBeNull();
    const res = await callRoute(listSessionsRoute, { cookie: withLocale(bad) });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("auth:unauthenticated");
    expect((await callRoute(signout, { method: "POST", cookie: bad })).status).toBe(200);
  });

  it("another cookie that is malformed does not hide a valid session", async () => {
    const me = await signedUp();
    expect(await getRequestUser(requestWith(`theme=%E0%A4%A; ${me.cookie}`))).toMatchObject({ id: me.id });
  });
});

describe("last seen", () => {
  it("moves forward once it is a few minutes old, not on every request", async () => {
    const me = await signedUp();
    const db = await getDb();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    await db.update(sessions).set({ lastSeenAt: tenMinutesAgo }).where(eq(sessions.userId, me.id));

    await getRequestUser(requestWith(me.cookie));
    const [touched] = await sessionRows(me.id);
    expect(touched.lastSeenAt.getTime()).toBeGreaterThan(tenMinutesAgo.getTime() + 9 * 60 * 1000);

    await getRequestUser(requestWith(me.cookie));
    const [again] = await sessionRows(me.id);
    expect(again.lastSeenAt.getTime()).toBe(touched.lastSeenAt.getTime());
  });
});

describe("/api/sessions", () => {
  it("lists the user's sessions with their browser and system, this one marked; never another user's", async () => {
    const me = await signedUp(CHROME_LINUX);
    const laptop = await signedInAgain(me, FIREFOX_MAC);
    await signedUp(); // someone else

    const res = await callRoute(listSessionsRoute, { cookie: withLocale(laptop) });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const listed = res.json.sessions as {
      id: string;
      browser: string;
      os: string;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
    }[];
    expect(
      listed
        .map(({ browser, os, current }) => ({ browser, os, current }))
        .sort((a, b) => a.browser.localeCompare(b.browser)),
    ).toEqual([
      { browser: "Chrome", os: "Linux", current: false },
      { browser: "Firefox", os: "macOS", current: true },
    ]);
    for (const row of listed) {
      expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(row.lastSeenAt))).toBe(false);
    }
    expect((await callRoute(listSessionsRoute)).status).toBe(401);
  });

  it("does not list expired sessions, and deletes them at the next sign-in", async () => {
    const me = await signedUp();
    const stale = await sessionIdOf(await startSession(me.id, FIREFOX_MAC));
    const db = await getDb();
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, stale));
    const res = await callRoute(listSessionsRoute, { cookie: me.cookie });
    expect(res.json.sessions.map((row: { id: string }) => row.id)).not.toContain(stale);
    expect(res.json.sessions).toHaveLength(1);

    await signedInAgain(me, CHROME_LINUX);
    expect((await sessionRows(me.id)).map((row) => row.id)).not.toContain(stale);
  });

  it("signs out of every other session and keeps this one", async () => {
    const me = await signedUp(CHROME_LINUX);
    const laptop = await signedInAgain(me, FIREFOX_MAC);
    const phone = await signedInAgain(me, CHROME_LINUX);
    const other = await signedUp();

    const res = await callRoute(sessionsAction, { body: { signOut: "others" }, cookie: withLocale(me.cookie) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "2 other sessions signed out", count: 2 });
    expect(await getRequestUser(requestWith(laptop))).toBeNull();
    expect(await getRequestUser(requestWith(phone))).toBeNull();
    expect(await getRequestUser(requestWith(me.cookie))).toMatchObject({ id: me.id });
    expect(await getRequestUser(requestWith(other.cookie))).toMatchObject({ id: other.id });
    expect(await sessionRows(me.id)).toHaveLength(1);

    const pt = await callRoute(sessionsAction, { body: { signOut: "others" }, cookie: withLocale(me.cookie, "pt") });
    expect(pt.json.message).toBe("Nenhuma outra sessão estava aberta");

    // The action is named: an empty or different body does nothing.
    for (const body of [{}, { signOut: "all" }]) {
      expect((await callRoute(sessionsAction, { body, cookie: me.cookie })).status).toBe(400);
    }
    expect((await callRoute(sessionsAction, { body: { signOut: "others" } })).status).toBe(401);
  });

  it("DELETE ends one of the user's own sessions; another user's is 404 and stays", async () => {
    const me = await signedUp(CHROME_LINUX);
    const laptop = await signedInAgain(me, FIREFOX_MAC);
    const other = await signedUp();
    const [laptopId, otherId, myId] = await Promise.all([laptop, other.cookie, me.cookie].map(sessionIdOf));

    const refused = await callRoute(deleteSession, {
      method: "DELETE",
      cookie: withLocale(me.cookie),
      params: { id: otherId },
    });
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe("sessions:not-found");
    expect(await getRequestUser(requestWith(other.cookie))).toMatchObject({ id: other.id });
    expect(
      (await callRoute(deleteSession, { method: "DELETE", cookie: me.cookie, params: { id: "nope" } })).status,
    ).toBe(404);

    const res = await callRoute(deleteSession, {
      method: "DELETE",
      cookie: withLocale(me.cookie),
      params: { id: laptopId },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Session signed out" });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await getRequestUser(requestWith(laptop))).toBeNull();

    // Ending this browser's own session also clears its cookie.
    const own = await callRoute(deleteSession, { method: "DELETE", cookie: me.cookie, params: { id: myId } });
    expect(own.status).toBe(200);
    expect(own.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await getRequestUser(requestWith(me.cookie))).toBeNull();
  });
});
