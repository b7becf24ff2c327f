/** Accounts that buy plans in the payment tests, and what the database says about them. */
import { eq } from "drizzle-orm";
import { getRequestUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { signedUpUser } from "./accounts";
import { callRoute } from "./http";

let n = 0;
/** A signed-up account on the Free plan, about to buy one; `prefix` names the provider in its address. */
export async function buyer(prefix: string) {
  n += 1;
  const { email, cookie, id } = await signedUpUser({ email: `${prefix}${n}@example.io`, name: `Buyer ${n}` });
  return { email, cookie, id };
}

export const post = (handler: Parameters<typeof callRoute>[0], cookie: string, body: unknown = {}) =>
  callRoute(handler, { body, cookie });
export const planOf = async (cookie: string) =>
  (await getRequestUser(new Request("http://x/", { headers: { cookie } })))!.plan;

export async function userRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return row;
}

export async function rowsOf(id: string) {
  const db = await getDb();
  return {
    subs: await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, id)),
    pays: await db.select().from(schema.payments).where(eq(schema.payments.userId, id)),
  };
}

const DAY = 86_400_000;
export const daysLeft = (date: Date | null) => Math.round(((date?.getTime() ?? 0) - Date.now()) / DAY);
