import "server-only";
import { createTranslator } from "next-intl";
import en from "../../../../messages/en.json";
import pt from "../../../../messages/pt.json";
import type { Locale } from "@/i18n/config";
import { intlLocale } from "@/lib/money";

const catalogs = { pt, en } as const;

/** Mails are written from the same catalogs as the UI (`email.*`), in the recipient's language. */
export function emailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: catalogs[locale], namespace: "email" });
}

export type EmailTranslator = ReturnType<typeof emailTranslator>;

/**
 * A contact form subject ("support") as the contact form words it in that language ("Suporte"):
 * the form's own catalog entries (`contact.subjects`), so the mail and the form never disagree. A
 * value the form does not offer is shown as stored.
 */
export function contactSubjectLabel(subject: string, locale: Locale): string {
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "contact.subjects" });
  return t.has(subject as Parameters<typeof t.has>[0]) ? t(subject as Parameters<typeof t>[0]) : subject;
}

export function formatMailDate(date: Date, locale: Locale, withTime = false): string {
  return (
    new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: "UTC",
    }).format(date) + (withTime ? " UTC" : "")
  );
}
