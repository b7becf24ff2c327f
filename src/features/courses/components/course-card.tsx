"use client";
import { BookOpenIcon, EllipsisVerticalIcon, LoaderCircleIcon, Share2Icon, Trash2Icon } from "lucide-react";
import Link from "next/link";
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
import { MenuButton } from "@/components/ui/menu-button";
import { cn } from "@/lib/utils";
import { courseShareUrl } from "..";
import type { CourseCard as CourseCardData } from "../service";

export function CourseCard({ course, shareBase, onDeleted }: { course: CourseCardData; shareBase: string; onDeleted: (id: string) => void }) {
  const t = useTranslations("courses");
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const typeLabel = course.type === "video_text" ? t("videoText") : t("textImage");

  async function share() {
    const url = courseShareUrl(shareBase, course.id);
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t("linkCopied"), t("linkCopiedText"));
    } catch {
      notify.error(t("copyFailed"), url);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      const response = await fetch("/api/deletecourse", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ courseId: course.id }),
      });
      const body = (await response.json().catch(() => null)) as { success?: boolean } | null;
      if (!response.ok || !body?.success) throw new Error("delete failed");
      setConfirming(false);
      notify.success(t("deletedTitle"), t("deletedText"));
      onDeleted(course.id);
    } catch {
      notify.error(t("errorTitle"), t("errorText"));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <article className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm" aria-labelledby={`course-${course.id}`}>
      <div className="relative aspect-video bg-muted">
        {course.photo && (
          // Photos come from several hosts and inline data; a plain img avoids an image proxy for each.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={course.photo} alt={t("coverAlt", { topic: course.mainTopic })} loading="lazy" decoding="async" className="size-full object-cover" />
        )}
        <span
          className={cn(
            "absolute top-3 left-3 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm",
            course.completed ? "bg-emerald-600 text-white" : "bg-background/90 text-foreground",
          )}
        >
          {course.completed ? t("completed") : t("pending")}
        </span>
        <MenuButton
          label={t("actions", { topic: course.mainTopic })}
          variant="secondary"
          size="icon"
          className="absolute top-2 right-2"
          buttonClassName="size-8 rounded-full bg-background/90 shadow-sm"
          items={[
            { key: "share", label: t("share"), icon: <Share2Icon className="size-4" aria-hidden />, onSelect: () => void share() },
            { key: "delete", label: t("delete"), icon: <Trash2Icon className="size-4" aria-hidden />, destructive: true, onSelect: () => setConfirming(true) },
          ]}
        >
          <EllipsisVerticalIcon aria-hidden />
        </MenuButton>
      </div>
      {/* Under the picture, not on it: a drawn cover has the topic written where a caption would sit. */}
      {course.photoAttribution && (
        <p className="truncate border-b px-4 py-1 text-[11px] text-muted-foreground">{t("photoBy", { author: course.photoAttribution })}</p>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <h3 id={`course-${course.id}`} className="line-clamp-2 text-lg font-semibold break-words">
            {course.mainTopic}
          </h3>
          <p className="text-sm text-muted-foreground">{typeLabel}</p>
        </div>
        <div className="space-y-1.5">
          <div
            role="progressbar"
            aria-label={t("progressLabel")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={course.progress}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${course.progress}%` }} />
          </div>
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>{t("percentComplete", { percent: course.progress })}</span>
            <span className="flex items-center gap-1">
              <BookOpenIcon className="size-3.5" aria-hidden />
              {t("modules", { count: course.moduleCount })}
            </span>
          </div>
        </div>
        <Link href={`/course/${course.id}`} className={cn(buttonVariants(), "mt-auto w-full")}>
          {t("continue")}
        </Link>
      </div>
      <AlertDialog open={confirming} onOpenChange={(open) => !deleting && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t("deleteTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("deleteText", { topic: course.mainTopic })}</AlertDialogDescription>
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
    </article>
  );
}
