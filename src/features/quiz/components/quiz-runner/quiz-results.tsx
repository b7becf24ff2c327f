"use client";

import { BookOpenIcon, RotateCcwIcon, SparklesIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { PublicQuestion } from "../../grading";
import { BackToCourse } from "./back-to-course";
import { NoFreshQuestions } from "./no-fresh-questions";
import type { Outcome } from "./quiz-api";
import { QuestionReview } from "./question-review";
import { ResultRing } from "./result-ring";

/** After an attempt: the score and verdict, what to do next (review, retake, new questions) and each question graded. */
export function QuizResults({
  courseId,
  questions,
  outcome,
  noFresh,
  reviewing,
  onReview,
  onStart,
  headingRef,
}: {
  courseId: string;
  questions: PublicQuestion[];
  outcome: Outcome;
  noFresh: string | null;
  reviewing: boolean;
  onReview: () => Promise<void>;
  onStart: (renew: boolean) => Promise<void>;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const t = useTranslations("quiz");
  const tr = useTranslations("remediation");
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10">
      <BackToCourse courseId={courseId} />
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
        {t("resultsTitle")}
      </h1>
      <div className="flex flex-col items-center gap-3 text-center">
        <ResultRing percent={outcome.percent} label={t("scoreLabel", { percent: outcome.percent })} />
        <p className="text-lg font-medium" data-testid="quiz-score">
          {t("score", { score: outcome.score, total: outcome.results.length })}
        </p>
        <p
          role="status"
          className={cn(
            "font-semibold",
            outcome.passed ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
          )}
          data-testid="quiz-verdict"
        >
          {!outcome.counted ? t("late") : outcome.passed ? t("passed") : t("failed")}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {!outcome.passed && outcome.score < outcome.results.length ? (
          <Button onClick={() => void onReview()} disabled={reviewing} data-testid="quiz-review">
            <BookOpenIcon aria-hidden />
            {reviewing ? tr("preparing") : tr("reviewButton")}
          </Button>
        ) : null}
        <Button
          variant={!outcome.passed && outcome.score < outcome.results.length ? "outline" : "default"}
          onClick={() => onStart(false)}
          data-testid="quiz-retake"
        >
          <RotateCcwIcon aria-hidden />
          {t("retake")}
        </Button>
        {/* The owner's new questions are the course's; a learner's are a retest of their own. */}
        <Button variant="outline" onClick={() => onStart(true)} data-testid="quiz-renew">
          <SparklesIcon aria-hidden />
          {t("newQuestions")}
        </Button>
      </div>
      {noFresh !== null ? <NoFreshQuestions message={noFresh} onRegular={() => void onStart(false)} /> : null}
      <ol className="space-y-5">
        {questions.map((question, q) => (
          <QuestionReview key={q} question={question} number={q + 1} result={outcome.results[q]} />
        ))}
      </ol>
    </main>
  );
}
