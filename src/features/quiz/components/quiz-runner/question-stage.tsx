"use client";

import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";
import type { PublicQuestion } from "../../grading";
import { LeaveQuizDialog } from "./leave-quiz-dialog";
import { QuestionCard } from "./question-card";
import { QuizTimer } from "./quiz-timer";

/** The attempt, one question at a time against the clock; `submitting` while the answers are graded. */
export function QuestionStage({
  courseId,
  questions,
  answers,
  index,
  secondsLeft,
  submitting,
  onChoose,
  onPrevious,
  onNext,
  onFinish,
  headingRef,
}: {
  courseId: string;
  questions: PublicQuestion[];
  answers: string[];
  index: number;
  secondsLeft: number;
  submitting: boolean;
  onChoose: (letter: string) => void;
  onPrevious: () => void;
  onNext: () => void;
  onFinish: () => Promise<void>;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const t = useTranslations("quiz");
  const question = questions[index];
  const chosen = answers[index];
  const last = index === questions.length - 1;
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10" aria-busy={submitting}>
      <LeaveQuizDialog courseId={courseId} disabled={submitting} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{t("questionNumber", { number: index + 1 })}</p>
        <QuizTimer secondsLeft={secondsLeft} />
      </div>
      <QuestionCard question={question} index={index} chosen={chosen} onChoose={onChoose} headingRef={headingRef} />
      <div className="flex items-center justify-between gap-3">
        <Button variant="outline" onClick={onPrevious} disabled={index === 0 || submitting}>
          <ChevronLeftIcon aria-hidden />
          {t("previous")}
        </Button>
        {last ? (
          <Button onClick={() => void onFinish()} disabled={!chosen || submitting}>
            {t("finish")}
          </Button>
        ) : (
          <Button onClick={onNext} disabled={!chosen}>
            {t("next")}
            <ChevronRightIcon aria-hidden />
          </Button>
        )}
      </div>
    </main>
  );
}
