"use client";

import { CheckCircle2Icon, CircleIcon, LockIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import type { ViewerData } from "../service";

type OutlineLesson = ViewerData["topics"][number]["lessons"][number];

/** Topics and their lessons with ticks, then the quiz entry (locked for now). */
export function CourseOutline({
  topics,
  currentId,
  busy,
  mainTopic,
  onSelect,
}: {
  topics: ViewerData["topics"];
  currentId: string;
  busy: boolean;
  mainTopic: string;
  onSelect: (lesson: OutlineLesson) => void;
}) {
  const t = useTranslations("viewer");
  return (
    <nav aria-label={t("outline")} className="space-y-5">
      {topics.map((topic) => (
        <section key={topic.id} className="space-y-1">
          <h2 className="px-2 text-sm font-semibold text-foreground">{topic.title}</h2>
          <ul className="space-y-0.5">
            {topic.lessons.map((l) => {
              const current = l.id === currentId;
              return (
                <li key={l.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(l)}
                    data-lesson-id={l.id}
                    aria-current={current ? "page" : undefined}
                    aria-disabled={busy && !current ? true : undefined}
                    className={cn(
                      "flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                      current ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground",
                      busy && !current && "cursor-wait",
                    )}
                  >
                    {l.done ? (
                      <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-label={t("done")} role="img" />
                    ) : (
                      <CircleIcon className="mt-0.5 size-4 shrink-0" aria-label={t("notDone")} role="img" />
                    )}
                    <span>{l.title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <div
        aria-disabled="true"
        title={t("quizSoon")}
        className="flex items-start gap-2 rounded-md border border-dashed px-2 py-2 text-sm text-muted-foreground"
        data-testid="quiz-entry"
      >
        <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="block font-medium">{t("quizEntry", { topic: mainTopic })}</span>
          <span className="block text-xs">{t("quizSoon")}</span>
        </span>
      </div>
    </nav>
  );
}
