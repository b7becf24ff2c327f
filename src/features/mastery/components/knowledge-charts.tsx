import type { Knowledge } from "../service";

type Day = Knowledge["days"][number];

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 22, left: 32 };
const plotWidth = WIDTH - PAD.left - PAD.right;
const plotHeight = HEIGHT - PAD.top - PAD.bottom;

/**
 * Server-rendered SVG charts for "What I know" (decision 025), without a chart library: each has
 * its <title> and <desc> (named by aria-labelledby/-describedby), and the page puts the same
 * figures in a visually hidden table beside them. Colours are the theme's tokens, so both themes
 * hold their contrast; the axis labels are the first and last day and the scale's top.
 */
function Axis({ top, first, last }: { top: string; first: string; last: string }) {
  return (
    <g className="fill-muted-foreground text-[11px]" aria-hidden>
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        className="stroke-border"
      />
      <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
        {top}
      </text>
      <text x={PAD.left - 6} y={HEIGHT - PAD.bottom} textAnchor="end">
        0
      </text>
      <text x={PAD.left} y={HEIGHT - 6}>
        {first}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
        {last}
      </text>
    </g>
  );
}

export function ReviewsChart({
  id,
  days,
  labels,
  title,
  desc,
}: {
  id: string;
  days: Day[];
  labels: string[];
  title: string;
  desc: string;
}) {
  const max = Math.max(1, ...days.map((d) => d.reviews));
  const slot = plotWidth / days.length;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full"
      data-testid="reviews-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      <Axis top={String(max)} first={labels[0]} last={labels[labels.length - 1]} />
      <g className="fill-primary">
        {days.map((d, i) => {
          const h = (d.reviews / max) * plotHeight;
          return (
            <rect
              key={d.day}
              x={PAD.left + i * slot + slot * 0.15}
              y={PAD.top + plotHeight - h}
              width={slot * 0.7}
              height={h}
              rx={1.5}
            />
          );
        })}
      </g>
    </svg>
  );
}

export function RetentionChart({
  id,
  days,
  labels,
  title,
  desc,
}: {
  id: string;
  days: Day[];
  labels: string[];
  title: string;
  desc: string;
}) {
  const slot = plotWidth / days.length;
  const points = days
    .map((d, i) =>
      d.retention === null
        ? null
        : { x: PAD.left + i * slot + slot / 2, y: PAD.top + plotHeight - d.retention * plotHeight, day: d.day },
    )
    .filter((p): p is { x: number; y: number; day: string } => p !== null);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full"
      data-testid="retention-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      <Axis top="100%" first={labels[0]} last={labels[labels.length - 1]} />
      {points.length > 1 ? (
        <polyline
          points={points.map((p) => `${p.x},${p.y}`).join(" ")}
          fill="none"
          strokeWidth={2}
          className="stroke-primary"
        />
      ) : null}
      <g className="fill-primary">
        {points.map((p) => (
          <circle key={p.day} cx={p.x} cy={p.y} r={3.5} />
        ))}
      </g>
    </svg>
  );
}
