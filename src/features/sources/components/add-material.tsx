"use client";
import { ChevronDownIcon, PaperclipIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { MaterialChoice } from "./material-choice";
import { useSources } from "./use-sources";

// The upload panel is loaded when the learner opens it: most courses are made from a topic alone,
// and the Generate page's first load should not carry it (issue 25).
const SourcesPanel = dynamic(() => import("./sources-panel").then((m) => m.SourcesPanel), {
  ssr: false,
  loading: () => <p className="text-sm text-muted-foreground">…</p>,
});

/** The Generate page's choice of material: what the learner unticked (kept by the page), and who hears the rest. */
export type MaterialChoiceProps = {
  unticked: readonly string[];
  onUntickedChange: (ids: string[]) => void;
  /** The ready sources left ticked: what the outline is asked with. */
  onChosen: (ids: string[]) => void;
};

/**
 * "Add material": the learner's own files, text or web pages. The upload panel is collapsed
 * until asked for, but the list is the section's: on the Generate page (`choice`) the ready
 * material is shown open or collapsed, each source ticked to be used unless the learner unticks
 * it, and `onChosen` hears the ids left ticked, so material added earlier is never silently left
 * out (issue 33).
 */
export function AddMaterial({ courseId, choice }: { courseId?: string; choice?: MaterialChoiceProps }) {
  const t = useTranslations("sources");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const [items, setItems] = useSources(courseId);
  const unticked = useMemo(() => new Set(choice?.unticked), [choice?.unticked]);
  const onChosen = choice?.onChosen;

  const ready = useMemo(() => items.filter((i) => i.status === "ready"), [items]);
  const readingCount = items.filter((i) => i.status === "processing").length;
  const chosenKey = ready
    .filter((i) => !unticked.has(i.id))
    .map((i) => i.id)
    .join(",");
  useEffect(() => {
    onChosen?.(chosenKey ? chosenKey.split(",") : []);
  }, [chosenKey, onChosen]);

  function toggle(id: string, ticked: boolean) {
    if (!choice) return;
    const others = choice.unticked.filter((other) => other !== id);
    choice.onUntickedChange(ticked ? others : [...others, id]);
  }

  return (
    <section aria-labelledby={`${panelId}-heading`} className="space-y-3 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h2 id={`${panelId}-heading`} className="flex items-center gap-2 text-lg font-semibold">
            <PaperclipIcon className="size-5" aria-hidden />
            {t("heading")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("intro")}</p>
        </div>
        <Button
          type="button"
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t("close") : t("open")}
          <ChevronDownIcon className={open ? "rotate-180 transition-transform" : "transition-transform"} aria-hidden />
        </Button>
      </div>
      {choice && (ready.length > 0 || readingCount > 0) ? (
        <MaterialChoice ready={ready} unticked={unticked} readingCount={readingCount} onToggle={toggle} />
      ) : null}
      <div id={panelId} hidden={!open}>
        {open && <SourcesPanel courseId={courseId} items={items} setItems={setItems} />}
      </div>
    </section>
  );
}
