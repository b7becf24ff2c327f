/**
 * The edge every state-changing route shares (src/server/http/request-guard.ts and readJson):
 * writes from another origin or of another content type are refused before anything runs, and
 * control characters never reach the database or a model.
 */
import { eq } from "drizzle-orm";
import { POST as chat } from "@/app/api/chat/route";
import { GET as health } from "@/app/api/health/route";
import { POST as profile } from "@/app/api/profile/route";
import { POST as signup } from "@/app/api/signup/route";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { apiRoute } from "@/server/http/api";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { signedUpUser } from "../setup/accounts";
import { withSettings } from "../setup/settings";

useTestDatabase();

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel();
  const { setAiConfigForTests } = await import("@/server/ai/model");
  setAiConfigForTests({
    provider: "openai-compatible",
    model: model.model,
    baseURL: model.baseURL,
    source: "AI_PROVIDER",
  });
});
afterAll(() => model.close());

async function nameOf(id: string) {
  const db = await getDb();
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row;
}

const profileBody = (me: { email: string }) => JSON.stringify({ mName: "Taken Over", email: me.email, password: "" });

describe("cross-origin writes", () => {
  it.each([
    ["another port of the same host", { origin: "http://localhost:4000", "sec-fetch-site": "same-site" }],
    ["a sibling subdomain, Origin only", { origin: "http://evil.localhost:3000" }],
    ["another site, Sec-Fetch-Site only", { "sec-fetch-site": "cross-site" }],
    ["an opaque origin (sandboxed frame, file:)", { origin: "null" }],
  ])("refuses a write from %s with 403 and changes nothing", async (_label, headers) => {
    const me = await signedUpUser();
    const res = await callRoute(profile, {
      url: "http://localhost:3000/api/profile",
      rawBody: profileBody(me),
      headers: { ...headers, "content-type": "application/json" },
      cookie: me.cookie,
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      success: false,
      code: "request:cross-origin",
      message:
        "This request came from another address than this app's (http://localhost:3000) and was refused. Open the app at http://localhost:3000, or have APP_URL set to the address you use.",
    });
    expect((await nameOf(me.id)).name).toBe(me.name);
  });

  it("lets our own pages and API clients (no Origin) write", async () => {
    const me = await signedUpUser();
    const own = await callRoute(profile, {
      url: "http://localhost:3000/api/profile",
      rawBody: profileBody(me),
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin", "content-type": "application/json" },
      cookie: me.cookie,
    });
    expect(own.status).toBe(200);
    expect((await nameOf(me.id)).name).toBe("Taken Over");
    const client = await callRoute(profile, { body: { mName: "By Script", email: me.email }, cookie: me.cookie });
    expect(client.status).toBe(200);
    expect((await nameOf(me.id)).name).toBe("By Script");
  });

  it("accepts the app reached by another host name than APP_URL (Origin equals the request's own origin)", async () => {
    const me = await signedUpUser();
    const res = await callRoute(profile, {
      url: "http://127.0.0.1:3000/api/profile",
      rawBody: profileBody(me),
      headers: { origin: "http://127.0.0.1:3000", "content-type": "application/json" },
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
  });

  // A fresh `npm start` sets APP_URL to http://localhost:3000 and Next addresses every request
  // to that name, whatever the browser typed: a page opened at 127.0.0.1 sends its own Origin.
  it.each([["http://127.0.0.1:3000"], ["http://[::1]:3000"]])(
    "accepts a write from %s, a loopback name of APP_URL's localhost",
    async (origin) => {
      const me = await signedUpUser();
      const res = await callRoute(profile, {
        url: "http://localhost:3000/api/profile",
        rawBody: profileBody(me),
        headers: { origin, "sec-fetch-site": "same-origin", "content-type": "application/json" },
        cookie: me.cookie,
      });
      expect(res.status).toBe(200);
      expect((await nameOf(me.id)).name).toBe("Taken Over");
    },
  );

  it.each([
    ["another loopback address", "http://127.0.0.2:3000"],
    ["localhost on another port", "http://localhost:3001"],
    ["localhost over https", "https://localhost:3000"],
  ])("refuses %s and names APP_URL in the refusal, in the caller's language", async (_label, origin) => {
    const me = await signedUpUser();
    for (const [locale, text] of [
      ["en", "Open the app at http://localhost:3000, or have APP_URL set"],
      ["pt", "Abra o app em http://localhost:3000 ou peça que APP_URL seja definido"],
    ] as const) {
      const res = await callRoute(profile, {
        url: "http://localhost:3000/api/profile",
        rawBody: profileBody(me),
        headers: { origin, "content-type": "application/json" },
        cookie: me.cookie.replace("NEXT_LOCALE=en", `NEXT_LOCALE=${locale}`),
      });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("request:cross-origin");
      expect(res.json.message).toContain(text);
    }
    expect((await nameOf(me.id)).name).toBe(me.name);
  });

  it("takes no loopback name for an APP_URL that is not on this machine", async () => {
    const me = await signedUpUser();
    await withSettings({ APP_URL: "https://aula.example.com" }, async () => {
      const res = await callRoute(profile, {
        url: "https://aula.example.com/api/profile",
        rawBody: profileBody(me),
        headers: { origin: "http://127.0.0.1:3000", "content-type": "application/json" },
        cookie: me.cookie,
      });
      expect(res.status).toBe(403);
      expect(res.json.message).toContain("(https://aula.example.com)");
    });
    expect((await nameOf(me.id)).name).toBe(me.name);
  });

  it.each([
    ["text/plain (a form with enctype=text/plain)", "text/plain"],
    ["a urlencoded form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
  ])("refuses a body sent as %s with 415 and changes nothing, even from no Origin", async (_label, type) => {
    const me = await signedUpUser();
    const res = await callRoute(profile, {
      rawBody: profileBody(me),
      headers: { "content-type": type },
      cookie: me.cookie,
    });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe("request:unsupported-type");
    expect((await nameOf(me.id)).name).toBe(me.name);
  });

  it("refuses a body with no content type", async () => {
    const me = await signedUpUser();
    const res = await callRoute(profile, {
      rawBody: profileBody(me),
      headers: { "content-length": "60" },
      cookie: me.cookie,
    });
    expect(res.status).toBe(415);
  });

  it("leaves reads alone and lets a signed webhook through from anywhere", async () => {
    const read = await callRoute(health, {
      method: "GET",
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    expect(read.status).toBe(200);
    const webhook = apiRoute.webhook(async () => Response.json({ ok: true }));
    const res = await callRoute(webhook, {
      rawBody: "{}",
      headers: { origin: "https://provider.example", "sec-fetch-site": "cross-site", "content-type": "text/plain" },
    });
    expect(res.status).toBe(200);
  });
});

describe("control characters", () => {
  it("refuses NUL in sign-up fields with 400 and creates nothing", async () => {
    const res = await callRoute(signup, {
      body: { email: "nul@example.io", mName: "A\u0000B", password: "guard-password-1" },
      headers: { "x-forwarded-for": "198.18.1.1" },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("request:control-characters");
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, "nul@example.io"))).toHaveLength(0);
  });

  it("refuses NUL in a profile name and in an object key, and keeps tabs and new lines", async () => {
    const me = await signedUpUser();
    const bad = await callRoute(profile, { body: { mName: "Bad\u0000Name", email: me.email }, cookie: me.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("The request contains characters that are not allowed (control characters).");
    const key = await callRoute(profile, { body: { mName: "Ok", email: me.email, ["x\u0001"]: 1 }, cookie: me.cookie });
    expect(key.status).toBe(400);
    expect((await nameOf(me.id)).name).toBe(me.name);
    const fine = await callRoute(profile, { body: { mName: "Tab\tName", email: me.email }, cookie: me.cookie });
    expect(fine.status).toBe(200);
  });

  it("refuses NUL in a chat message before any model is called", async () => {
    const me = await signedUpUser();
    model.reset();
    const res = await callRoute(chat, {
      body: { courseId: "00000000-0000-4000-8000-000000000000", message: "hi\u0000" },
      cookie: me.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("request:control-characters");
    expect(model.requests).toHaveLength(0);
  });

  it("answers in the caller's language", async () => {
    const me = await signedUpUser();
    const res = await callRoute(profile, {
      body: { mName: "A\u0007", email: me.email },
      cookie: me.cookie.replace("NEXT_LOCALE=en", "NEXT_LOCALE=pt"),
    });
    expect(res.json.message).toBe("A solicitação contém caracteres não permitidos (caracteres de controle).");
  });
});
