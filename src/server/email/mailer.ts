import "server-only";
import { after } from "next/server";
import type { Locale } from "@/i18n/config";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { trackBackgroundTask } from "./background";
import { deliverMail } from "./delivery";
import { queueMail, type QueuedMail } from "./mail-job";
export { queueMail, registerMailAttachmentSource, registerMailJobs } from "./mail-job";
import { recordAttempt, recordMail } from "./outbox";
import { renderMail } from "./render";
import type { MailMessage } from "./templates/types";
import { transportFromSettings, type MailAttachment } from "./transport";

export type { QueuedMail };

export type OutgoingMail = { to: string; locale: Locale; attachments?: MailAttachment[] } & MailMessage;

export type MailResult = { id: string; status: "sent" | "failed"; attempts: number };

/** Waits between attempts: a failing provider is tried three times in about 1.5 s. */
const RETRY_DELAYS_MS = [300, 1200];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Renders and sends one mail while the caller waits for the outcome (the self-service test mail
 * of POST /api/data says whether it went): recorded in `email_outbox` with its status, transient
 * failures retried here with a short backoff. Every other mail goes through
 * `sendMailInBackground`, a durable job.
 */
export async function sendMail(mail: OutgoingMail): Promise<MailResult> {
  const settings = env();
  const transport = transportFromSettings(settings);
  const rendered = await renderMail(mail, mail.locale);
  const id = await recordMail(mail, rendered, transport.kind);
  if (transport.kind === "outbox") return { id, status: "sent", attempts: 1 };

  const waiting = { id, to: mail.to, subject: rendered.subject, html: rendered.html, text: rendered.text };
  for (let attempt = 1; ; attempt++) {
    const delivery = await deliverMail(transport, waiting, mail.attachments, settings);
    const last = delivery.ok || !delivery.retryable || attempt > RETRY_DELAYS_MS.length;
    await recordAttempt(id, delivery, last);
    if (delivery.ok) {
      logger.info({ mailId: id, template: mail.template, transport: transport.kind, attempt }, "mail sent");
      return { id, status: "sent", attempts: attempt };
    }
    if (last) {
      logger.warn(
        { mailId: id, template: mail.template, transport: transport.kind, attempt, error: delivery.error },
        "mail failed",
      );
      return { id, status: "failed", attempts: attempt };
    }
    await sleep(RETRY_DELAYS_MS[attempt - 1]);
  }
}

/**
 * Sends a mail without the flow that asked for it waiting or failing (the SPEC's swallowed
 * failures): after the response it is rendered, kept in the outbox and handed to a `mail.send`
 * job, which retries a failing provider with the job engine's backoff and survives a restart.
 * Done after the response, as before, so answering takes no longer for an address with an
 * account than for one without (the reset form). Outside a request (tests, scripts) it runs
 * detached; `settleBackgroundMail` waits for it and its job.
 */
export function sendMailInBackground(mail: QueuedMail): void {
  const task = () =>
    queueMail(mail).catch((error: unknown) => {
      logger.error({ err: error, template: mail.template }, "mail could not be queued");
    });
  try {
    after(task);
    return;
  } catch {
    // not inside a request: fall through
  }
  trackBackgroundTask(task(), { mail: true });
}

export { settleBackgroundMail } from "./background";
