import "server-only";
import { createTranslator } from "next-intl";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { cookieValue } from "@/lib/http/cookies";
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from "./config";

const catalogs = { pt, en } as const;

/** The UI language of an API call: the language cookie, else the default (pt). */
export function requestLocale(request: Request): Locale {
  const value = cookieValue(request, LOCALE_COOKIE);
  return isLocale(value) ? value : defaultLocale;
}

/** API messages come from the same catalogs as the UI, in the caller's UI language. */
export function apiTranslator(request: Request) {
  const locale = requestLocale(request);
  return createTranslator({ locale, messages: catalogs[locale], namespace: "api" });
}

export type ApiTranslator = ReturnType<typeof apiTranslator>;
