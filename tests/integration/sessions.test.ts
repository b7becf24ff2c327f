import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { POST as signout } from "@/app/api/signout/route";
import { insertUser } from "@/features/accounts/queries";
import { getRequestUser, requireRequestUser, resolveSession } from "@/server/auth/session";
import { encode } from "next-auth/jwt";
import { createSessionToken, rememberedTokenCount, sessionCookieName } from "@/server/auth/session-token";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import type { Env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

const envCache = globalThis as unknown as { __aulaEnv?: Env };

async function newUser(email: string) {
  const user = await insertUser({ email, name: "Sam", passwordHash: "$argon2id$not-used-here" });
  if (!user) throw new Error("user not created");
  return user;
}

function requestWith(cookie: string) {
  return new Request("http://localhost:3000/api/anything", { headers: { cookie } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` as if the server had been started with another AUTH_SECRET. */
async function withAuthSecret<T>(secret: string, work: () => Promise<T>): Promise<T> {
  const saved = process.env.AUTH_SECRET;
  envCache.__aulaEnv = undefined; // env() caches the settings for the process
  process.env.AUTH_SECRET = secret;
  try {
    return await work();
  } finally {
    process.env.AUTH_SECRET = saved;
    envCache.__aulaEnv = undefined;
  }
}

describe("sessions", () => {
  it("resolve a token to its user, without the password hash", async () => {
    const user = await newUser("session@example.io");
    const token = await createSessionToken(user.id);

    const resolved = await resolveSession(token);
    expect(resolved).toEqual({ id: user.id, email: "session@example.io", name: "Sam", role: "user", plan: "free", locale: "pt" });
    expect(resolved).not.toHaveProperty("passwordHash");
    expect(resolved).not.toHaveProperty("sessionsValidAfter");

    // Route handlers read it from the Cookie header, among other cookies.
    const cookie = `NEXT_LOCALE=en; ${sessionCookieName()}=${token}; theme=dark`;
    expect(await getRequestUser(requestWith(cookie))).toEqual(resolved);
    expect(await requireRequestUser(requestWith(cookie))).toEqual(resolved);
  });

  it("refuses a token issued before the user's sessionsValidAfter, and accepts a newer one", async () => {
    const user = await newUser("reset@example.io");
    const oldCookie = `${sessionCookieName()}=${await createSessionToken(user.id)}`;
    expect(await getRequestUser(requestWith(oldCookie))).toMatchObject({ id: user.id });

    await sleep(5); // so "now" is strictly after the old token
    const db = await getDb();
    await db.update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, user.id)); // e.g. a password change

    expect(await getRequestUser(requestWith(oldCookie))).toBeNull();
    const newCookie = `${sessionCookieName()}=${await createSessionToken(user.id)}`;
    expect(await getRequestUser(requestWith(newCookie))).toMatchObject({ id: user.id });
  });

  it("refuses the token of a deleted user", async () => {
    const user = await newUser("gone@example.io");
    const token = await createSessionToken(user.id);
    expect(await resolveSession(token)).not.toBeNull();

    const db = await getDb();
    await db.delete(users).where(eq(users.id, user.id));
    expect(await resolveSession(token)).toBeNull();
  });

  it("refuses garbage, tampered, empty and oversized tokens", async () => {
    const user = await newUser("tamper@example.io");
    const token = await createSessionToken(user.id);
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
    expect(await resolveSession(await createSessionToken(randomUUID()))).toBeNull();
    expect(await resolveSession(await createSessionToken("' or 1=1 --"))).toBeNull();
  });

  it("refuses a token signed with another AUTH_SECRET, both ways", async () => {
    const user = await newUser("secret@example.io");
    const foreign = await withAuthSecret("another-secret-another-secret-0123456789", () => createSessionToken(user.id));
    expect(await resolveSession(foreign)).toBeNull();

    const ours = await createSessionToken(user.id);
    expect(await resolveSession(ours)).not.toBeNull();
    expect(await withAuthSecret("another-secret-another-secret-0123456789", () => resolveSession(ours))).toBeNull();
  });

  it("expire after 30 days", async () => {
    const user = await newUser("expiry@example.io");
    const token = await createSessionToken(user.id);
    const start = Date.now();
    const day = 24 * 60 * 60 * 1000;
    // Only the clock is faked: the database driver keeps its real timers.
    jest.useFakeTimers({ doNotFake: ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
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
    const token = await encode({ token: { sub: user.id, issuedAtMs: Date.now() }, secret: process.env.AUTH_SECRET!, salt: sessionCookieName() });
    const before = rememberedTokenCount();
    expect(await resolveSession(token)).toMatchObject({ id: user.id });
    expect(rememberedTokenCount()).toBe(before + 1);
    expect(await resolveSession(token)).toMatchObject({ id: user.id });
    expect(rememberedTokenCount()).toBe(before + 1);

    // Remembered, yet refused under another secret…
    expect(await withAuthSecret("another-secret-another-secret-0123456789", () => resolveSession(token))).toBeNull();
    // …after its expiry…
    const start = Date.now();
    jest.useFakeTimers({ doNotFake: ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    try {
      jest.setSystemTime(start + 31 * 24 * 60 * 60 * 1000);
      expect(await resolveSession(token)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
    // …and once the user's sessions are ended (a fresh token shows the cache is not the reason).
    const other = await newUser("remembered-2@example.io");
    const otherToken = await createSessionToken(other.id);
    expect(await resolveSession(otherToken)).toMatchObject({ id: other.id });
    await sleep(5);
    const db = await getDb();
    await db.update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, other.id));
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

describe("POST /api/signout", () => {
  it("clears the session cookie (same name and path, Max-Age=0)", async () => {
    const user = await newUser("signout@example.io");
    const cookie = `${sessionCookieName()}=${await createSessionToken(user.id)}`;
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
});
