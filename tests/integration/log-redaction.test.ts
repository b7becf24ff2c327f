import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/password";
import { createLogger, routeConsoleToLogger } from "@/server/logger";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

/** The app's logger configuration writing to memory: each line as written, and parsed. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const log = createLogger("info", stream);
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

async function failedInsert(values: Partial<typeof users.$inferInsert>): Promise<unknown> {
  const db = await getDb();
  try {
    await db.insert(users).values(values as typeof users.$inferInsert);
  } catch (error) {
    return error;
  }
  throw new Error("the insert was expected to fail");
}

describe("the logger keeps no secrets", () => {
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword("correct horse battery");
    await (await getDb()).insert(users).values({ email: "taken@example.io", name: "Ana", passwordHash: hash });
  });

  it("logs a unique violation on users without the password hash or the other bound values", async () => {
    const error = await failedInsert({ email: "taken@example.io", name: "Bea Second", passwordHash: hash });
    // The error itself carries the hash: in drizzle's message and params, and in the driver error it wraps.
    expect(String((error as Error).message)).toContain(hash);

    const { log, lines, entries } = capturedLogger();
    log.error({ err: error, requestId: "req-1" }, "unexpected error");
    log.child({ requestId: "req-2" }).warn(error as Error); // an error logged alone, through a child logger

    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(hash);
      expect(line).not.toContain("$argon2");
      expect(line).not.toContain("Bea Second");
      expect(line).not.toContain("taken@example.io");
    }
    const [first, second] = entries();
    const err = first.err as Record<string, unknown> & { cause: Record<string, unknown> };
    // What helps to debug stays: the statement, the constraint, the SQLSTATE, the stack.
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.params).toBe("[redacted]");
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err.cause).toMatchObject({ code: "23505", message: expect.stringMatching(/duplicate key/) });
    expect(err.cause.constraint ?? err.cause.constraint_name).toBe("users_email_key"); // PGlite's name / postgres.js's
    expect(second.msg).toMatch(/^Failed query: insert into "users"/);
    expect(second.requestId).toBe("req-2");
  });

  it("logs a not-null violation without the failing row the server echoes in its detail", async () => {
    const error = await failedInsert({ email: "null-name@example.io", name: null as never, passwordHash: hash });
    const cause = (error as { cause?: { detail?: string } }).cause;
    // PostgreSQL reports the row; PGlite may not fill `detail` in, but neither may reach the log.
    const { log, lines } = capturedLogger();
    log.error({ err: error }, "unexpected error");
    expect(lines[0]).not.toContain(hash);
    expect(lines[0]).not.toContain("null-name@example.io");
    if (cause?.detail) expect(JSON.parse(lines[0]).err.cause.detail).toBe("[redacted]");
    expect(lines[0]).toContain("23502");
  });

  it("replaces secrets under any key at any depth, and keeps the rest", () => {
    const { log, lines, entries } = capturedLogger();
    log.info(
      {
        request: {
          headers: { authorization: "Bearer sk-live-1", cookie: "aula.session=abc", "x-api-key": "k-123" },
        },
        user: { email: "ana@example.io", password: "hunter2hunter2", passwordHash: "$argon2id$v=19$zzz" },
        settings: [{ RESEND_API_KEY: "re_live_key", AUTH_SECRET: "s3cr3t-s3cr3t" }],
        resetToken: "tok-999",
        usage: { inputTokens: 12, outputTokens: 34 },
      },
      "something happened",
    );
    for (const secret of [
      "sk-live-1",
      "aula.session",
      "k-123",
      "hunter2hunter2",
      "$argon2id",
      "re_live_key",
      "s3cr3t",
      "tok-999",
    ]) {
      expect(lines[0]).not.toContain(secret);
    }
    expect(entries()[0]).toMatchObject({
      user: { email: "ana@example.io", password: "[redacted]" },
      usage: { inputTokens: 12, outputTokens: 34 },
      msg: "something happened",
    });
  });
});

describe("Next's own error lines (console.error and console.warn)", () => {
  it("go through the logger: JSON, redacted, the session cookie's SHA-256 nowhere", async () => {
    // A page's session lookup failing as Next then logs it: the statement's bound value is the
    // SHA-256 of the visitor's session cookie (decision 018).
    const tokenHash = createHash("sha256").update("the-visitors-session-cookie").digest("hex");
    let error: unknown;
    try {
      await (await getDb()).execute(sql`select * from sessions where id = ${tokenHash} and no_such_column = 1`);
    } catch (caught) {
      error = caught;
    }
    expect(String((error as Error).message)).toContain(tokenHash);

    const { log, lines, entries } = capturedLogger();
    const restore = routeConsoleToLogger(log);
    try {
      console.error(error); // how Next logs an error thrown while rendering
      console.error("⨯", error); // and with its prefix
      console.error("Failed to handle request for /dashboard", error); // scripts/server.mjs
      console.warn("⚠ a warning", { headers: { cookie: "aula.session=abc" } });
    } finally {
      restore();
    }

    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain(tokenHash);
      expect(line).not.toContain("aula.session=abc");
    }
    const [bare, prefixed, server, warning] = entries();
    expect(bare).toMatchObject({ level: 50, msg: expect.stringMatching(/^Failed query: select \* from sessions/) });
    expect(bare.err).toMatchObject({ params: "[redacted]", message: expect.stringMatching(/params: \[redacted\]$/) });
    expect(prefixed).toMatchObject({ level: 50, err: { params: "[redacted]" } });
    expect(server).toMatchObject({ level: 50, msg: "Failed to handle request for /dashboard" });
    expect(warning).toMatchObject({ level: 40, msg: "a warning", details: [{ headers: { cookie: "[redacted]" } }] });
  });

  it("puts the console back as it was", () => {
    const before = console.error;
    const restore = routeConsoleToLogger(capturedLogger().log);
    expect(console.error).not.toBe(before);
    restore();
    expect(console.error).toBe(before);
  });
});
