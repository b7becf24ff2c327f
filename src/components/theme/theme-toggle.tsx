import { getTranslations } from "next-intl/server";
import { ThemeToggleButton } from "./theme-toggle-button";

/** Server wrapper: the label is translated here so the client part needs no i18n runtime. */
export async function ThemeToggle({ className }: { className?: string }) {
  const t = await getTranslations("common.theme");
  return <ThemeToggleButton label={t("toggle")} className={className} />;
}
