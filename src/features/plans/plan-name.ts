import "server-only";
import { createTranslator } from "next-intl";
import en from "../../../messages/en.json";
import pt from "../../../messages/pt.json";
import type { Locale } from "@/i18n/config";
import type { Plan } from "./rules";

/** A plan's name in a language, outside a request (receipt mails go in the owner's language). */
export function planName(plan: Plan, locale: Locale): string {
  return createTranslator({ locale, messages: locale === "pt" ? pt : en, namespace: "plans" })(`name.${plan}`);
}
