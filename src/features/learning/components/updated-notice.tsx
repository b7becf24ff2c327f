"use client";

import { CheckIcon, HistoryIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { WordDiffView } from "@/components/word-diff-view";
import type { CourseTextAttributes } from "@/lib/course-languages";
import type { LessonUpdate } from "../updated-since-read";

/**
 * Above a lesson the learner had finished and its authors changed since (decision 043): what
 * changed, around the changes, and "Got it", after which it is not shown again. The lesson stays
 * done either way.
 */
export function UpdatedNotice({
  lessonId,
  update,
  text,
}: {
  lessonId: string;
  update: LessonUpdate;
  /** The course's `lang` and `dir`: the changes are the lesson's words. */
  text: CourseTextAttributes;
}) {
  const t = useTranslations("viewer.updated");
  // Kept with the lesson it is about: the viewer keeps this component from lesson to lesson (a
  // `key` on it made React 19 keep the server's copy beside its own when hydrating).
  const [saved, setSaved] = React.useState<{ lessonId: string; state: "saving" | "seen" | "failed" } | null>(null);
  const state = saved?.lessonId === lessonId ? saved.state : "shown";
  if (state === "seen") return null;

  const seen = async () => {
    setSaved({ lessonId, state: "saving" });
    try {
      const response = await fetch(`/api/lessons/${lessonId}/changes-seen`, { method: "POST" });
      setSaved({ lessonId, state: response.ok ? "seen" : "failed" });
    } catch {
      setSaved({ lessonId, state: "failed" });
    }
  };

  return (
    <section
      aria-labelledby="lesson-updated"
      className="space-y-3 rounded-lg border border-amber-500/50 bg-amber-50 p-4 text-sm dark:bg-amber-950/40"
      data-testid="lesson-updated"
    >
      <h2 id="lesson-updated" className="flex items-center gap-2 font-semibold">
        <HistoryIcon className="size-4" aria-hidden />
        {t("title")}
      </h2>
      <p>{t("body")}</p>
      {update.changes ? (
        <details className="rounded-md border bg-background p-3">
          <summary className="cursor-pointer font-medium">{t("show")}</summary>
          <div {...text} className="mt-3">
            <WordDiffView
              parts={update.changes}
              labels={{ added: t("added"), removed: t("removed") }}
              region={t("changes")}
              className="max-h-80 overflow-y-auto"
            />
          </div>
        </details>
      ) : (
        <p className="text-muted-foreground">{t("unknown")}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" variant="outline" onClick={() => void seen()} disabled={state === "saving"}>
          <CheckIcon aria-hidden />
          {t("seen")}
        </Button>
        {state === "failed" ? (
          <p role="alert" className="text-destructive">
            {t("failed")}
          </p>
        ) : null}
      </div>
    </section>
  );
}
