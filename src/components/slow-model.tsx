"use client";
import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * How long without any output from the model before the UI says it is slow. A model usually
 * starts within a second or two; past this, the learner should know the wait is unusual (the
 * server ends it with an error when its budget, AI_TOTAL_TIMEOUT_MS, runs out).
 */
const SLOW_MODEL_AFTER_MS = 6_000;

/**
 * True once the model has given nothing for SLOW_MODEL_AFTER_MS. `waitKey` is null when nothing
 * is awaited; any new value (a new request, or one more piece of output) starts the count again.
 * The stream's own `waiting` lines are no output: they do not change the key.
 */
export function useSlowModel(waitKey: string | null): boolean {
  const [stalledAt, setStalledAt] = useState<string | null>(null);
  useEffect(() => {
    if (waitKey === null) return;
    const timer = setTimeout(() => setStalledAt(waitKey), SLOW_MODEL_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waitKey]);
  return waitKey !== null && stalledAt === waitKey;
}

/** The polite notice that the model is slower than usual (announced to screen readers). */
export function SlowModelNotice({ className }: { className?: string }) {
  const t = useTranslations("aiStatus");
  return (
    <p
      role="status"
      data-testid="slow-model"
      className={cn("flex items-center gap-2 text-sm text-muted-foreground", className)}
    >
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
      {t("slow")}
    </p>
  );
}
