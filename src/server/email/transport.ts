import "server-only";
import { env, type Env } from "@/server/env";

/** A file sent with a mail (the certificate's picture). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

type Envelope = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  idempotencyKey: string;
  attachments?: MailAttachment[];
};

export type Delivery = { ok: true; providerId?: string } | { ok: false; error: string; retryable: boolean };

export type TransportKind = "resend" | "smtp" | "outbox";

export type MailTransport = { kind: TransportKind; deliver: (envelope: Envelope) => Promise<Delivery> };

/** No outside call may hang a send: each attempt gives up after this. */
const ATTEMPT_TIMEOUT_MS = 10_000;

export const DEFAULT_EMAIL_FROM = "Aula <no-reply@localhost>";

/** Resend when RESEND_API_KEY is set, else SMTP when SMTP_URL is set, else the dev outbox. */
export function transportFromSettings(settings: Env = env()): MailTransport {
  if (settings.RESEND_API_KEY) return resendTransport(settings.RESEND_API_KEY, settings.RESEND_BASE_URL);
  if (settings.SMTP_URL) return smtpTransport(settings.SMTP_URL);
  // The outbox row written by the mailer is the delivery itself.
  return { kind: "outbox", deliver: async () => ({ ok: true }) };
}

function resendTransport(apiKey: string, baseUrl: string | undefined): MailTransport {
  return {
    kind: "resend",
    async deliver(envelope) {
      const { Resend } = await import("resend");
      // The SDK would read RESEND_BASE_URL itself; passing the validated value keeps env.ts the one reader.
      const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
      const { data, error } = await client.emails.send(
        {
          from: envelope.from,
          to: [envelope.to],
          subject: envelope.subject,
          html: envelope.html,
          text: envelope.text,
          ...(envelope.attachments?.length
            ? {
                attachments: envelope.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.contentType,
                })),
              }
            : {}),
        },
        { idempotencyKey: envelope.idempotencyKey, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) },
      );
      if (error || !data) {
        const status = error?.statusCode ?? null;
        return {
          ok: false,
          error: `resend ${status ?? "network"}: ${error?.message ?? "no answer"}`.slice(0, 500),
          // Network failures, rate limits and server errors may pass next time; a refused mail will not.
          retryable: status === null || status === 429 || status >= 500,
        };
      }
      return { ok: true, providerId: data.id };
    },
  };
}

function smtpTransport(url: string): MailTransport {
  return {
    kind: "smtp",
    async deliver(envelope) {
      const nodemailer = await import("nodemailer");
      const transporter = nodemailer.createTransport(url, {
        connectionTimeout: ATTEMPT_TIMEOUT_MS,
        greetingTimeout: ATTEMPT_TIMEOUT_MS,
        socketTimeout: ATTEMPT_TIMEOUT_MS,
      });
      try {
        const info = await transporter.sendMail({
          from: envelope.from,
          to: envelope.to,
          subject: envelope.subject,
          html: envelope.html,
          text: envelope.text,
          messageId: `<${envelope.idempotencyKey}@aula>`,
          attachments: envelope.attachments?.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        });
        return { ok: true, providerId: info.messageId };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        return {
          ok: false,
          error: `smtp ${code ?? "connection"}: ${(error as Error).message}`.slice(0, 500),
          // 5xx replies are permanent refusals; 4xx and connection problems are worth another try.
          retryable: code === undefined || code < 500,
        };
      } finally {
        transporter.close();
      }
    },
  };
}
