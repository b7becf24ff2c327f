"use client";

import { ArrowLeftIcon, SaveIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import * as React from "react";
import { Button } from "@/components/ui/button";

/** A save's state as the editors show it. */
export type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; message: string };

/** While there is unsaved work, leaving the page (close, reload, another address) asks first. */
export function useLeaveWarning(unsaved: boolean) {
  React.useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
}

/**
 * The editors' top bar: the way back, what the save is doing (a live region) and Save; below
 * it, a failed save's message. `savedText` is what a finished save says.
 */
export function EditorBar({
  backHref,
  backLabel,
  state,
  unsaved,
  savedText,
  canSave,
  onSave,
}: {
  backHref: string;
  backLabel: string;
  state: SaveState;
  unsaved: boolean;
  savedText: string;
  canSave: boolean;
  onSave: () => void;
}) {
  const t = useTranslations("authoring");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href={backHref} className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:underline">
          <ArrowLeftIcon className="size-4" aria-hidden />
          {backLabel}
        </Link>
        <div className="flex items-center gap-3">
          <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
            {state.kind === "saving"
              ? t("saving")
              : state.kind === "saved" && !unsaved
                ? savedText
                : unsaved
                  ? t("unsaved")
                  : ""}
          </p>
          <Button type="button" onClick={onSave} disabled={state.kind === "saving" || !unsaved || !canSave}>
            <SaveIcon aria-hidden />
            {t("save")}
          </Button>
        </div>
      </div>
      {state.kind === "failed" ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
    </>
  );
}
