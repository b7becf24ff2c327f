"use client";

import { useTranslations } from "next-intl";
import { markPercent, type AttemptMark } from "../../grading";
import type { Marks } from "./use-quiz-attempt";

/** The newest and the best counted attempt, before a start: what the learner is up against. */
export function QuizMarks({ marks }: { marks: Marks }) {
  const t = useTranslations("quiz");
  if (!marks.last) return null;
  const value = (mark: AttemptMark) =>
    t("markValue", { score: mark.score, total: mark.total, percent: markPercent(mark) });
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border p-4 text-sm" data-testid="quiz-marks">
      <dt className="text-muted-foreground">{t("lastMark")}</dt>
      <dd className="font-medium tabular-nums" data-testid="quiz-last-mark">
        {value(marks.last)}
      </dd>
      {marks.best ? (
        <>
          <dt className="text-muted-foreground">{t("bestMark")}</dt>
          <dd className="font-medium tabular-nums" data-testid="quiz-best-mark">
            {value(marks.best)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
