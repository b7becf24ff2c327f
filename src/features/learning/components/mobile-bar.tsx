"use client";

import { AwardIcon, HomeIcon, ListIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { paths } from "@/lib/paths";

// Cells as wide as their words, sharing what is left: "Compartilhar" needs more than "Início", and
// equal fifths cut "Certificado" at 360 px. Each may still shrink and cut its word, so nothing can
// push the bar wider than the screen.
const CELL =
  "flex h-full min-w-0 flex-[1_1_auto] flex-col items-center justify-center gap-0.5 rounded-md px-1 text-xs font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&_svg]:size-5 [&_svg]:shrink-0";

/** The bottom bar below md: Home, the course's content (drawer), Certificate, the course's actions (Share, Export, Offline) and the theme. */
export function MobileBar({
  onOpenContent,
  onCertificate,
  courseActions,
  themeToggle,
}: {
  onOpenContent: () => void;
  onCertificate: () => void;
  courseActions: React.ReactNode;
  themeToggle: React.ReactNode;
}) {
  const t = useTranslations("viewer");
  return (
    <nav
      aria-label={t("actions")}
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-center gap-0.5 border-t bg-background px-1 py-1 md:hidden"
      data-testid="mobile-bar"
    >
      <Link href={paths.dashboard()} className={CELL}>
        <HomeIcon aria-hidden />
        <span className="max-w-full truncate">{t("home")}</span>
      </Link>
      {/* The short word fits a 360 px screen ("Conteúdo do Curso" was cut); the name stays whole. */}
      <button type="button" className={CELL} onClick={onOpenContent} aria-label={t("courseContent")}>
        <ListIcon aria-hidden />
        <span className="max-w-full truncate">{t("barContent")}</span>
      </button>
      <button type="button" className={CELL} onClick={onCertificate}>
        <AwardIcon aria-hidden />
        <span className="max-w-full truncate">{t("certificate")}</span>
      </button>
      <div className="flex min-w-0 flex-[1_1_auto] justify-center">{courseActions}</div>
      <div className="flex flex-none justify-center">{themeToggle}</div>
    </nav>
  );
}
