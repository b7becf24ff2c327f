"use client";
import { ChevronDownIcon, PaperclipIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

// The upload panel is loaded when the learner opens it: most courses are made from a topic alone,
// and the Generate page's first load should not carry it (issue 25).
const SourcesPanel = dynamic(() => import("./sources-panel").then((m) => m.SourcesPanel), {
  ssr: false,
  loading: () => <p className="text-sm text-muted-foreground">…</p>,
});

/**
 * "Add material": the learner's own files, text or web pages. Collapsed until asked for. It says
 * only what is true today: the material is kept with the course (generation does not cite it yet).
 */
export function AddMaterial({ courseId, onReady }: { courseId?: string; onReady?: (ids: string[]) => void }) {
  const t = useTranslations("sources");
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
      <div id={panelId} hidden={!open}>
        {open && <SourcesPanel courseId={courseId} onReady={onReady} />}
      </div>
    </section>
  );
}
