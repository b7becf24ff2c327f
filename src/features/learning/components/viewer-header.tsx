"use client";

import { AwardIcon, HomeIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { ProgressRing } from "./progress-ring";
import { paths } from "@/lib/paths";

/**
 * The top bar: outline toggle, progress and the course's name; from md up also Home, Certificate, Share, Export,
 * Offline, the study buttons and the theme (below md they are in the bottom bar and floating).
 * The course's name comes first: the actions are icons (named for screen readers and on hover)
 * and only the ones an icon does not say ("Write all lessons", the study panels) get their words,
 * from widths where the name still keeps most of the bar (issue 33: at 1280 px in Portuguese
 * every label left the name 42 px).
 */
export function ViewerHeader({
  mainTopic,
  text,
  progress,
  outlineOpen,
  onToggleOutline,
  onCertificate,
  writeAll,
  courseActions,
  studyButtons,
  themeToggle,
  languageMenu,
}: {
  mainTopic: string;
  /** The course's `lang` and `dir`, on its name. */
  text: CourseTextAttributes;
  progress: number;
  outlineOpen: boolean;
  onToggleOutline: () => void;
  onCertificate: () => void;
  /** "Write all lessons" and its progress, while any lesson is unwritten. */
  writeAll: React.ReactNode;
  courseActions: React.ReactNode;
  studyButtons: React.ReactNode;
  themeToggle: React.ReactNode;
  /** The UI language menu: at every width, as in the other signed-in pages' top bar. */
  languageMenu: React.ReactNode;
}) {
  const t = useTranslations("viewer");
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
      {/* The outline is a drawer below md: the toggle exists from md up only (Button sets its own display, hence the wrapper). */}
      <div className="hidden md:block">
        <Button
          variant="ghost"
          size="icon"
          onClick={onToggleOutline}
          aria-expanded={outlineOpen}
          aria-controls="course-outline"
          aria-label={outlineOpen ? t("hideOutline") : t("showOutline")}
          data-testid="outline-toggle"
        >
          {outlineOpen ? <PanelLeftCloseIcon aria-hidden /> : <PanelLeftOpenIcon aria-hidden />}
        </Button>
      </div>
      <ProgressRing percent={progress} label={t("progressLabel", { percent: progress })} />
      {/* `dir="auto"`: a Latin name in a right-to-left course is cut at its own end, not its start. */}
      <p
        lang={text.lang}
        dir="auto"
        className="min-w-32 flex-1 truncate text-start font-semibold"
        title={mainTopic}
        data-testid="viewer-course-title"
      >
        {mainTopic}
      </p>
      {languageMenu}
      <div className="hidden items-center gap-1 md:flex" role="group" aria-label={t("actions")}>
        <Button variant="ghost" size="sm" asChild>
          <Link href={paths.dashboard()} title={t("home")}>
            <HomeIcon aria-hidden />
            <span className="sr-only">{t("home")}</span>
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onCertificate}
          title={t("certificate")}
          data-testid="certificate-action"
        >
          <AwardIcon aria-hidden />
          <span className="sr-only">{t("certificate")}</span>
        </Button>
        {writeAll}
        {courseActions}
        {studyButtons}
        {themeToggle}
      </div>
    </header>
  );
}
