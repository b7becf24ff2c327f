import "server-only";
import { env, type Env } from "@/server/env";
import { DEFAULT_EMAIL_FROM, type Delivery, type MailAttachment, type MailTransport } from "./transport";

/**
 * One attempt at handing a recorded mail to the provider. The idempotency key is the outbox
 * row's, the same on every attempt by whoever makes it (the mailer's retries, a job's next
 * attempt, a worker taking over a dead one's job): a provider that got the mail but whose answer
 * was lost does not send it twice. A transport that throws is a network failure, worth a retry.
 */
export async function deliverMail(
  transport: MailTransport,
  mail: { id: string; to: string; subject: string; html: string; text: string },
  attachments: MailAttachment[] | undefined,
  settings: Env = env(),
): Promise<Delivery> {
  try {
    return await transport.deliver({
      from: settings.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      idempotencyKey: `mail-${mail.id}`,
      attachments: attachments?.length ? attachments : undefined,
    });
  } catch (error) {
    return { ok: false, error: String((error as Error)?.message ?? error).slice(0, 500), retryable: true };
  }
}
