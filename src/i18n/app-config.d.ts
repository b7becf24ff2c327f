import type messages from "../../messages/en.json";
import type { Locale } from "./config";

/**
 * next-intl's typing: every `t("key")` is checked against the English catalog (the catalogs'
 * keys are the same, a test checks it), so a missing or misspelt key fails typecheck.
 */
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
