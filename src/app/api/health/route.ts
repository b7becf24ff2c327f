import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api";

export const dynamic = "force-dynamic";

/** For deployers' probes: 200 when the database answers, 503 when it does not. */
export const GET = apiRoute.public({}, async ({ log }) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const db = await getDb();
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database timeout")), 3000);
      }),
    ]);
    return Response.json({ status: "ok", database: "up" }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    log.warn({ err: error }, "health check: database unreachable");
    return Response.json(
      { status: "error", database: "down" },
      { status: 503, headers: { "cache-control": "no-store" } },
    );
  } finally {
    clearTimeout(timer); // a probe every few seconds must not leave a 3 s timer behind each time
  }
});
