import { createServer, type AddressInfo } from "node:net";
import { DrizzleQueryError as OwnDrizzleQueryError } from "drizzle-orm/errors";
import postgres from "postgres";
import { POST as signup } from "@/app/api/signup/route";
import { LOCALE_COOKIE } from "@/i18n/config";
import { getDb, openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { databaseFailure } from "@/server/db/unavailable";
import { errorResponse } from "@/server/http/errors";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

const database = useTestDatabase();

async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

async function answerTo(error: unknown, request?: Request) {
  const response = errorResponse(error, "req-test", request);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe("a database that cannot be reached answers 503 db:unavailable", () => {
  let unreachable: DbHandle;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused.
    unreachable = await openPostgres("postgres://aula@127.0.0.1:1/aula", 1);
  });
  afterAll(() => unreachable.close());

  it("maps the driver's error, in the caller's language (the default without a request)", async () => {
    const error = await thrownBy(() => unreachable.db.select().from(users).limit(1));
    const en_ = await answerTo(
      error,
      new Request("http://localhost/api/x", { headers: { cookie: `${LOCALE_COOKIE}=en` } }),
    );
    expect(en_).toMatchObject({
      status: 503,
      body: { success: false, code: "db:unavailable", message: en.api.db.unavailable },
    });
    expect(en_.headers.get("retry-after")).toBe("5");
    expect(en_.headers.get("x-request-id")).toBe("req-test");
    expect(await answerTo(error)).toMatchObject({
      status: 503,
      body: { code: "db:unavailable", message: pt.api.db.unavailable },
    });
  });

  it("answers a route's request that way, quickly", async () => {
    setDbHandleForTests(unreachable);
    try {
      const started = Date.now();
      const res = await callRoute(signup, {
        body: { email: "down@example.io", mName: "Di", password: "long-enough-pw" },
      });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ success: false, code: "db:unavailable" });
      expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      setDbHandleForTests(database());
    }
  });
});

/**
 * drizzle's query error as another copy of drizzle-orm makes it: the production bundle holds
 * several copies of the module, so `instanceof` against the one errors.ts imports fails there.
 */
function queryErrorOfAnotherCopy(cause: Error): Error {
  let copy: typeof import("drizzle-orm/errors") | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<typeof import("drizzle-orm/errors")>("drizzle-orm/errors");
  });
  const { DrizzleQueryError } = copy!;
  expect(new DrizzleQueryError("select 1", [], cause)).not.toBeInstanceOf(OwnDrizzleQueryError);
  return new DrizzleQueryError('select "id" from "users"', ["secret@example.io"], cause);
}

/** An error as postgres.js rejects a query with it: marked with the query's text and parameters. */
function driverError(code: string, extra: Record<string, unknown> = {}): Error {
  const error = Object.assign(new Error(`${code} 127.0.0.1:5432`), { code, ...extra });
  return Object.defineProperties(error, { query: { value: "select 1" }, parameters: { value: [] } });
}

/** A server error as postgres.js makes it (it has a severity). */
const serverError = (code: string, severity = "FATAL") =>
  new postgres.PostgresError({ code, severity, message: `server says ${code}` } as never);

describe("an outage wrapped by drizzle (any copy of it) or by another layer is still 503", () => {
  let unreachable: DbHandle;
  beforeAll(async () => {
    unreachable = await openPostgres("postgres://aula@127.0.0.1:1/aula", 1);
  });
  afterAll(() => unreachable.close());

  it("a refused connection, as the production bundle's other drizzle copy wraps it, and wrapped again", async () => {
    const real = await thrownBy(() => unreachable.db.select().from(users).limit(1));
    const driver = (real as Error).cause as Error & { code?: string };
    expect(driver.code).toBe("ECONNREFUSED");
    const copied = queryErrorOfAnotherCopy(driver);
    for (const error of [
      copied,
      new Error("saving the profile failed", { cause: copied }),
      new Error("outer", { cause: new Error("inner", { cause: real }) }),
    ]) {
      expect(await answerTo(error)).toMatchObject({ status: 503, body: { code: "db:unavailable" } });
    }
  });

  it.each([
    ["57P01 admin_shutdown", serverError("57P01")],
    ["57P02 crash_shutdown", serverError("57P02")],
    ["57P03 cannot_connect_now", serverError("57P03")],
    ["08006 connection_failure", serverError("08006")],
    ["08001 unable to connect", serverError("08001")],
    ["53300 too_many_connections", serverError("53300")],
    ["57014 statement timeout", serverError("57014", "ERROR")],
    ["CONNECTION_CLOSED", driverError("CONNECTION_CLOSED")],
    ["CONNECTION_ENDED", driverError("CONNECTION_ENDED")],
    ["CONNECT_TIMEOUT", driverError("CONNECT_TIMEOUT")],
    ["CONNECTION_DESTROYED", driverError("CONNECTION_DESTROYED")],
    ["ECONNRESET", driverError("ECONNRESET", { syscall: "read" })],
    ["EPIPE", driverError("EPIPE", { syscall: "write" })],
    ["ETIMEDOUT", driverError("ETIMEDOUT", { syscall: "connect" })],
  ])("%s: as it is, in drizzle's wrapper, and wrapped again", async (_, error) => {
    const wrapped = queryErrorOfAnotherCopy(error);
    for (const shape of [
      error,
      wrapped,
      new Error("while saving", { cause: wrapped }),
      new Error("while saving", { cause: error }),
    ]) {
      expect(await answerTo(shape)).toMatchObject({ status: 503, body: { code: "db:unavailable" } });
    }
  });
});

describe("what kind of outage: only a lost connection renews the pool (client.ts)", () => {
  it.each([
    ["lost", serverError("57P01")],
    ["lost", serverError("08006")],
    ["lost", driverError("CONNECT_TIMEOUT")],
    ["lost", driverError("CONNECTION_CLOSED")],
    ["lost", driverError("ECONNRESET")],
    ["busy", serverError("57014", "ERROR")],
    ["busy", serverError("53300")],
    ["ended", driverError("CONNECTION_ENDED")],
    ["ended", driverError("CONNECTION_DESTROYED")],
  ])("%s: %s", (kind, error) => {
    expect(databaseFailure(queryErrorOfAnotherCopy(error))).toBe(kind);
  });
});

describe("errors that are not an outage stay 500", () => {
  it("a failing statement on a working database (a unique violation)", async () => {
    const db = await getDb();
    const row = { email: "twice@example.io", name: "Tw", passwordHash: "not-a-real-hash" };
    await db.insert(users).values(row);
    const error = await thrownBy(() => db.insert(users).values(row));
    expect(await answerTo(error)).toMatchObject({ status: 500, body: { code: "server:internal" } });
  });

  it("a refused connection to something else than the database (an outside API)", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve)); // a port where nothing listens any more
    const error = await thrownBy(() => fetch(`http://127.0.0.1:${port}/`));
    expect(((error as Error).cause as { code?: string }).code).toBe("ECONNREFUSED");
    expect(await answerTo(error)).toMatchObject({ status: 500, body: { code: "server:internal" } });
    // Wrapped by a layer of ours, it is still somebody else's refused connection.
    expect(await answerTo(new Error("mail provider failed", { cause: error }))).toMatchObject({ status: 500 });
  });

  it("a unique violation in drizzle's wrapper, a SQLSTATE without a server's severity, a cause chain that loops", async () => {
    expect(await answerTo(queryErrorOfAnotherCopy(serverError("23505", "ERROR")))).toMatchObject({ status: 500 });
    expect(
      await answerTo(new Error("x", { cause: Object.assign(new Error("not a server"), { code: "57P01" }) })),
    ).toMatchObject({ status: 500 });
    const looped = new Error("a");
    const other = new Error("b", { cause: looped });
    looped.cause = other;
    expect(await answerTo(looped)).toMatchObject({ status: 500 });
  });
});
