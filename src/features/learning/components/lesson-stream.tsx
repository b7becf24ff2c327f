"use client";

import { RefreshCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { MarkdownView } from "./markdown-view";
import { LESSON_PROSE } from "./prose";

/** A lesson as the model writes it, formatted as it arrives. */
export function LessonStream({ markdown }: { markdown: string }) {
  const t = useTranslations("viewer");
  return (
    <div data-testid="lesson-stream" aria-live="polite" aria-busy="true" className="space-y-2">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <RefreshCwIcon className="size-4 animate-spin" aria-hidden />
        {t("writing")}
      </p>
      <MarkdownView markdown={markdown} streaming className={LESSON_PROSE} />
      <span className="inline-block h-4 w-2 animate-pulse bg-foreground/60 align-middle" aria-hidden />
    </div>
  );
}
