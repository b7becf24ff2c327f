import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { getRequestUser } from "@/server/auth/session";
import { sql } from "drizzle-orm";
import { SIGNIN_ACCOUNT_RULE, SIGNIN_DELAY, signinDelayMs, signinKeys } from "@/features/accounts/server";
import { getDb } from "@/server/db/client";
import { rateLimits, users } from "@/server/db/schema";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

async function userCount() {
  return (await (await getDb()).select().from(users)).length;
}

describe("POST /api/signup", () => {
  it("creates a Free account, signs it in and never returns the hash", async () => {
    const res = await callRoute(signup, {
      body: { email: "  New@Example.io ", mName: "Nova", password: "correct-horse9", type: "yearly" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, message: "Conta criada!" });
    expect(res.text).not.toMatch(/argon2|password/i);

    const cookie = sessionCookieFrom(res.headers);
    const me = await getRequestUser(new Request("http://x/", { headers: { cookie } }));
    expect(me).toMatchObject({ email: "new@example.io", name: "Nova", plan: "free", role: "user" });
  });

  it("treats e-mails case-insensitively: a second sign-up is refused with 409", async () => {
    const before = await userCount();
    const res = await callRoute(signup, {
      body: { email: "NEW@example.IO", mName: "Other", password: "another-pass9" },
      cookie: "NEXT_LOCALE=en",
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      message: "An account with this email already exists",
      code: "signup:email-taken",
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ mName: "A", password: "long-enough-1" }, "Please fill out all fields", "signup:missing-fields"],
    [
      { email: "a@b.io", mName: "A", password: "short" },
      "Password should be at least 9 characters",
      "signup:password-short",
    ],
    [
      { email: "not-an-email", mName: "A", password: "long-enough-1" },
      "Please enter a valid email address",
      "signup:invalid-email",
    ],
    [
      { email: "a@b.io", mName: "A", password: "x".repeat(257) },
      "Password must be at most 256 characters",
      "signup:password-long",
    ],
  ])("refuses %j with the SPEC's message", async (body, message, code) => {
    const before = await userCount();
    const res = await callRoute(signup, { body, cookie: "NEXT_LOCALE=en" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, message, code });
    expect(await userCount()).toBe(before);
  });

  it("refuses wrong types, non-JSON and oversized bodies with 4xx and changes nothing", async () => {
    const before = await userCount();
    const wrongType = await callRoute(signup, { body: { email: 42, mName: "A", password: "long-enough-1" } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ success: false, code: "request:invalid" });

    const notJson = await callRoute(signup, { rawBody: "{oops", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ success: false, code: "request:invalid-json" });

    const huge = await callRoute(signup, {
      body: { email: "big@b.io", mName: "x".repeat(1024 * 1024), password: "long-enough-1" },
    });
    expect(huge.status).toBe(413);
    expect(huge.json).toMatchObject({ success: false, code: "request:too-large" });
    expect(await userCount()).toBe(before);
  });
});

describe("POST /api/signin", () => {
  beforeAll(async () => {
    await callRoute(signup, { body: { email: "login@example.io", mName: "Lia", password: "right-password1" } });
  });

  it("answers the contract shape and sets a session cookie", async () => {
    const res = await callRoute(signin, {
      body: { email: "LOGIN@example.io ", password: "right-password1" },
      cookie: "NEXT_LOCALE=en",
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: "Login successful",
      userData: { email: "login@example.io", mName: "Lia", _id: expect.any(String), type: "free" },
    });
    const cookie = sessionCookieFrom(res.headers);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Lax/);
    expect(await getRequestUser(new Request("http://x/", { headers: { cookie } }))).toMatchObject({
      email: "login@example.io",
    });
  });

  it("refuses a wrong password and a missing field", async () => {
    const wrong = await callRoute(signin, {
      body: { email: "login@example.io", password: "wrong-password" },
      cookie: "NEXT_LOCALE=en",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      success: false,
      message: "Invalid email or password",
      code: "signin:invalid-credentials",
    });
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const missing = await callRoute(signin, { body: { email: "login@example.io" }, cookie: "NEXT_LOCALE=en" });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Please enter both email and password");
  });

  it("answers 429 after 10 failures for one e-mail from one address, even with the right password", async () => {
    const peer = "198.51.100.9";
    await callRoute(signup, { body: { email: "target@example.io", mName: "T", password: "right-password1" } });
    for (let i = 0; i < 10; i++) {
      const res = await callRoute(signin, { body: { email: "target@example.io", password: `guess-${i}-xxxx` }, peer });
      expect(res.status).toBe(401);
    }
    const blocked = await callRoute(signin, {
      body: { email: "target@example.io", password: "right-password1" },
      peer,
      cookie: "NEXT_LOCALE=en",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("signin:rate-limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    // Another address is not affected.
    const other = await callRoute(signin, {
      body: { email: "target@example.io", password: "right-password1" },
      peer: "198.51.100.10",
    });
    expect(other.status).toBe(200);
  });

  it("answers 429 to an address after 100 failures over many e-mails, and only to that address", async () => {
    const peer = "198.51.100.20";
    await callRoute(signup, {
      body: { email: "sprayed@example.io", mName: "S", password: "right-password1" },
      peer: "198.51.100.21",
    });
    // Ten at a time: the same password tried on a hundred e-mails, none of them hitting one account ten times.
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          callRoute(signin, { body: { email: `spray-${batch}-${i}@example.io`, password: "Password123!" }, peer }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    }
    const blocked = await callRoute(signin, {
      body: { email: "sprayed@example.io", password: "right-password1" },
      peer,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("signin:rate-limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    const elsewhere = await callRoute(signin, {
      body: { email: "sprayed@example.io", password: "right-password1" },
      peer: "198.51.100.22",
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("sign-in under attack from many addresses", () => {
  const owner = { email: "owner@example.io", password: "owners-password1" };
  const signInFrom = async (peer: string, password: string) => {
    const started = Date.now();
    const res = await callRoute(signin, { body: { email: owner.email, password }, peer });
    return {
      status: res.status,
      code: res.json?.code,
      retryAfter: res.headers.get("retry-after"),
      ms: Date.now() - started,
    };
  };

  it("slows answers down with the account's failures, by at most 3 s", () => {
    expect(signinDelayMs(0)).toBe(0);
    expect(signinDelayMs(SIGNIN_DELAY.freeFailures)).toBe(0);
    const delays = [11, 20, 30, 50, 500, 1_000_000].map(signinDelayMs);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays[0]).toBeGreaterThan(0);
    expect(Math.max(...delays)).toBe(3000);
  });

  it("lets the owner in from a new address after 50 failures from 50 others, after the same wait a failure gets", async () => {
    expect((await callRoute(signup, { body: { ...owner, mName: "Owner" }, peer: "192.0.2.1" })).status).toBe(201);
    const failures = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signInFrom(`10.66.0.${i + 1}`, `wrong-guess-${i}`)),
    );
    expect(failures.map((f) => f.status)).toEqual(Array(50).fill(401));

    // The wait is a timer: a sign-in to another account meanwhile is not held up by it.
    await callRoute(signup, {
      body: { email: "bystander@example.io", mName: "B", password: "bystander-pass1" },
      peer: "192.0.2.3",
    });
    const ownerAttempt = signInFrom("192.0.2.2", owner.password);
    const bystanderStarted = Date.now();
    const bystander = await callRoute(signin, {
      body: { email: "bystander@example.io", password: "bystander-pass1" },
      peer: "192.0.2.3",
    });
    expect(bystander.status).toBe(200);
    expect(Date.now() - bystanderStarted).toBeLessThan(2000);

    const ownerIn = await ownerAttempt;
    expect(ownerIn.status).toBe(200);
    const failure = await signInFrom("10.66.1.1", "one-more-guess");
    expect(failure.status).toBe(401);
    // Both waited the capped delay: the time does not tell a right password from a wrong one.
    for (const answer of [ownerIn, failure]) {
      expect(answer.ms).toBeGreaterThanOrEqual(signinDelayMs(50) - 50);
      expect(answer.ms).toBeLessThan(signinDelayMs(50) + 3000);
    }
  });

  it("past 1000 failures hears only addresses that signed in to the account before", async () => {
    const email = "besieged@example.io";
    const home = "192.0.2.50";
    expect(
      (await callRoute(signup, { body: { email, mName: "B", password: "besieged-pass1" }, peer: "192.0.2.49" })).status,
    ).toBe(201);
    expect((await callRoute(signin, { body: { email, password: "besieged-pass1" }, peer: home })).status).toBe(200);
    // Failures in the window from addresses all over, as the account's counter holds them.
    const failuresSoFar = async (count: number) => {
      const db = await getDb();
      const key = signinKeys(email, "any").account;
      await db
        .insert(rateLimits)
        .values({ key, count, resetAt: sql`now() + interval '10 minutes'` })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count } });
    };
    await failuresSoFar(500);
    expect((await callRoute(signin, { body: { email, password: "besieged-pass1" }, peer: "192.0.2.52" })).status).toBe(
      200,
    );

    await failuresSoFar(SIGNIN_ACCOUNT_RULE.limit);

    const stranger = await callRoute(signin, { body: { email, password: "besieged-pass1" }, peer: "192.0.2.51" });
    expect(stranger.status).toBe(429);
    expect(stranger.json.code).toBe("signin:rate-limited");
    expect(Number(stranger.headers.get("retry-after"))).toBeGreaterThan(500);

    const [wrongAtHome, ownerAtHome] = await Promise.all([
      callRoute(signin, { body: { email, password: "not-the-password" }, peer: home }),
      callRoute(signin, { body: { email, password: "besieged-pass1" }, peer: home }),
    ]);
    expect(wrongAtHome.status).toBe(401);
    expect(ownerAtHome.status).toBe(200);
  });
});
