"use client";

import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import type { PublicQuestion, QuestionResult } from "../../grading";
import { Formatted } from "./formatted";

/** One graded question in the results: the right option, the learner's pick, the explanation and its source. */
export function QuestionReview({
  question,
  number,
  result,
}: {
  question: PublicQuestion;
  number: number;
  result: QuestionResult;
}) {
  const t = useTranslations("quiz");
  return (
    <li className="space-y-3 rounded-lg border p-4" data-testid="quiz-result">
      <h2 className="font-semibold" dir="auto">
        {number}. <Formatted text={question.question} html={question.html} />
      </h2>
      <ul className="space-y-2">
        {question.options.map((option) => {
          const right = option.letter === result.correct;
          const wrongPick = option.letter === result.chosen && !right;
          return (
            <li
              key={option.letter}
              data-letter={option.letter}
              data-state={right ? "correct" : wrongPick ? "wrong" : "other"}
              className={cn(
                "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
                right && "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
                wrongPick && "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
              )}
            >
              {right ? (
                <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" role="img" aria-label={t("correct")} />
              ) : wrongPick ? (
                <XCircleIcon className="mt-0.5 size-4 shrink-0" role="img" aria-label={t("wrong")} />
              ) : (
                <span className="size-4 shrink-0" />
              )}
              <span className="font-semibold uppercase">{option.letter}.</span>
              <Formatted dir="auto" text={option.text} html={option.html} />
              {option.letter === result.chosen ? (
                <span className="ml-auto text-xs font-medium">{t("yourAnswer")}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!result.chosen ? <p className="text-sm text-muted-foreground">{t("unanswered")}</p> : null}
      {/* The label is the UI's and the explanation the course's: each keeps its own direction. */}
      <div className="space-y-0.5 text-sm">
        <p className="font-medium">{t("explanation")}</p>
        <p dir="auto" data-testid="quiz-explanation">
          <Formatted text={result.explanation} html={result.explanationHtml} />
        </p>
      </div>
      {result.citation ? (
        <p className="text-xs text-muted-foreground" data-testid="quiz-citation">
          <span className="font-medium">{t("source")}</span> <span dir="auto">{result.citation.sourceTitle}</span>,{" "}
          {result.citation.pageFrom === result.citation.pageTo
            ? t("sourcePage", { page: result.citation.pageFrom })
            : t("sourcePages", { from: result.citation.pageFrom, to: result.citation.pageTo })}
        </p>
      ) : null}
    </li>
  );
}
