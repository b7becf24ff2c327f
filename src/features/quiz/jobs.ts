import "server-only";
import { registerMailAttachmentSource } from "@/server/email/mailer";
import { certificatePng, registerCertificateJobs } from "./certificate-job";
import { registerQuizWriteJobs } from "./quiz-job";

/** The mail's attachment source for a certificate's picture (ref: its public id). */
export const CERTIFICATE_PICTURE_ATTACHMENT = "certificate-picture";

/** How long a certificate mail waits for the picture before it goes without it. */
const PICTURE_FOR_MAIL_MS = 90_000;

/**
 * Lets the worker run the quiz's jobs (quiz.write, certificate.picture) and mails carry the
 * certificate's picture; called by the quiz service's load, instrumentation.ts and the cron route.
 */
export function registerQuizJobs(): void {
  registerQuizWriteJobs();
  registerCertificateJobs();
  // Drawn inside the mail's job, joining the picture's job. The picture is a bonus: a mail whose
  // picture cannot be drawn (no browser) goes without it, with its verification link.
  registerMailAttachmentSource(CERTIFICATE_PICTURE_ATTACHMENT, async (publicId) => {
    const png = await certificatePng(publicId, { here: true, timeoutMs: PICTURE_FOR_MAIL_MS });
    return png ? { filename: "certificate.png", content: png, contentType: "image/png" } : null;
  });
}
