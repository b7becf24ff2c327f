"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * A learner's "Get e-mails from this class" (the assignment mails and due-date reminders): a
 * switch (role="switch", Space and Enter as a button) that saves at once with PATCH
 * /api/classes/{id}. The server owns the value; a failed save puts the switch back and says so.
 */
export function ClassMailsSwitch({ classId, initial }: { classId: string; initial: boolean }) {
  const t = useTranslations("classes");
  const [on, setOn] = useState(initial);
  const [status, setStatus] = useState<"" | "saving" | "saved" | "failed">("");
  const id = useId();

  async function toggle() {
    const next = !on;
    setOn(next);
    setStatus("saving");
    const response = await fetch(`/api/classes/${encodeURIComponent(classId)}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ notify: next }),
    }).catch(() => null);
    if (response?.ok) setStatus("saved");
    else {
      setOn(!next);
      setStatus("failed");
    }
  }

  const message = {
    "": "",
    saving: t("mailsSaving"),
    saved: on ? t("mailsOn") : t("mailsOff"),
    failed: t("mailsFailed"),
  }[status];
  return (
    <section aria-labelledby={`${id}-label`} className="space-y-2 rounded-lg border p-4">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id={`${id}-label`} className="font-medium">
            {t("mails")}
          </h2>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {t("mailsHint")}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-busy={status === "saving"}
          disabled={status === "saving"}
          onClick={() => void toggle()}
          data-testid="class-mails"
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
      <p
        role="status"
        className={cn("text-sm", status === "failed" ? "text-destructive" : "text-muted-foreground")}
        data-state={status || undefined}
      >
        {message}
      </p>
    </section>
  );
}
