"use client";
import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { notify } from "@/components/notify";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";

/** "Delete this course?": asks, then deletes on the server; loaded when the learner first picks Delete. */
export function CourseDeleteDialog({
  courseId,
  topic,
  open,
  onOpenChange,
  onDeleted,
}: {
  courseId: string;
  topic: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const t = useTranslations("courses");
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    try {
      const response = await fetch("/api/deletecourse", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ courseId }),
      });
      const body = (await response.json().catch(() => null)) as { success?: boolean } | null;
      if (!response.ok || !body?.success) throw new Error("delete failed");
      onOpenChange(false);
      notify.success(t("deletedTitle"), t("deletedText"));
      onDeleted();
    } catch {
      notify.error(t("errorTitle"), t("errorText"));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogTitle>{t("deleteTitle")}</AlertDialogTitle>
        <AlertDialogDescription>{t("deleteText", { topic })}</AlertDialogDescription>
        <div className="flex justify-end gap-3">
          <AlertDialogCancel className={buttonVariants({ variant: "outline" })} disabled={deleting}>
            {t("cancel")}
          </AlertDialogCancel>
          {/* Not AlertDialogAction: the dialog stays open until the server has answered. */}
          <Button variant="destructive" onClick={remove} disabled={deleting}>
            {deleting && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            {deleting ? t("deleting") : t("confirmDelete")}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
