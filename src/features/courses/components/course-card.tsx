"use client";
import {
  BookOpenIcon,
  CloudDownloadIcon,
  EllipsisVerticalIcon,
  LoaderCircleIcon,
  PenLineIcon,
  Share2Icon,
  Trash2Icon,
} from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
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
import { offlineCourseCache } from "@/lib/offline-storage";
import { cn } from "@/lib/utils";
import type { CourseCard as CourseCardData } from "../service";
import { paths } from "@/lib/paths";

export function CourseCard({ course, onDeleted }: { course: CourseCardData; onDeleted: (id: string) => void }) {
  const t = useTranslations("courses");
  const ts = useTranslations("share");
  const te = useTranslations("export");
  const to = useTranslations("offline");
  const tw = useTranslations("writeAll");
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [offline, setOffline] = useState<"none" | "saving" | "saved">("none");
  const typeLabel = course.type === "video_text" ? t("videoText") : t("textImage");

  // The "Offline" badge: whether this course's copy is stored in this browser.
  useEffect(() => {
    if (!("caches" in window)) return;
    let live = true;
    void caches.has(offlineCourseCache(course.id)).then((saved) => live && saved && setOffline("saved"));
    return () => {
      live = false;
    };
  }, [course.id]);

  const texts = { share: ts, export: te, offline: to, writeAll: tw };
  const actions = () => import("@/features/export").then((m) => m.loadCourseActions());

  async function exportPdf() {
    if (exporting) return;
    setExporting(true);
    await (await actions()).exportAction(course.id, "pdf", texts);
    setExporting(false);
  }

  async function toggleOffline() {
    const saved = await (
      await actions()
    ).toggleOfflineAction(course.id, offline === "saved", texts, () => setOffline("saving"));
    setOffline(saved ? "saved" : "none");
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
    <article
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
      aria-labelledby={`course-${course.id}`}
    >
      <div className="relative aspect-video bg-muted">
        {course.photo && (
          // Photos come from several hosts and inline data; a plain img avoids an image proxy for each.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={course.photo}
            alt={t("coverAlt", { topic: course.mainTopic })}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        )}
        {/* emerald-700: white small text on emerald-600 is 3.7:1, under WCAG's 4.5:1. */}
        <span
          data-testid="course-status"
          className={cn(
            "absolute top-3 left-3 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm",
            course.completed ? "bg-emerald-700 text-white" : "bg-background/90 text-foreground",
          )}
        >
          {course.completed ? t("completed") : t("pending")}
        </span>
        {offline === "saved" || exporting || offline === "saving" ? (
          <span
            className="absolute bottom-3 left-3 flex items-center gap-1 rounded-full bg-background/90 px-2.5 py-0.5 text-xs font-semibold shadow-sm"
            data-testid="offline-badge"
          >
            {exporting || offline === "saving" ? (
              <LoaderCircleIcon className="size-3 animate-spin" aria-hidden />
            ) : (
              <CloudDownloadIcon className="size-3" aria-hidden />
            )}
            {exporting ? te("exporting") : offline === "saving" ? to("downloading") : to("badge")}
          </span>
        ) : null}
        <MenuButton
          label={t("actions", { topic: course.mainTopic })}
          variant="secondary"
          size="icon"
          className="absolute top-2 right-2"
          buttonClassName="size-8 rounded-full bg-background/90 shadow-sm"
          items={[
            {
              key: "share",
              label: t("share"),
              icon: <Share2Icon className="size-4" aria-hidden />,
              onSelect: () => void actions().then((m) => m.shareAction(course.id, texts)),
            },
            {
              key: "write-all",
              label: tw("action"),
              icon: <PenLineIcon className="size-4" aria-hidden />,
              onSelect: () => void actions().then((m) => m.writeAllAction(course.id, texts)),
            },
            {
              key: "pdf",
              label: exporting ? te("exporting") : `${te("export")}: ${te("pdf")}`,
              onSelect: () => void exportPdf(),
            },
            {
              key: "offline",
              label: offline === "saved" ? to("remove") : offline === "saving" ? to("downloading") : to("download"),
              onSelect: () => void toggleOffline(),
            },
            {
              key: "delete",
              label: t("delete"),
              icon: <Trash2Icon className="size-4" aria-hidden />,
              destructive: true,
              onSelect: () => setConfirming(true),
            },
          ]}
        >
          <EllipsisVerticalIcon aria-hidden />
        </MenuButton>
      </div>
      {/* Under the picture, not on it: a drawn cover has the topic written where a caption would sit. */}
      {course.photoAttribution && (
        <p className="truncate border-b px-4 py-1 text-[11px] text-muted-foreground">
          {t("photoBy", { author: course.photoAttribution })}
        </p>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="space-y-1">
          <h3 {...course.text} id={`course-${course.id}`} className="line-clamp-2 text-lg font-semibold break-words">
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
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${course.progress}%` }}
            />
          </div>
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>{t("percentComplete", { percent: course.progress })}</span>
            <span className="flex items-center gap-1">
              <BookOpenIcon className="size-3.5" aria-hidden />
              {t("modules", { count: course.moduleCount })}
            </span>
          </div>
        </div>
        <Link href={paths.course(course.id)} className={cn(buttonVariants(), "mt-auto w-full")}>
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
