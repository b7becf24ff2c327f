/**
 * A value bound in a raw `sql` fragment means the same on PostgreSQL (postgres.js) as on PGlite
 * (decision 032). drizzle's postgres.js driver passes Dates and JSON values through untouched for
 * its column encoders; a raw fragment has no encoder, and postgres.js then failed to send them
 * (`/dashboard/review` answered 500 on PostgreSQL only). Run on both: `npm test` (PGlite) and
 * `npm run test:postgres`.
 */
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

const when = new Date("2026-01-02T03:04:05.678Z");

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const db = await getDb();
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & Iterable<T>;
  return (result.rows ?? [...result])[0];
}

describe("raw parameters on either database", () => {
  it("binds a Date as its instant, compared, cast and computed with", async () => {
    expect(
      await one(sql`select
        ${when}::timestamptz = '2026-01-02T03:04:05.678Z'::timestamptz as same,
        now() > ${when} as past,
        extract(epoch from ${when}::timestamptz)::float8 as epoch,
        (${when}::timestamptz + interval '1 day') = '2026-01-03T03:04:05.678Z'::timestamptz as next_day`),
    ).toEqual({ same: true, past: true, epoch: when.getTime() / 1000, next_day: true });
  });

  it("binds a Date inside a comparison drizzle builds around an expression, not a column", async () => {
    const { gt } = await import("drizzle-orm");
    const db = await getDb();
    const rows = await db
      .select({ n: sql<number>`1` })
      .from(sql`(select '2026-06-01T00:00:00Z'::timestamptz as at) as t`)
      .where(gt(sql`t.at`, when));
    expect(rows).toHaveLength(1);
  });

  it("binds an object to a jsonb parameter as its JSON, and JSON text as it is", async () => {
    expect(
      await one(
        sql`select ${{ code: "x", n: 1 }}::jsonb ->> 'code' as code, ${JSON.stringify({ a: [1] })}::jsonb -> 'a' ->> 0 as first`,
      ),
    ).toEqual({ code: "x", first: "1" });
  });
});
