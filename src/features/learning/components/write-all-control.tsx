"use client";

import { LoaderCircleIcon, PenLineIcon, RefreshCwIcon, SquareIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import {
  activeCount,
  fetchWritingProgress,
  pollWritingProgress,
  startWriteAll,
  stopWriteAll,
  WRITE_ALL_STARTED,
  type WritingProgress,
} from "../write-all-api";

/** How often the viewer asks how far the course is while lessons are on their way. */
const POLL_MS = 2_500;

export type WritingState = {
  progress: WritingProgress;
  active: boolean;
  busy: boolean;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * "Write all lessons" in the viewer: the course's writing progress, polled while lessons are on
 * their way (the work itself runs on the server and goes on with the tab closed), and the start
 * and stop actions with their toasts.
 */
export function useWriting(courseId: string, initial: WritingProgress): WritingState {
  const t = useTranslations("writeAll");
  const tc = useTranslations("common");
  const [progress, setProgress] = React.useState(initial);
  const [busy, setBusy] = React.useState(false);
  const active = activeCount(progress) > 0;

  // Started elsewhere on the page ("write them first?" before a PDF): show its progress here too.
  React.useEffect(() => {
    const started = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== courseId) return;
      void fetchWritingProgress(courseId)
        .then(setProgress)
        .catch(() => undefined);
    };
    window.addEventListener(WRITE_ALL_STARTED, started);
    return () => window.removeEventListener(WRITE_ALL_STARTED, started);
  }, [courseId]);

  React.useEffect(() => {
    if (!active) return;
    return pollWritingProgress(courseId, POLL_MS, (next) => {
      setProgress(next);
      if (activeCount(next) > 0) return true;
      if (next.written === next.total) notify.success(t("finished"), t("finishedText"));
      // Lessons that could not be written stay on screen (WriteAllFailures and the outline's marks).
      return false;
    });
  }, [active, courseId, t]);

  const start = async () => {
    setBusy(true);
    try {
      const { queued } = await startWriteAll(courseId);
      // Counted exactly at the next poll; until then, what was queued is the batch.
      setProgress((p) => ({ ...p, failed: 0, failedLessons: [], batch: queued }));
      // The header's status says it from now on: a toast would only cover the Stop button.
      if (queued === 0) notify.info(t("nothingToWrite"));
    } catch (error) {
      notify.error(tc("errorTitle"), (error as Error).message || tc("internalError"));
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    setBusy(true);
    try {
      await stopWriteAll(courseId);
      setProgress(await fetchWritingProgress(courseId));
      notify.info(t("stopped"));
    } catch (error) {
      notify.error(tc("errorTitle"), (error as Error).message || tc("internalError"));
    } finally {
      setBusy(false);
    }
  };
  return { progress, active, busy, start, stop };
}

/**
 * The action and its progress, in the viewer's header (md and up) or at the top of the phone's
 * outline drawer. Nothing shows once every lesson is written.
 */
export function WriteAllControl({ state, variant }: { state: WritingState; variant: "header" | "drawer" }) {
  const t = useTranslations("writeAll");
  const { progress, active, busy } = state;
  if (progress.written === progress.total && !active) return null;
  const drawer = variant === "drawer";
  if (active) {
    return (
      <div
        className={cn("flex items-center gap-2", drawer && "rounded-md border p-2")}
        data-testid="write-all-progress"
      >
        <p role="status" className="flex min-w-0 flex-1 items-center gap-1.5 text-sm" title={t("startedText")}>
          <LoaderCircleIcon className="size-4 shrink-0 animate-spin" aria-hidden />
          <span className={cn(!drawer && "sr-only 2xl:not-sr-only")}>
            {t("progress", { written: progress.written, total: progress.total })}
          </span>
          {drawer ? null : (
            <span className="2xl:hidden" aria-hidden>
              {progress.written}/{progress.total}
            </span>
          )}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void state.stop()}
          disabled={busy}
          title={t("stop")}
          data-testid="write-all-stop"
        >
          <SquareIcon aria-hidden />
          <span className={cn(!drawer && "sr-only 2xl:not-sr-only")}>{t("stop")}</span>
        </Button>
      </div>
    );
  }
  const missing = progress.total - progress.written;
  return (
    <div className={cn("flex flex-col gap-1", drawer && "rounded-md border p-2")}>
      <Button
        variant={drawer ? "outline" : "ghost"}
        size="sm"
        onClick={() => void state.start()}
        disabled={busy}
        title={progress.failed > 0 ? t("someFailed", { count: progress.failed }) : t("hint", { count: missing })}
        data-testid="write-all"
      >
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <PenLineIcon aria-hidden />}
        <span className={cn(!drawer && "sr-only xl:not-sr-only")}>{t("action")}</span>
      </Button>
      {drawer ? <p className="text-xs text-muted-foreground">{t("hint", { count: missing })}</p> : null}
      {drawer && progress.failed > 0 ? (
        <p className="text-xs text-destructive" data-testid="write-all-failed">
          {t("someFailed", { count: progress.failed })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The lessons "Write all lessons" could not write: how many (the outline marks which), and Retry,
 * which queues them again. Stays until they are written, by the batch or by opening them. The
 * live region is always there, so the count is announced when it appears.
 */
export function WriteAllFailures({ state, failed }: { state: WritingState; failed: number }) {
  const t = useTranslations("writeAll");
  const id = React.useId();
  return (
    <div aria-live="polite" className="mx-auto w-full max-w-3xl px-4 has-[section]:pt-6 sm:px-6">
      {failed > 0 ? (
        <section
          aria-labelledby={id}
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/60 p-3"
          data-testid="write-all-failures"
        >
          <TriangleAlertIcon className="size-5 shrink-0 text-destructive" aria-hidden />
          <div className="min-w-0 flex-1 space-y-0.5">
            <p id={id} className="font-semibold">
              {t("failedHeading", { count: failed })}
            </p>
            <p className="text-sm text-muted-foreground">{t("failedText", { count: failed })}</p>
          </div>
          <Button size="sm" variant="outline" onClick={() => void state.start()} disabled={state.busy}>
            {state.busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <RefreshCwIcon aria-hidden />}
            {t("retry")}
          </Button>
        </section>
      ) : null}
    </div>
  );
}
