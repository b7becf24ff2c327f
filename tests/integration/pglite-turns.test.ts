/**
 * PGlite shares Node's thread: statements queued by many requests must not keep the event loop
 * from its sockets. A timer due at once stands for the next request waiting to be read.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { statementsTakeTurns } from "@/server/db/pglite-turns";

const REQUESTS = 40;
const STATEMENTS_EACH = 25;

/** REQUESTS concurrent chains of statements; how many statements had finished when a timer due at once ran. */
async function finishedBeforeTimer(client: PGlite): Promise<{ before: number; total: number }> {
  let finished = 0;
  let before = -1;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      before = finished;
      resolve();
    }, 0),
  );
  const chains = Array.from({ length: REQUESTS }, async (_, i) => {
    for (let s = 0; s < STATEMENTS_EACH; s++) {
      await client.query("select $1::int as n", [i]);
      finished += 1;
    }
  });
  await Promise.all([...chains, timer]);
  return { before, total: finished };
}

describe("PGlite statements take turns with the event loop", () => {
  let plain: PGlite;
  let fair: PGlite;
  // Two databases made from nothing (initdb each): on a busy 2-core runner that took over 30 s once.
  beforeAll(async () => {
    [plain, fair] = await Promise.all([PGlite.create(), PGlite.create().then(statementsTakeTurns)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([plain.close(), fair.close()]);
  });

  it("without turns, a timer due at once waits for every queued statement (the starvation this prevents)", async () => {
    const { before, total } = await finishedBeforeTimer(plain);
    expect(total).toBe(REQUESTS * STATEMENTS_EACH);
    expect(before).toBe(total);
  });

  it("with turns, the event loop runs after at most one statement per waiting request", async () => {
    const { before, total } = await finishedBeforeTimer(fair);
    expect(total).toBe(REQUESTS * STATEMENTS_EACH);
    expect(before).toBeLessThanOrEqual(2 * REQUESTS);
  });

  it("an HTTP request is answered while a long queue of statements runs, not after it", async () => {
    const server = createServer((_, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      let finished = 0;
      const chains = Array.from({ length: REQUESTS }, async () => {
        for (let s = 0; s < STATEMENTS_EACH * 4; s++) {
          await fair.query("select 1");
          finished += 1;
        }
      });
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
      const atAnswer = finished;
      await Promise.all(chains);
      expect(atAnswer).toBeLessThan(finished / 2);
    } finally {
      server.close();
    }
  });

  it("keeps results, errors and transactions as they were", async () => {
    const { rows } = await fair.query<{ n: number }>("select $1::int as n", [7]);
    expect(rows).toEqual([{ n: 7 }]);
    await expect(fair.query("select * from no_such_table")).rejects.toThrow(/no_such_table/);
    await fair.exec("create table t (n int)");
    await expect(
      fair.transaction(async (tx) => {
        await tx.query("insert into t values (1)");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const committed = await fair.transaction(async (tx) => {
      await tx.query("insert into t values (2)");
      return (await tx.query<{ n: number }>("select n from t")).rows;
    });
    expect(committed).toEqual([{ n: 2 }]);
  });
});
