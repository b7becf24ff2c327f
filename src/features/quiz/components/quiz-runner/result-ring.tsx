import { cn } from "@/lib/utils";

/** Red below 50 %, green from 80 %, amber between (SPEC 9). */
function ringTone(percent: number): string {
  if (percent < 50) return "stroke-red-600 text-red-700 dark:text-red-400";
  if (percent >= 80) return "stroke-emerald-600 text-emerald-700 dark:text-emerald-400";
  return "stroke-amber-500 text-amber-700 dark:text-amber-400";
}

/** The attempt's score as a ring filled to its percent, named by `label` for assistive technology. */
export function ResultRing({ percent, label }: { percent: number; label: string }) {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const tone = ringTone(percent);
  return (
    <div
      role="img"
      aria-label={label}
      className={cn("relative flex size-36 items-center justify-center", tone)}
      data-testid="quiz-ring"
      data-percent={percent}
    >
      <svg viewBox="0 0 120 120" className="absolute inset-0 -rotate-90" aria-hidden>
        <circle cx="60" cy="60" r={radius} fill="none" strokeWidth="10" className="stroke-muted" />
        <circle
          cx="60"
          cy="60"
          r={radius}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          className={tone}
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percent / 100)}
        />
      </svg>
      <span className="text-3xl font-bold tabular-nums" aria-hidden>
        {percent}%
      </span>
    </div>
  );
}
