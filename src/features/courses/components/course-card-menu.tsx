"use client";
import { EllipsisVerticalIcon, PenLineIcon, Share2Icon, Trash2Icon } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MenuButton } from "@/components/ui/menu-button";
import { MENU_TRIGGER, type CardOffline } from "./course-card-menu-look";

// The confirmation dialog (Radix) loads when the learner first picks "Delete", not with the menu.
const CourseDeleteDialog = dynamic(() => import("./course-delete-dialog").then((m) => m.CourseDeleteDialog), {
  ssr: false,
});

/**
 * A course card's actions menu (share, write all, export, offline, delete), loaded the first time
 * the learner reaches for the card's menu button (course-card-actions.tsx) and mounted open when
 * that reach was a click or a key. The actions' code (features/export) loads when one is picked.
 * The badge's state (offline copy, export in progress) stays with the card's island, which shows it.
 */
export function CourseCardMenu({
  courseId,
  topic,
  defaultOpen,
  offline,
  setOffline,
  exporting,
  setExporting,
  onDeleted,
}: {
  courseId: string;
  topic: string;
  defaultOpen: boolean;
  offline: CardOffline;
  setOffline: (offline: CardOffline) => void;
  exporting: boolean;
  setExporting: (exporting: boolean) => void;
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

  const texts = { share: ts, export: te, offline: to, writeAll: tw };
  const actions = () => import("@/features/export/client").then((m) => m.loadCourseActions());

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
      <MenuButton
        label={t("actions", { topic })}
        defaultOpen={defaultOpen}
        {...MENU_TRIGGER}
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
