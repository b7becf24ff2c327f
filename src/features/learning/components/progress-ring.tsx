/** The header's progress ring with the percent in its middle. */
export function ProgressRing({ percent, label }: { percent: number; label: string }) {
  const radius = 16;
  const circumference = 2 * Math.PI * radius;
  return (
    <div
      role="img"
      aria-label={label}
      className="relative flex size-10 shrink-0 items-center justify-center"
      data-testid="progress-ring"
    >
      <svg viewBox="0 0 40 40" className="absolute inset-0 -rotate-90" aria-hidden>
        <circle cx="20" cy="20" r={radius} fill="none" strokeWidth="4" className="stroke-muted" />
        <circle
          cx="20"
          cy="20"
          r={radius}
          fill="none"
          strokeWidth="4"
          strokeLinecap="round"
          className="stroke-primary transition-[stroke-dashoffset] duration-500"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percent / 100)}
        />
      </svg>
      <span className="text-[10px] font-semibold tabular-nums" aria-hidden>
        {percent}%
      </span>
    </div>
  );
}
