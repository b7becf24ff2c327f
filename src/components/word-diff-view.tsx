import type { DiffPart } from "@/lib/word-diff";
import { cn } from "@/lib/utils";

/**
 * A word diff as text: removed words struck through, added ones underlined, each also in its own
 * colour and named for screen readers, so neither colour nor sight alone carries the change.
 */
export function WordDiffView({
  parts,
  labels,
  className,
  region,
}: {
  parts: DiffPart[];
  labels: { added: string; removed: string };
  className?: string;
  /** A name for a scrolling diff: it becomes a region the keyboard can reach and scroll. */
  region?: string;
}) {
  return (
    <div
      className={cn("font-mono text-sm leading-6 break-words whitespace-pre-wrap", className)}
      {...(region ? { role: "region", "aria-label": region, tabIndex: 0 } : {})}
    >
      {parts.map((part, i) =>
        part.op === "same" ? (
          <span key={i}>{part.text}</span>
        ) : part.op === "added" ? (
          <ins key={i} className="bg-emerald-100 text-emerald-950 underline dark:bg-emerald-950 dark:text-emerald-50">
            <span className="sr-only">{labels.added} </span>
            {part.text}
          </ins>
        ) : (
          <del key={i} className="bg-rose-100 text-rose-950 line-through dark:bg-rose-950 dark:text-rose-50">
            <span className="sr-only">{labels.removed} </span>
            {part.text}
          </del>
        ),
      )}
    </div>
  );
}
