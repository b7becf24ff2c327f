"use client";

import { TimerIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** The time left for the attempt, as m:ss; red in the last 30 seconds. */
export function QuizTimer({ secondsLeft }: { secondsLeft: number }) {
  const t = useTranslations("quiz");
  return (
    <p
      className={cn(
        "flex items-center gap-1.5 font-mono text-lg font-semibold tabular-nums",
        secondsLeft <= 30 && "text-red-700 dark:text-red-400",
      )}
      role="timer"
      aria-label={t("timeLeft", { time: clock(secondsLeft) })}
      data-testid="quiz-timer"
    >
      <TimerIcon className="size-5" aria-hidden />
      {clock(secondsLeft)}
    </p>
  );
}
