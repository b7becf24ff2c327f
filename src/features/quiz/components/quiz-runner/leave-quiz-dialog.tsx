"use client";

import { ArrowLeftIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/lib/paths";

/**
 * The way back during an attempt asks first: leaving ends the attempt without a score (nothing
 * is sent), which a stray tap should not do. An alert dialog, so the focus is held in it, Escape
 * or "Stay" keeps the attempt, and the focus returns to this button.
 */
export function LeaveQuizDialog({ courseId, disabled }: { courseId: string; disabled: boolean }) {
  const t = useTranslations("quiz");
  const router = useRouter();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" disabled={disabled} data-testid="quiz-leave">
          <ArrowLeftIcon aria-hidden />
          {t("backToCourse")}
        </Button>
      }
      title={t("leaveTitle")}
      description={t("leaveText")}
      cancelLabel={t("stay")}
      confirmLabel={t("leave")}
      destructive
      onConfirm={async () => router.push(paths.course(courseId))}
    />
  );
}
