import "server-only";
import type { Locale } from "@/i18n/config";
import { enqueueJob, isTransient, registerJobHandler, runJobSoon, type JobContext } from "@/server/jobs";
import { logger } from "@/server/logger";
import { deliverMail } from "./delivery";
import { MAIL_SEND } from "./mail-kind";
import { recordAttempt, recordMail, waitingMail } from "./outbox";
import { renderMail } from "./render";
import type { MailMessage } from "./templates/types";
import { transportFromSettings, type MailAttachment } from "./transport";
import { brandedError } from "@/lib/branded-error";

/**
 * Sending a mail is a durable job (decision 020): kind `mail.send`, subject the outbox row's id.
 * The row holds the rendered body while the mail waits, as it always did; the job's payload
 * holds no body and no link, only which attachments to make when sending.
 */

/**
 * Attempts of a mail job: with the default JOBS_RETRY_BASE_MS of 5 s, a provider refusing
 * for a while (429, 5xx, timeouts) is tried again after about 5, 10, 20 and 40 s.
 */
export const MAIL_MAX_ATTEMPTS = 5;

/**
 * An attachment made when the mail is sent, not when it is queued: the certificate's picture
 * is drawn by the browser inside the job. `source` names a maker a feature registered.
 */
type MailAttachmentRef = { source: string; ref: string };

export type QueuedMail = { to: string; locale: Locale; attach?: MailAttachmentRef[] } & MailMessage;

type MailJobPayload = { attach?: MailAttachmentRef[] };

/** Makes one attachment; null when it cannot (the mail then goes without it). */
export type AttachmentSource = (ref: string) => Promise<MailAttachment | null>;

// On globalThis, as the job handlers are: instrumentation and the routes are bundled apart.
const holder = globalThis as unknown as { __aulaMailAttachments?: Map<string, AttachmentSource> };
const sources = () => (holder.__aulaMailAttachments ??= new Map());

/** Lets mails carry attachments of this source (src/server cannot import the feature that makes them). */
export function registerMailAttachmentSource(source: string, make: AttachmentSource): void {
  sources().set(source, make);
}

/** A refusal or failure by the provider; `retryable` when a later attempt may pass. */
class MailDeliveryError extends brandedError("MailDeliveryError") {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * Renders the mail, keeps it in the outbox and queues its job, which starts at once (this
 * process's worker, or right here without one). Without a provider the outbox row is the
 * delivery and no job is needed.
 */
export async function queueMail(mail: QueuedMail): Promise<{ id: string; jobId?: string }> {
  const transport = transportFromSettings();
  const rendered = await renderMail(mail, mail.locale);
  const id = await recordMail(mail, rendered, transport.kind);
  if (transport.kind === "outbox") return { id };
  const payload: MailJobPayload = mail.attach?.length ? { attach: mail.attach } : {};
  const job = await enqueueJob({ kind: MAIL_SEND, subject: id, payload, maxAttempts: MAIL_MAX_ATTEMPTS });
  runJobSoon(job.id);
  return { id, jobId: job.id };
}

async function attachmentsOf(refs: MailAttachmentRef[] | undefined): Promise<MailAttachment[]> {
  const made: MailAttachment[] = [];
  for (const { source, ref } of refs ?? []) {
    const make = sources().get(source);
    if (!make) {
      logger.warn({ source }, "mail attachment source not registered; the mail goes without it");
      continue;
    }
    const attachment = await make(ref).catch((error: unknown) => {
      logger.warn({ err: error, source }, "mail attachment not made; the mail goes without it");
      return null;
    });
    if (attachment) made.push(attachment);
  }
  return made;
}

async function sendQueuedMail({ job, keepLease }: JobContext): Promise<void> {
  // At least once: a mail sent (or given up, or forgotten with its account) is not sent again.
  const mail = await waitingMail(job.subject);
  if (!mail) return;
  const attachments = await attachmentsOf((job.payload as MailJobPayload).attach);
  // Taken over while the attachment was made: the new holder sends it.
  await keepLease();
  const transport = transportFromSettings();
  const delivery = await deliverMail(transport, mail, attachments);
  const last = delivery.ok || !delivery.retryable || job.attempts >= job.maxAttempts;
  await recordAttempt(mail.id, delivery, last);
  const context = { mailId: mail.id, jobId: job.id, template: mail.template, transport: transport.kind };
  if (delivery.ok) {
    logger.info({ ...context, attempt: job.attempts }, "mail sent");
    return;
  }
  if (last) logger.warn({ ...context, attempt: job.attempts, error: delivery.error }, "mail failed");
  throw new MailDeliveryError(delivery.error, delivery.retryable);
}

/** The provider's own verdict decides; anything else (the database down) as for any job. */
const mailTransient = (error: unknown) => (MailDeliveryError.is(error) ? error.retryable : isTransient(error));

/** Lets the engine send mails; called from the app's one list of handlers (src/app/job-handlers.ts). */
export function registerMailJobs(): void {
  registerJobHandler(MAIL_SEND, sendQueuedMail, { maxAttempts: MAIL_MAX_ATTEMPTS, transient: mailTransient });
}
