"use client";

import { RefreshCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { cn } from "@/lib/utils";

/** Rewriting replaces the lesson the learner may be reading: asked first. */
export function RegenerateDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const t = useTranslations("viewer");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("regenerateTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("regenerateText")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("regenerateCancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>
            <RefreshCwIcon aria-hidden />
            {t("regenerateConfirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The lesson on screen while it is rewritten: kept, dimmed and marked busy until the new text
 * starts to arrive. The same elements either way, so the lesson (and its video) is not remounted.
 */
export function RewritingFrame({ active, children }: { active: boolean; children: React.ReactNode }) {
  const t = useTranslations("viewer");
  return (
    <div aria-busy={active || undefined} className="space-y-2">
      <p role="status" className={cn("flex items-center gap-2 text-sm text-muted-foreground", !active && "sr-only")}>
        {active ? (
          <>
            <RefreshCwIcon className="size-4 animate-spin" aria-hidden />
            {t("regenerating")}
          </>
        ) : null}
      </p>
      <div className={cn("transition-opacity", active && "opacity-70")}>{children}</div>
    </div>
  );
}
