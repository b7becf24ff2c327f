"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * The course's "only from my sources" (decision 028): a switch (role="switch", Space and Enter as
 * a button) that saves at once. The server owns the value; a failed save puts the switch back
 * and says so.
 */
export function SourcesOnlySwitch({ courseId, initial }: { courseId: string; initial: boolean }) {
  const t = useTranslations("sources");
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<"" | "saved" | "failed">("");
  const id = useId();

  async function toggle() {
    const next = !on;
    setOn(next);
    setBusy(true);
    setStatus("");
    const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/sources-only`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sourcesOnly: next }),
    }).catch(() => null);
    setBusy(false);
    if (response?.ok) setStatus("saved");
    else {
      setOn(!next);
      setStatus("failed");
    }
  }

  return (
    <section aria-labelledby={`${id}-label`} className="space-y-2 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id={`${id}-label`} className="text-lg font-semibold">
            {t("sourcesOnlyLabel")}
          </h2>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {t("sourcesOnlyHint")}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={busy}
          onClick={() => void toggle()}
          className={cn(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70",
            on ? "bg-primary" : "bg-input",
          )}
        >
          <span
            aria-hidden
            className={cn(
              "inline-block size-5 rounded-full bg-background shadow transition-transform",
              on ? "translate-x-5 rtl:-translate-x-5" : "translate-x-0",
            )}
          />
        </button>
      </div>
      <p role="status" className="text-sm" data-state={status || undefined}>
        {status === "saved" ? (on ? t("sourcesOnlyOn") : t("sourcesOnlyOff")) : status === "failed" ? t("failed") : ""}
      </p>
    </section>
  );
}
