"use client";
import {
  CloudDownloadIcon,
  EllipsisVerticalIcon,
  LoaderCircleIcon,
  PenLineIcon,
  Share2Icon,
  Trash2Icon,
} from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { MenuButton } from "@/components/ui/menu-button";
import { offlineCourseCache } from "@/lib/offline-storage";

// The confirmation dialog (Radix) loads when the learner first picks "Delete", not with the page.
const CourseDeleteDialog = dynamic(() => import("./course-delete-dialog").then((m) => m.CourseDeleteDialog), {
  ssr: false,
});

/**
 * The interactive part of a course card, the only part that hydrates: the actions menu (share,
 * write all, export, offline, delete) and the badge that shows the offline copy or an export in
 * progress. The actions' code (features/export) loads when one is picked. Without `onDeleted`
 * (a card rendered on the server) a deletion refreshes the page, which renders the list again.
 */
export function CourseCardActions({
  courseId,
  topic,
  onDeleted,
}: {
  courseId: string;
  topic: string;
  onDeleted?: (id: string) => void;
}) {
  const t = useTranslations("courses");
  const ts = useTranslations("share");
  const te = useTranslations("export");
  const to = useTranslations("offline");
  const tw = useTranslations("writeAll");
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [askedOnce, setAskedOnce] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [offline, setOffline] = useState<"none" | "saving" | "saved">("none");

  // The "Offline" badge: whether this course's copy is stored in this browser.
  useEffect(() => {
    if (!("caches" in window)) return;
    let live = true;
    void caches.has(offlineCourseCache(courseId)).then((saved) => live && saved && setOffline("saved"));
    return () => {
      live = false;
    };
  }, [courseId]);

  const texts = { share: ts, export: te, offline: to, writeAll: tw };
  const actions = () => import("@/features/export").then((m) => m.loadCourseActions());

  async function exportPdf() {
    if (exporting) return;
    setExporting(true);
    await (await actions()).exportAction(courseId, "pdf", texts);
    setExporting(false);
  }

  async function toggleOffline() {
    const saved = await (
      await actions()
    ).toggleOfflineAction(courseId, offline === "saved", texts, () => setOffline("saving"));
    setOffline(saved ? "saved" : "none");
  }

  function deleted() {
    if (onDeleted) onDeleted(courseId);
    router.refresh();
  }

  return (
    <>
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
        label={t("actions", { topic })}
        variant="secondary"
        size="icon"
        className="absolute top-2 right-2"
        buttonClassName="size-8 rounded-full bg-background/90 shadow-sm"
        items={[
          {
            key: "share",
            label: t("share"),
            icon: <Share2Icon className="size-4" aria-hidden />,
            onSelect: () => void actions().then((m) => m.shareAction(courseId, texts)),
          },
          {
            key: "write-all",
            label: tw("action"),
            icon: <PenLineIcon className="size-4" aria-hidden />,
            onSelect: () => void actions().then((m) => m.writeAllAction(courseId, texts)),
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
            onSelect: () => {
              setAskedOnce(true);
              setConfirming(true);
            },
          },
        ]}
      >
        <EllipsisVerticalIcon aria-hidden />
      </MenuButton>
      {askedOnce && (
        <CourseDeleteDialog
          courseId={courseId}
          topic={topic}
          open={confirming}
          onOpenChange={setConfirming}
          onDeleted={deleted}
        />
      )}
    </>
  );
}
