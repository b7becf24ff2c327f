import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { DELETE as deleteSessionRoute } from "@/app/api/sessions/[id]/route";
import { GET as listSessionsRoute, POST as sessionsAction } from "@/app/api/sessions/route";
import { POST as signin } from "@/app/api/signin/route";
import { POST as signout } from "@/app/api/signout/route";
import { insertUser } from "@/features/accounts/queries";
import { startSession } from "@/features/accounts/sessions";
import { getRequestUser, requireRequestUser, resolveSession } from "@/server/auth/session";
import { encode } from "next-auth/jwt";
import {
  createSessionToken,
  readSessionToken,
  rememberedTokenCount,
  sessionCookieName,
} from "@/server/auth/session-token";
import { getDb } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { withSettings } from "../setup/settings";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();

async function newUser(email: string) {
  const user = await insertUser({ email, name: "Sam", passwordHash: "$argon2id$not-used-here" });
  if (!user) throw new Error("user not created");
  return user;
}

/** A token for a new session of the user, as sign-in makes one. */
async function newToken(userId: string, userAgent: string | null = null) {
  return createSessionToken(userId, await startSession(userId, userAgent));
}

async function sessionRows(userId: string) {
  const db = await getDb();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

function requestWith(cookie: string) {
  return new Request("http://localhost:3000/api/anything", { headers: { cookie } });
}

/** Runs `work` as if the server had been started with another AUTH_SECRET. */
const withAuthSecret = <T>(secret: string, work: () => Promise<T>) => withSettings({ AUTH_SECRET: secret }, work);

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

  it("refuses a token whose session row is gone, and accepts the user's other sessions", async () => {
    const user = await newUser("reset@example.io");
    const token = await newToken(user.id);
    const otherCookie = `${sessionCookieName()}=${await newToken(user.id)}`;
    expect(await getRequestUser(requestWith(`${sessionCookieName()}=${token}`))).toMatchObject({ id: user.id });

    expect(await sessionRows(user.id)).toHaveLength(2);
    // The row the first token names goes, as sign-out deletes it.
    const claims = await readSessionToken(token);
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, claims!.sid));

    expect(await getRequestUser(requestWith(`${sessionCookieName()}=${token}`))).toBeNull();
    expect(await getRequestUser(requestWith(otherCookie))).toMatchObject({ id: user.id });
  });

  it("refuses a token naming another user's session, and a token without a session id", async () => {
    const user = await newUser("mixed@example.io");
    const someoneElse = await newUser("mixed-2@example.io");
    const theirSession = await startSession(someoneElse.id, null);
    expect(await resolveSession(await createSessionToken(user.id, theirSession))).toBeNull();
    // Issued before session rows existed: only a user id and an issue time.
    const legacy = await encode({
      token: { sub: user.id, issuedAtMs: Date.now() },
      secret: process.env.AUTH_SECRET!,
      salt: sessionCookieName(),
    });
    expect(await resolveSession(legacy)).toBeNull();
    expect(await resolveSession(await createSessionToken(user.id, "not-a-uuid"))).toBeNull();
  });

  it("refuses the token of a deleted user", async () => {
    const user = await newUser("gone@example.io");
    const token = await newToken(user.id);
    expect(await resolveSession(token)).not.toBeNull();

    const db = await getDb();
    await db.delete(users).where(eq(users.id, user.id));
    expect(await resolveSession(token)).toBeNull();
  });

  it("refuses garbage, tampered, empty and oversized tokens", async () => {
    const user = await newUser("tamper@example.io");
    const token = await newToken(user.id);
    expect(await resolveSession(token)).not.toBeNull();

    const middle = Math.floor(token.length * 0.7); // inside the ciphertext
    const tampered = token.slice(0, middle) + (token[middle] === "A" ? "B" : "A") + token.slice(middle + 1);
    expect(tampered).not.toBe(token);

    for (const bad of ["garbage", tampered, "", "a.b.c.d.e", token + "x".repeat(5000)]) {
      expect(await resolveSession(bad)).toBeNull();
      expect(await getRequestUser(requestWith(`${sessionCookieName()}=${bad}`))).toBeNull();
    }
    expect(await resolveSession(undefined)).toBeNull();
    expect(await getRequestUser(new Request("http://localhost:3000/"))).toBeNull();
  });

  it("refuses a token for an unknown id or a non-uuid id", async () => {
    expect(await resolveSession(await createSessionToken(randomUUID(), randomUUID()))).toBeNull();
    expect(await resolveSession(await createSessionToken("' or 1=1 --", randomUUID()))).toBeNull();
  });

  it("refuses a token signed with another AUTH_SECRET, both ways", async () => {
    const user = await newUser("secret@example.io");
    const foreign = await withAuthSecret("another-secret-another-secret-0123456789", () => newToken(user.id));
    expect(await resolveSession(foreign)).toBeNull();

    const ours = await newToken(user.id);
    expect(await resolveSession(ours)).not.toBeNull();
    expect(await withAuthSecret("another-secret-another-secret-0123456789", () => resolveSession(ours))).toBeNull();
  });

  it("expire after 30 days", async () => {
    const user = await newUser("expiry@example.io");
    const token = await newToken(user.id);
    const start = Date.now();
    const day = 24 * 60 * 60 * 1000;
    // Only the clock is faked: the database driver keeps its real timers.
    jest.useFakeTimers({
      doNotFake: [
        "hrtime",
        "nextTick",
        "performance",
        "queueMicrotask",
        "setImmediate",
        "clearImmediate",
        "setInterval",
        "clearInterval",
        "setTimeout",
        "clearTimeout",
      ],
    });
    try {
      jest.setSystemTime(start + 29 * day);
      expect(await resolveSession(token)).not.toBeNull();
      jest.setSystemTime(start + 31 * day);
      expect(await resolveSession(token)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it("decrypt a token once per process, and still check its expiry, secret and user on every use", async () => {
    const user = await newUser("remembered@example.io");
    // Issued elsewhere (another instance): this process has never seen it.
    const sid = await startSession(user.id, null);
    const token = await encode({
      token: { sub: user.id, sid, issuedAtMs: Date.now() },
      secret: process.env.AUTH_SECRET!,
      salt: sessionCookieName(),
    });
    const before = rememberedTokenCount();
    expect(await resolveSession(token)).toMatchObject({ id: user.id });
    expect(rememberedTokenCount()).toBe(before + 1);
    expect(await resolveSession(token)).toMatchObject({ id: user.id });
    expect(rememberedTokenCount()).toBe(before + 1);

    // Remembered, yet refused under another secret…
    expect(await withAuthSecret("another-secret-another-secret-0123456789", () => resolveSession(token))).toBeNull();
    // …after its expiry…
    const start = Date.now();
    jest.useFakeTimers({
      doNotFake: [
        "hrtime",
        "nextTick",
        "performance",
        "queueMicrotask",
        "setImmediate",
        "clearImmediate",
        "setInterval",
        "clearInterval",
        "setTimeout",
        "clearTimeout",
      ],
    });
    try {
      jest.setSystemTime(start + 31 * 24 * 60 * 60 * 1000);
      expect(await resolveSession(token)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
    // …and once the user's sessions are ended (a fresh token shows the cache is not the reason).
    const other = await newUser("remembered-2@example.io");
    const otherToken = await newToken(other.id);
    expect(await resolveSession(otherToken)).toMatchObject({ id: other.id });
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.userId, other.id));
    expect(await resolveSession(otherToken)).toBeNull();
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

  it("does not list sessions older than a token's lifetime", async () => {
    const me = await signedUp();
    const stale = await startSession(me.id, FIREFOX_MAC);
    const db = await getDb();
    await db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.id, stale));
    const res = await callRoute(listSessionsRoute, { cookie: me.cookie });
    expect(res.json.sessions.map((row: { id: string }) => row.id)).not.toContain(stale);
    expect(res.json.sessions).toHaveLength(1);
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
    const [laptopClaims, otherClaims, myClaims] = await Promise.all(
      [laptop, other.cookie, me.cookie].map((cookie) => readSessionToken(cookie.slice(cookie.indexOf("=") + 1))),
    );

    const refused = await callRoute(deleteSession, {
      method: "DELETE",
      cookie: withLocale(me.cookie),
      params: { id: otherClaims!.sid },
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
      params: { id: laptopClaims!.sid },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Session signed out" });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await getRequestUser(requestWith(laptop))).toBeNull();

    // Ending this browser's own session also clears its cookie.
    const own = await callRoute(deleteSession, { method: "DELETE", cookie: me.cookie, params: { id: myClaims!.sid } });
    expect(own.status).toBe(200);
    expect(own.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await getRequestUser(requestWith(me.cookie))).toBeNull();
  });
});
