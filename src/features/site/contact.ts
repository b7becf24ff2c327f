import "server-only";
import { z } from "zod";
import type { ApiTranslator } from "@/i18n/api-translator";
import { defaultLocale } from "@/i18n/config";
import { getDb } from "@/server/db/client";
import { contactMessages } from "@/server/db/schema";
import { sendMailInBackground } from "@/server/email/mailer";
import { env } from "@/server/env";
import { rateLimitAddress } from "@/server/http/client-ip";
import { appError } from "@/server/http/errors";
import { hitRateLimit, rateLimitError } from "@/server/http/rate-limit";
import { logger } from "@/server/logger";
import { CONTACT_SUBJECTS, type ContactSubject } from "./contact-subjects";

const text = (max: number) => z.string().max(max).optional();

/**
 * The SPEC's contact call (`lname` carries the subject, `phone` is sent empty). `website` is a
 * honeypot: a field hidden from people, so only a form-filling bot puts anything in it.
 */
export const contactBodySchema = z.object({
  fname: text(200),
  lname: text(40),
  email: text(320),
  phone: text(40),
  msg: text(5000),
  website: text(500),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

const isSubject = (value: string): value is ContactSubject => (CONTACT_SUBJECTS as readonly string[]).includes(value);

export type ContactOutcome = { stored: boolean };

/**
 * Stores a visitor's message for the admin panel, then (when CONTACT_NOTIFY_EMAIL is set) mails
 * it after the response: the row is written first, so a failed mail never loses a message.
 * A honeypot hit answers like a success and stores nothing, so the bot learns nothing.
 */
export async function submitContactMessage(body: ContactBody, ip: string, t: ApiTranslator): Promise<ContactOutcome> {
  // One-line fields stay on one line: the name goes into the notify mail's subject.
  const name = body.fname?.replace(/\s+/g, " ").trim() ?? "";
  const email = body.email?.trim() ?? "";
  const subject = body.lname?.trim().toLowerCase() ?? "";
  const message = body.msg?.trim() ?? "";
  if (!name) throw appError("contact:name-required", t);
  if (!email) throw appError("contact:email-required", t);
  if (!z.email().safeParse(email).success) throw appError("contact:email-invalid", t);
  if (!isSubject(subject)) throw appError("contact:subject-required", t);
  if (!message) throw appError("contact:message-required", t);

  const settings = env();
  const state = await hitRateLimit(`contact:ip:${rateLimitAddress(ip)}`, {
    limit: settings.CONTACT_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
  });
  if (state.limited) throw rateLimitError(state, "contact:rate-limited", t("contact.tooMany"));

  if (body.website?.trim()) {
    logger.info({ ip }, "contact form honeypot filled: message dropped");
    return { stored: false };
  }

  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({ name, subject, email, phone: body.phone?.replace(/\s+/g, " ").trim() ?? "", message })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (settings.CONTACT_NOTIFY_EMAIL) {
    sendMailInBackground({
      to: settings.CONTACT_NOTIFY_EMAIL,
      locale: defaultLocale,
      template: "contact-message",
      data: { name, email, subject, message, receivedAt: row.createdAt },
    });
  }
  return { stored: true };
}
