import { createServer, type AddressInfo } from "node:net";
import { POST as signup } from "@/app/api/signup/route";
import { LOCALE_COOKIE } from "@/i18n/config";
import { getDb, openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { users } from "@/server/db/schema";
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
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
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
    const en_ = await answerTo(error, new Request("http://localhost/api/x", { headers: { cookie: `${LOCALE_COOKIE}=en` } }));
    expect(en_).toMatchObject({ status: 503, body: { success: false, code: "db:unavailable", message: en.api.db.unavailable } });
    expect(en_.headers.get("retry-after")).toBe("5");
    expect(en_.headers.get("x-request-id")).toBe("req-test");
    expect(await answerTo(error)).toMatchObject({ status: 503, body: { code: "db:unavailable", message: pt.api.db.unavailable } });
  });

  it("answers a route's request that way, quickly", async () => {
    setDbHandleForTests(unreachable);
    try {
      const started = Date.now();
      const res = await callRoute(signup, { body: { email: "down@example.io", mName: "Di", password: "long-enough-pw" } });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ success: false, code: "db:unavailable" });
      expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      setDbHandleForTests(database());
    }
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
  });
});
