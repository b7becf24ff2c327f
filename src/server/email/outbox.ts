import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { notePurgeableWrite } from "@/server/maintenance/purge";
import type { RenderedMail } from "./templates/types";
import type { Delivery, TransportKind } from "./transport";

/**
 * The email_outbox rows: every mail the app sends is one. A row holds its body only while the
 * mail waits for delivery (and in the dev outbox, where the row is the delivery): once sent or
 * given up the body is cleared, so a password-reset link does not sit in the database in clear.
 */

const NO_BODY = { html: null, text: null } as const;

/**
 * Records a rendered mail. Without a provider (`outbox`) the row is the delivery: it is sent at
 * once and one log line gives its subject and links so a local user can follow them. Otherwise
 * it waits, holding its body, for the mailer or its mail.send job to deliver it.
 */
export async function recordMail(
  mail: { to: string; template: string },
  rendered: RenderedMail,
  transport: TransportKind,
): Promise<string> {
  const db = await getDb();
  const kept = transport === "outbox";
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: mail.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      template: mail.template,
      transport,
      ...(kept ? { status: "sent" as const, attempts: 1, sentAt: sql`now()` } : {}),
    })
    .returning({ id: emailOutbox.id });
  notePurgeableWrite();
  if (kept) {
    logger.info(
      { mailId: row.id, to: mail.to, subject: rendered.subject, links: rendered.links },
      "mail kept in the dev outbox",
    );
  }
  return row.id;
}

export type WaitingMail = { id: string; to: string; subject: string; html: string; text: string; template: string };

/** A mail still waiting for delivery, with its body; undefined once sent, given up or forgotten. */
export async function waitingMail(id: string): Promise<WaitingMail | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      html: emailOutbox.html,
      text: emailOutbox.text,
      template: emailOutbox.template,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending"), isNotNull(emailOutbox.html)));
  return row && row.html !== null && row.text !== null ? { ...row, html: row.html, text: row.text } : undefined;
}

/**
 * Records one delivery attempt: sent (the body goes), failed for good when `last` (the body
 * goes too), else still waiting for the next attempt with its error.
 */
export async function recordAttempt(id: string, delivery: Delivery, last: boolean): Promise<void> {
  const db = await getDb();
  const attempts = sql`${emailOutbox.attempts} + 1`;
  const values = delivery.ok
    ? { status: "sent" as const, attempts, sentAt: sql`now()`, lastError: null, ...NO_BODY }
    : { status: last ? ("failed" as const) : ("pending" as const), attempts, lastError: delivery.error };
  await db
    .update(emailOutbox)
    .set({ ...values, ...(!delivery.ok && last ? NO_BODY : {}) })
    .where(eq(emailOutbox.id, id));
}

/**
 * Forgets every mail kept for an address (an account being deleted), in the caller's
 * transaction: the outbox is the mailer's table, so its rows leave through the mailer's folder.
 */
export async function discardMailTo(tx: Pick<Db, "delete">, address: string): Promise<void> {
  await tx.delete(emailOutbox).where(eq(emailOutbox.to, address));
}
