/**
 * The route wrapper's fixed order (src/server/http/api.ts): who is asking, then the body, then
 * the model; admins only where a route says so.
 */
import { z } from "zod";
import { POST as deleteUser } from "@/app/api/deleteuser/route";
import { POST as profile } from "@/app/api/profile/route";
import { POST as prompt } from "@/app/api/prompt/route";
import { ensureSuperAdmin } from "@/features/accounts/server";
import { apiRoute } from "@/server/http/api";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();

const adminOnly = apiRoute.admin({ body: z.object({ name: z.string() }) }, async ({ body, user }) =>
  Response.json({ success: true, name: body.name, by: user.email }),
);

describe("apiRoute", () => {
  it.each([
    ["/api/profile", profile],
    ["/api/deleteuser", deleteUser],
    ["/api/prompt", prompt],
  ])(
    "%s answers 401 to a signed-out caller before reading the body (malformed JSON is not looked at)",
    async (_path, handler) => {
      const res = await callRoute(handler, {
        rawBody: "{not json",
        headers: { "content-type": "application/json", cookie: "NEXT_LOCALE=en" },
      });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        success: false,
        code: "auth:unauthenticated",
        message: "Please sign in to continue.",
      });
    },
  );

  it("answers the 401 in Portuguese by default", async () => {
    const res = await callRoute(profile, { body: { mName: "x", email: "x@example.io" } });
    expect(res.json.message).toBe("Entre na sua conta para continuar.");
  });

  it("reads and validates the body once the caller is known", async () => {
    const cookie = (await signedUpUser()).cookie;
    const bad = await callRoute(profile, {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("request:invalid-json");
  });

  it("checks the model after the body: no model configured is 503 ai:not-configured", async () => {
    const cookie = (await signedUpUser()).cookie;
    const res = await callRoute(prompt, {
      body: {
        topic: "Photosynthesis",
        subtopics: [],
        topicsLimit: "4",
        courseType: "Text & Image Course",
        language: "English",
      },
      cookie,
    });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("ai:not-configured");
  });

  it("lets admins through an admin route and refuses users (403) and the signed-out (401)", async () => {
    const user = (await signedUpUser()).cookie;
    const refused = await callRoute(adminOnly, { body: { name: "x" }, cookie: user });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      success: false,
      code: "auth:forbidden",
      message: "Only administrators can do this.",
    });
    expect((await callRoute(adminOnly, { body: { name: "x" } })).status).toBe(401);

    await ensureSuperAdmin({ email: "root@example.io", password: "root-password-1" });
    const { POST: signin } = await import("@/app/api/signin/route");
    const signedIn = await callRoute(signin, {
      body: { email: "root@example.io", password: "root-password-1" },
      peer: "198.18.9.50",
    });
    const admin = `${sessionCookieFrom(signedIn.headers)}; NEXT_LOCALE=en`;
    const ok = await callRoute(adminOnly, { body: { name: "Ada" }, cookie: admin });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ success: true, name: "Ada", by: "root@example.io" });
  });
});

describe("every route with a malformed session cookie (%E0%A4%A)", () => {
  const { readdirSync, readFileSync } = jest.requireActual<typeof import("node:fs")>("node:fs");
  const path = jest.requireActual<typeof import("node:path")>("node:path");
  const apiDir = path.join(process.cwd(), "src/app/api");
  const routeFiles = (readdirSync(apiDir, { recursive: true }) as string[]).filter((file) => file.endsWith("route.ts"));
  const declared = routeFiles.flatMap((file) =>
    [
      ...readFileSync(path.join(apiDir, file), "utf8").matchAll(
        /export const (GET|POST|DELETE) = apiRoute\.(public|user|admin)/g,
      ),
    ].map((m) => ({ file, method: m[1], kind: m[2] })),
  );

  it("finds the app's routes", () => {
    expect(declared.filter((r) => r.kind === "user").length).toBeGreaterThanOrEqual(22);
  });

  it("answers every signed-in route with 401 and no route with a 5xx", async () => {
    const answers: string[] = [];
    for (const { file, method, kind } of declared) {
      const mod = (await import(path.join(apiDir, file))) as Record<
        string,
        (r: Request, c: { params: Promise<unknown> }) => Promise<Response>
      >;
      const res = await callRoute(mod[method], {
        method,
        url: `http://localhost:3000/api/${path.dirname(file)}`,
        cookie: "aula.session=%E0%A4%A; NEXT_LOCALE=en",
        params: { id: "00000000-0000-4000-8000-000000000000" },
        ...(method === "GET" ? {} : { body: {} }),
      });
      answers.push(`${method} /api/${path.dirname(file)} (${kind}) → ${res.status}`);
      if (kind !== "public") expect(res.status).toBe(401);
      expect(res.status).toBeLessThan(500);
    }
    expect(answers.length).toBe(declared.length);
  });
});
