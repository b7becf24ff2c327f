"use client";
import { LanguagesIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { locales, type Locale } from "@/i18n/config";
import { useSetLocale } from "./use-set-locale";

/**
 * The pt/en menu. A small hand-made menu button (WAI-ARIA menu pattern: arrows, Home/End,
 * Escape, click outside) rather than a popper library: it is on every page, login included,
 * and the login page has a strict script budget.
 */
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
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const index = Math.max(0, locales.indexOf(current));
    itemRefs.current[index]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, current]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: React.KeyboardEvent) {
    const items = itemRefs.current.filter(Boolean) as HTMLButtonElement[];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(items.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") close(false);
    else return;
    event.preventDefault();
  }

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        // The name holds the visible code too ("Idioma: PT"), so "click PT" works by voice.
        aria-label={`${label}: ${current.toUpperCase()}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={pending}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <LanguagesIcon aria-hidden />
        <span className="uppercase">{current}</span>
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-1 min-w-[9rem] rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {locales.map((locale, i) => (
            <button
              key={locale}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={locale === current}
              lang={locale}
              tabIndex={-1}
              onClick={() => {
                close();
                if (locale !== current) setLocale(locale);
              }}
              className="relative flex w-full cursor-default items-center rounded-sm py-1.5 pr-2 pl-8 text-left text-sm outline-none select-none hover:bg-accent focus:bg-accent focus:text-accent-foreground"
            >
              {locale === current && <span aria-hidden className="absolute left-3 size-2 rounded-full bg-current" />}
              {names[locale]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
