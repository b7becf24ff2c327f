"use client";

import { RefreshCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { LESSON_PROSE } from "./prose";
import { withoutRepeatedTitle } from "./repeated-title";
import type { PartialRenderer } from "./use-partial-renderer";
import { STREAM_RENDER_MS, useThrottledValue } from "./use-throttled-value";

/**
 * A lesson as the model writes it, formatted as it arrives. `render` is the lazily loaded
 * renderer (safe HTML by construction, src/lib/markdown/render.ts).
 */
export function LessonStream({
  markdown,
  title,
  text,
  render,
}: {
  markdown: string;
  title: string;
  text: CourseTextAttributes;
  render: PartialRenderer;
}) {
  const t = useTranslations("viewer");
  const shown = useThrottledValue(markdown, STREAM_RENDER_MS);
  // A grounded lesson's `[n]` shows as the superscript it will be (renderStreamedLesson).
  const html = React.useMemo(() => withoutRepeatedTitle(render(shown), title), [render, shown, title]);
  return (
    <div data-testid="lesson-stream" aria-live="polite" aria-busy="true" className="space-y-2">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <RefreshCwIcon className="size-4 animate-spin" aria-hidden />
        {t("writing")}
      </p>
      <div {...text} className={LESSON_PROSE} dangerouslySetInnerHTML={{ __html: html }} />
      <span className="inline-block h-4 w-2 animate-pulse bg-foreground/60 align-middle" aria-hidden />
    </div>
  );
}
