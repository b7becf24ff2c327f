"use client";
import { LanguagesIcon } from "lucide-react";
import { MenuButton } from "@/components/ui/menu-button";
import { locales, type Locale } from "@/i18n/config";
import { useSetLocale } from "./use-set-locale";

/** The pt/en menu, on every page (login included, hence the hand-made menu button). */
export function LanguageMenuButton({
  label,
  current,
  names,
}: {
  label: string;
  current: Locale;
  names: Record<Locale, string>;
}) {
  const { setLocale, pending } = useSetLocale();
  return (
    <MenuButton
      // The name holds the visible code too ("Idioma: PT"), so "click PT" works by voice.
      label={`${label}: ${current.toUpperCase()}`}
      menuLabel={label}
      disabled={pending}
      items={locales.map((locale) => ({
        key: locale,
        label: names[locale],
        lang: locale,
        checked: locale === current,
        onSelect: () => {
          if (locale !== current) setLocale(locale);
        },
      }))}
    >
      <LanguagesIcon aria-hidden />
      <span className="uppercase">{current}</span>
    </MenuButton>
  );
}
