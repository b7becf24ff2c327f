import { eq } from "drizzle-orm";
import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { ensureSuperAdmin } from "@/features/accounts/server";
import { getRequestUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { callRoute, sessionCookieFrom } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

async function allUsers() {
  return (await getDb()).select().from(users);
}

async function signIn(email: string, password: string) {
  return callRoute(signin, { body: { email, password }, cookie: "NEXT_LOCALE=en" });
}

/** What ensureSuperAdmin writes to the server log at warn level, as text. */
function captureWarnings() {
  const lines: string[] = [];
  const spy = jest.spyOn(logger, "warn").mockImplementation(((...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
  }) as typeof logger.warn);
  return { lines, restore: () => spy.mockRestore() };
}

beforeEach(async () => {
  await (await getDb()).delete(users);
});

describe("ensureSuperAdmin with ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("creates a super admin who can sign in, and the answer never carries the hash", async () => {
    await ensureSuperAdmin({ email: "  Owner@Example.com ", password: "owner-password-1" });

    const rows = await allUsers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "owner@example.com", role: "super" });
    expect(rows[0].passwordHash).toMatch(/^\$argon2id\$/);

    const res = await signIn("owner@example.com", "owner-password-1");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, userData: { email: "owner@example.com", _id: rows[0].id } });
    expect(res.text).not.toContain(rows[0].passwordHash);
    expect(res.text).not.toMatch(/argon2|passwordHash|password_hash|owner-password-1/);
    const me = await getRequestUser(new Request("http://x/", { headers: { cookie: sessionCookieFrom(res.headers) } }));
    expect(me).toMatchObject({ email: "owner@example.com", role: "super" });

    expect((await signIn("owner@example.com", "wrong-password-1")).status).toBe(401);
  });

  it("changes nothing when run again (one row, same id and hash)", async () => {
    const settings = { email: "owner@example.com", password: "owner-password-1" };
    await ensureSuperAdmin(settings);
    const [before] = await allUsers();

    await ensureSuperAdmin(settings);
    await ensureSuperAdmin({ ...settings, email: "OWNER@example.com" });

    const after = await allUsers();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before.id, passwordHash: before.passwordHash, role: "super" });
  });

  it("promotes an existing regular account with that e-mail, keeping its password", async () => {
    const created = await callRoute(signup, {
      body: { email: "boss@example.com", mName: "Boss", password: "boss-own-password" },
    });
    expect(created.status).toBe(201);
    const [regular] = await allUsers();
    expect(regular.role).toBe("user");

    await ensureSuperAdmin({ email: "boss@example.com", password: "admin-password-1" });

    const after = await allUsers();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: regular.id, role: "super", passwordHash: regular.passwordHash });
    expect((await signIn("boss@example.com", "boss-own-password")).status).toBe(200);
  });

  it("with ADMIN_EMAIL alone, creates the admin with a random password printed once", async () => {
    const log = captureWarnings();
    try {
      await ensureSuperAdmin({ email: "solo@example.com" });
      await ensureSuperAdmin({ email: "solo@example.com" });
    } finally {
      log.restore();
    }
    expect(await allUsers()).toHaveLength(1);
    const printed = log.lines.filter((line) => line.includes("solo@example.com"));
    expect(printed).toHaveLength(1);
    const password = printed[0].match(/solo@example\.com \/ (\S+)/)?.[1];
    expect(password).toBeDefined();
    expect((await signIn("solo@example.com", String(password))).status).toBe(200);
  });
});

describe("ensureSuperAdmin with no settings", () => {
  it("creates admin@aula.local once, with a random password printed once that signs in", async () => {
    const log = captureWarnings();
    try {
      await ensureSuperAdmin({});
      await ensureSuperAdmin({});
    } finally {
      log.restore();
    }

    const rows = await allUsers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "admin@aula.local", role: "super" });

    const printed = log.lines.filter((line) => line.includes("admin@aula.local /"));
    expect(printed).toHaveLength(1);
    const password = printed[0].match(/admin@aula\.local \/ (\S+)/)?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await signIn("admin@aula.local", password)).status).toBe(200);
  });

  it("generates a different password for each fresh installation", async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      await (await getDb()).delete(users);
      const log = captureWarnings();
      try {
        await ensureSuperAdmin({});
      } finally {
        log.restore();
      }
      passwords.push(log.lines.join("\n").match(/admin@aula\.local \/ (\S+)/)?.[1] ?? "");
    }
    expect(passwords[0]).not.toBe("");
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it("creates nothing when a super admin already exists", async () => {
    await ensureSuperAdmin({ email: "owner@example.com", password: "owner-password-1" });
    await ensureSuperAdmin({});
    const rows = await allUsers();
    expect(rows.map((u) => u.email)).toEqual(["owner@example.com"]);
  });

  it("never promotes a regular account that registered admin@aula.local", async () => {
    await callRoute(signup, { body: { email: "admin@aula.local", mName: "Squatter", password: "squatter-password" } });
    const log = captureWarnings();
    try {
      await ensureSuperAdmin({});
    } finally {
      log.restore();
    }
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, "admin@aula.local"));
    expect(row.role).toBe("user");
    expect(await allUsers()).toHaveLength(1);
    expect(log.lines.join("\n")).toMatch(/admin@aula\.local is taken/);
  });
});
