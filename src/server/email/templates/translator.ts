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

export function formatMailDate(date: Date, locale: Locale, withTime = false): string {
  return (
    new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: "UTC",
    }).format(date) + (withTime ? " UTC" : "")
  );
}
