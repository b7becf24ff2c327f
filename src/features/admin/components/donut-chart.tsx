/**
 * A two-part donut drawn on the server as SVG: no chart library in the bundle. The SVG is
 * hidden from assistive technology; the legend beside it says the same in text.
 */
export function DonutChart({
  title,
  parts,
  legend,
  empty,
}: {
  title: string;
  parts: { label: string; value: number; color: string }[];
  legend: (part: { label: string; value: number; percent: number }) => string;
  empty: string;
}) {
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  const radius = 15.915; // circumference 100: dash lengths are percentages
  const percents = parts.map((part) => (total ? (part.value / total) * 100 : 0));
  const slices = parts.map((part, i) => {
    const percent = percents[i];
    // Each slice starts where the ones before it end, from twelve o'clock (offset 25).
    const offset = 25 - percents.slice(0, i).reduce((sum, p) => sum + p, 0);
    return { ...part, percent, dash: `${percent} ${100 - percent}`, offset };
  });
  return (
    <figure className="rounded-xl border p-4">
      <figcaption className="mb-3 font-semibold">{title}</figcaption>
      <div className="flex flex-wrap items-center gap-6">
        <svg viewBox="0 0 42 42" className="size-36 shrink-0" aria-hidden="true">
          <circle
            cx="21"
            cy="21"
            r={radius}
            fill="transparent"
            stroke="currentColor"
            strokeOpacity={0.12}
            strokeWidth="6"
          />
          {total
            ? slices.map((s) => (
                <circle
                  key={s.label}
                  cx="21"
                  cy="21"
                  r={radius}
                  fill="transparent"
                  stroke={s.color}
                  strokeWidth="6"
                  strokeDasharray={s.dash}
                  strokeDashoffset={s.offset}
                />
              ))
            : null}
        </svg>
        {total ? (
          <ul className="space-y-2 text-sm">
            {slices.map((s) => (
              <li key={s.label} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-sm"
                  style={{ backgroundColor: s.color }}
                />
                {legend({ label: s.label, value: s.value, percent: Math.round(s.percent) })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{empty}</p>
        )}
      </div>
    </figure>
  );
}
