import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { getRequestUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

async function userCount() {
  return (await (await getDb()).select().from(users)).length;
}

describe("POST /api/signup", () => {
  it("creates a Free account, signs it in and never returns the hash", async () => {
    const res = await callRoute(signup, { body: { email: "  New@Example.io ", mName: "Nova", password: "correct-horse9", type: "yearly" } });
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
    expect(res.json).toEqual({ success: false, message: "An account with this email already exists", code: "signup:email-taken" });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ mName: "A", password: "long-enough-1" }, "Please fill out all fields", "signup:missing-fields"],
    [{ email: "a@b.io", mName: "A", password: "short" }, "Password should be at least 9 characters", "signup:password-short"],
    [{ email: "not-an-email", mName: "A", password: "long-enough-1" }, "Please enter a valid email address", "signup:invalid-email"],
    [{ email: "a@b.io", mName: "A", password: "x".repeat(257) }, "Password must be at most 256 characters", "signup:password-long"],
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

    const huge = await callRoute(signup, { body: { email: "big@b.io", mName: "x".repeat(1024 * 1024), password: "long-enough-1" } });
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
    const res = await callRoute(signin, { body: { email: "LOGIN@example.io ", password: "right-password1" }, cookie: "NEXT_LOCALE=en" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: "Login successful",
      userData: { email: "login@example.io", mName: "Lia", _id: expect.any(String), type: "free" },
    });
    const cookie = sessionCookieFrom(res.headers);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Lax/);
    expect(await getRequestUser(new Request("http://x/", { headers: { cookie } }))).toMatchObject({ email: "login@example.io" });
  });

  it("refuses a wrong password and a missing field", async () => {
    const wrong = await callRoute(signin, { body: { email: "login@example.io", password: "wrong-password" }, cookie: "NEXT_LOCALE=en" });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ success: false, message: "Invalid email or password", code: "signin:invalid-credentials" });
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const missing = await callRoute(signin, { body: { email: "login@example.io" }, cookie: "NEXT_LOCALE=en" });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Please enter both email and password");
  });

  it("answers 429 after 10 failures for one e-mail from one address, even with the right password", async () => {
    const ip = { "x-forwarded-for": "198.51.100.9" };
    await callRoute(signup, { body: { email: "target@example.io", mName: "T", password: "right-password1" } });
    for (let i = 0; i < 10; i++) {
      const res = await callRoute(signin, { body: { email: "target@example.io", password: `guess-${i}-xxxx` }, headers: ip });
      expect(res.status).toBe(401);
    }
    const blocked = await callRoute(signin, { body: { email: "target@example.io", password: "right-password1" }, headers: ip, cookie: "NEXT_LOCALE=en" });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("signin:rate-limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    // Another address is not affected.
    const other = await callRoute(signin, { body: { email: "target@example.io", password: "right-password1" }, headers: { "x-forwarded-for": "198.51.100.10" } });
    expect(other.status).toBe(200);
  });
});
