"use client";

import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { BackToCourse } from "./back-to-course";
import { NoFreshQuestions } from "./no-fresh-questions";
import { QuizMarks } from "./quiz-marks";
import type { Marks } from "./use-quiz-attempt";

/** Before an attempt: the quiz's title, the marks so far and the start (`loading` while the questions come). */
export function QuizIntro({
  course,
  retest,
  marks,
  noFresh,
  loading,
  onStart,
  headingRef,
}: {
  course: { id: string; mainTopic: string; quizPassed: boolean };
  retest: boolean;
  marks: Marks;
  noFresh: string | null;
  loading: boolean;
  onStart: (renew: boolean) => Promise<void>;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const t = useTranslations("quiz");
  const tr = useTranslations("remediation");
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-5 px-4 py-10">
      <BackToCourse courseId={course.id} />
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
        {retest ? tr("retestTitle", { topic: course.mainTopic }) : t("title", { topic: course.mainTopic })}
      </h1>
      <p className="text-muted-foreground">{retest ? tr("retestIntro") : t("intro")}</p>
      {course.quizPassed ? (
        <p className="font-medium text-emerald-700 dark:text-emerald-400">{t("alreadyPassed")}</p>
      ) : null}
      <QuizMarks marks={marks} />
      {noFresh !== null ? (
        <NoFreshQuestions message={noFresh} onRegular={() => void onStart(false)} busy={loading} />
      ) : (
        <Button size="lg" onClick={() => onStart(retest)} disabled={loading} data-testid="quiz-start">
          {loading ? t("preparing") : retest ? tr("retestStart") : t("start")}
        </Button>
      )}
    </main>
  );
}
