import { getLocale, getTranslations } from "next-intl/server";
import { isLocale, defaultLocale } from "@/i18n/config";
import { LanguageMenuButton } from "./language-menu-button";

/** Server wrapper: labels are translated here so the client part needs no i18n runtime. */
export async function LanguageMenu() {
  const [t, locale] = await Promise.all([getTranslations("common"), getLocale()]);
  return (
    <LanguageMenuButton
      label={t("language")}
      current={isLocale(locale) ? locale : defaultLocale}
      names={{ pt: t("languages.pt"), en: t("languages.en") }}
    />
  );
}
