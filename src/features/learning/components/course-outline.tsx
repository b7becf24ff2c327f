"use client";

import { CheckCircle2Icon, CheckIcon, ClipboardCheckIcon, LayersIcon, PaperclipIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type * as React from "react";
import type { CourseTextAttributes } from "@/lib/course-languages";
import type { ViewerData } from "../viewer";
import { paths } from "@/lib/paths";
import { lessonMarkId, type LessonMarkKind } from "./lesson-mark-id";

type OutlineLesson = ViewerData["topics"][number]["lessons"][number];

/**
 * A course of 10 topics has about 50 lessons: each one's tick is a `<use>` of one drawing
 * (lesson-mark-drawings.tsx, drawn once by the page on the server) and its look one class
 * (`outline-lesson` in globals.css), rather than a whole icon and thirty utilities repeated 50
 * times: issue 38 found the page's HTML at 131 kB for 10 topics (99 kB after this).
 */
const MARK_CLASS = { done: "outline-mark text-primary", failed: "outline-mark text-destructive", todo: "outline-mark" };

function LessonMark({ kind, label, testId }: { kind: LessonMarkKind; label: string; testId?: string }) {
  return (
    <svg className={MARK_CLASS[kind]} role="img" aria-label={label} data-testid={testId}>
      <use href={`#${lessonMarkId(kind)}`} />
    </svg>
  );
}

/** Topics and their lessons with ticks, then the quiz entry (ticked once passed). */
export function CourseOutline({
  topics,
  currentId,
  busy,
  mainTopic,
  courseId,
  quizPassed,
  text,
  onSelect,
  writing,
  failed,
  before,
}: {
  topics: ViewerData["topics"];
  currentId: string;
  busy: boolean;
  mainTopic: string;
  courseId: string;
  quizPassed: boolean;
  /** The course's `lang` and `dir`, on each topic and lesson title (the ticks and labels are the UI's). */
  text: CourseTextAttributes;
  onSelect: (lesson: OutlineLesson) => void;
  /** While "Write all lessons" runs: lessons written per topic, shown beside each topic's title. */
  writing?: { id: string; written: number; total: number }[];
  /** Lessons "Write all lessons" could not write: marked until they are written. */
  failed?: ReadonlySet<string>;
  /** Shown above the topics (the phone drawer's "Write all lessons"). */
  before?: React.ReactNode;
}) {
  const t = useTranslations("viewer");
  const tr = useTranslations("remediation");
  return (
    <nav aria-label={t("outline")} className="space-y-5">
      {before}
      {topics.map((topic) => {
        const counts = writing?.find((w) => w.id === topic.id);
        return (
          <section key={topic.id} className="space-y-1">
            <div className="flex items-start gap-2 px-2">
              <h2 {...text} className="min-w-0 flex-1 text-start text-sm font-semibold text-foreground">
                {topic.title}
              </h2>
              {counts ? (
                <span
                  className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground tabular-nums"
                  data-testid="topic-written"
                >
                  {counts.written === counts.total ? <CheckIcon className="size-3.5 text-primary" aria-hidden /> : null}
                  <span className="sr-only">{t("topicWritten", { written: counts.written, total: counts.total })}</span>
                  <span aria-hidden>
                    {counts.written}/{counts.total}
                  </span>
                </span>
              ) : null}
            </div>
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
                      className="outline-lesson"
                    >
                      {l.done ? (
                        <LessonMark kind="done" label={t("done")} />
                      ) : failed?.has(l.id) && !l.generated ? (
                        <LessonMark kind="failed" label={t("notWritten")} testId="lesson-failed" />
                      ) : (
                        <LessonMark kind="todo" label={t("notDone")} />
                      )}
                      <span className="min-w-0 flex-1 text-start">
                        {/* A review lesson: the UI's "Review:" before the course's own title. */}
                        {l.review ? (
                          <span className="font-medium text-primary" data-testid="review-lesson-badge">
                            {tr("reviewBadge")}:{" "}
                          </span>
                        ) : null}
                        <span {...text}>{l.title}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <Link
        href={paths.courseQuiz(courseId)}
        className="flex items-start gap-2 rounded-md border px-2 py-2 text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid="quiz-entry"
      >
        {quizPassed ? (
          <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-label={t("quizPassed")} role="img" />
        ) : (
          <ClipboardCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        )}
        <span>{t("quizEntry", { topic: mainTopic })}</span>
      </Link>
      <Link
        href={paths.review({ course: courseId })}
        className="flex items-start gap-2 rounded-md border px-2 py-2 text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid="review-entry"
      >
        <LayersIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t("reviewEntry")}</span>
      </Link>
      <Link
        href={paths.courseMaterial(courseId)}
        className="flex items-start gap-2 rounded-md border px-2 py-2 text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid="material-entry"
      >
        <PaperclipIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t("materialEntry")}</span>
      </Link>
    </nav>
  );
}
