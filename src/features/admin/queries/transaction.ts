import "server-only";
import { getDb, type Db } from "@/server/db/client";

/** One admin action's transaction: its change (through the owner features' functions) and its audit row. */
export async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction((tx) => work(tx as unknown as Db));
}
