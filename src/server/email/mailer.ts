import "server-only";
import { eq, sql } from "drizzle-orm";
import { after } from "next/server";
import type { Locale } from "@/i18n/config";
import { getDb } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { notePurgeableWrite } from "@/server/maintenance/purge";
import { trackBackgroundTask } from "./background";
import { renderMail } from "./render";
import type { MailMessage } from "./templates/types";
import { DEFAULT_EMAIL_FROM, transportFromSettings, type MailAttachment } from "./transport";

export type { MailMessage, MailTemplate, MailTemplateData } from "./templates/types";

export type { MailAttachment };

export type OutgoingMail = { to: string; locale: Locale; attachments?: MailAttachment[] } & MailMessage;

export type MailResult = { id: string; status: "sent" | "failed"; attempts: number };

/** Waits between attempts: a failing provider is tried three times in about 1.5 s. */
export const RETRY_DELAYS_MS = [300, 1200];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sent or given-up mail keeps no body: password-reset links would sit in the database in clear. */
const NO_BODY = { html: null, text: null } as const;

/**
 * Renders and sends one mail, recording it in `email_outbox` with its status. Retries
 * transient failures with backoff. Without a provider the outbox row is the delivery, and one
 * log line gives its subject and links so a local user can follow them. With a provider the
 * row holds the body only while the mail waits for delivery.
 */
export async function sendMail(mail: OutgoingMail): Promise<MailResult> {
  const settings = env();
  const transport = transportFromSettings(settings);
  const rendered = await renderMail(mail, mail.locale);
  const db = await getDb();
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: mail.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      template: mail.template,
      transport: transport.kind,
    })
    .returning({ id: emailOutbox.id });
  notePurgeableWrite();

  if (transport.kind === "outbox") {
    await db
      .update(emailOutbox)
      .set({ status: "sent", attempts: 1, sentAt: sql`now()` })
      .where(eq(emailOutbox.id, row.id));
    logger.info(
      { mailId: row.id, to: mail.to, subject: rendered.subject, links: rendered.links },
      "mail kept in the dev outbox",
    );
    return { id: row.id, status: "sent", attempts: 1 };
  }

  const envelope = {
    from: settings.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
    to: mail.to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    // The same key on every attempt: a provider that got the mail but whose answer was lost does not send it twice.
    idempotencyKey: `mail-${row.id}`,
    attachments: mail.attachments,
  };
  for (let attempt = 1; ; attempt++) {
    const delivery = await transport
      .deliver(envelope)
      .catch(
        (error: unknown) =>
          ({ ok: false, error: String((error as Error)?.message ?? error), retryable: true }) as const,
      );
    if (delivery.ok) {
      await db
        .update(emailOutbox)
        .set({ status: "sent", attempts: attempt, sentAt: sql`now()`, lastError: null, ...NO_BODY })
        .where(eq(emailOutbox.id, row.id));
      logger.info({ mailId: row.id, template: mail.template, transport: transport.kind, attempt }, "mail sent");
      return { id: row.id, status: "sent", attempts: attempt };
    }
    const last = !delivery.retryable || attempt > RETRY_DELAYS_MS.length;
    await db
      .update(emailOutbox)
      .set({
        status: last ? "failed" : "pending",
        attempts: attempt,
        lastError: delivery.error,
        ...(last ? NO_BODY : {}),
      })
      .where(eq(emailOutbox.id, row.id));
    if (last) {
      logger.warn(
        { mailId: row.id, template: mail.template, transport: transport.kind, attempt, error: delivery.error },
        "mail failed",
      );
      return { id: row.id, status: "failed", attempts: attempt };
    }
    await sleep(RETRY_DELAYS_MS[attempt - 1]);
  }
}

/**
 * Sends a mail after the response has gone out, so a slow or failing provider never delays
 * or breaks the flow that asked for it (the SPEC's swallowed failures). Outside a request
 * (tests, scripts) it runs detached; `settleBackgroundMail` waits for those.
 */
export function sendMailInBackground(
  mail: OutgoingMail | { template: OutgoingMail["template"]; prepare: () => Promise<OutgoingMail> },
): void {
  // A mail whose preparation is slow (the certificate's picture) is prepared after the response too.
  const task = () =>
    ("prepare" in mail ? mail.prepare() : Promise.resolve(mail)).then(sendMail).catch((error: unknown) => {
      logger.error({ err: error, template: mail.template }, "mail could not be prepared");
    });
  try {
    after(task);
    return;
  } catch {
    // not inside a request: fall through
  }
  trackBackgroundTask(task());
}

export { settleBackgroundMail } from "./background";
