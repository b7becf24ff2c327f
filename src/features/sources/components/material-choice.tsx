"use client";
import { FileTextIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { SourceItem } from "./use-sources";

/**
 * What the course will be made from, shown whether or not the upload panel is open: each ready
 * source with a tick (all ticked at first), how many will be used, and how many are still being
 * read (those are not sent until they are ready).
 */
export function MaterialChoice({
  ready,
  unticked,
  readingCount,
  onToggle,
}: {
  ready: SourceItem[];
  unticked: ReadonlySet<string>;
  readingCount: number;
  onToggle: (id: string, ticked: boolean) => void;
}) {
  const t = useTranslations("sources");
  const id = useId();
  const used = ready.filter((i) => !unticked.has(i.id)).length;
  return (
    <fieldset className="space-y-2 rounded-lg border bg-muted/30 p-3" data-testid="material-choice">
      <legend className="sr-only">{t("choiceLegend")}</legend>
      <p id={`${id}-count`} role="status" className="text-sm font-medium" data-testid="material-count">
        {t("willUse", { count: used })}
      </p>
      {ready.length > 0 ? (
        <ul className="space-y-1">
          {ready.map((item) => (
            <li key={item.id}>
              <label className="flex min-h-8 cursor-pointer items-center gap-2 rounded-md px-1 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={!unticked.has(item.id)}
                  onChange={(event) => onToggle(item.id, event.target.checked)}
                  data-source-id={item.id}
                />
                <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span dir="auto" className="min-w-0 truncate">
                  {item.title}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {readingCount > 0 ? (
        <p className="text-xs text-muted-foreground">{t("stillReading", { count: readingCount })}</p>
      ) : null}
    </fieldset>
  );
}
