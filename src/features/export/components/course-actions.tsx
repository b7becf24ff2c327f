"use client";

import { CloudDownloadIcon, CloudOffIcon, DownloadIcon, FileArchiveIcon, FileTextIcon, Link2Icon, Link2OffIcon, LoaderCircleIcon, PackageIcon, Share2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { MenuButton, type MenuButtonItem } from "@/components/ui/menu-button";
import type { ExportFormatChoice } from "../client";

/**
 * Share, Export and Offline for one course: three menus in the viewer's header, one in the phone's
 * bottom bar. Only this shell is in the viewer's first load; what each action does is fetched on
 * click (export/offline code and the sharing feature's browser entry).
 */
export function CourseActions({ courseId, variant = "header" }: { courseId: string; variant?: "header" | "bar" }) {
  const ts = useTranslations("share");
  const te = useTranslations("export");
  const to = useTranslations("offline");
  const [exporting, setExporting] = React.useState(false);
  const [offline, setOffline] = React.useState<"unknown" | "none" | "saving" | "saved">("unknown");

  React.useEffect(() => {
    let live = true;
    // After the first paint: whether this course is stored is only needed for the Offline menu.
    const timer = setTimeout(() => {
      void import("../offline").then(async (m) => {
        const saved = await m.isCourseOffline(courseId).catch(() => false);
        if (live) setOffline(saved ? "saved" : "none");
      });
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [courseId]);

  /** Actions that need the server say so when there is no connection, instead of failing silently. */
  const online = () => {
    if (navigator.onLine) return true;
    notify.error(to("needsNetwork"), to("needsNetworkText"));
    return false;
  };

  async function share() {
    if (!online()) return;
    const { shareCourseLink } = await import("@/features/sharing");
    const outcome = await shareCourseLink(courseId).catch(() => ({ ok: false as const, message: undefined }));
    if (!outcome.ok) notify.error(ts("failed"), outcome.message);
    else if (outcome.copied) notify.success(ts("linkCopied"), ts("linkCopiedText"));
    else notify.info(ts("copyFailed"), outcome.url);
  }

  async function stopSharing() {
    if (!online()) return;
    const { stopSharingCourse } = await import("@/features/sharing");
    if (await stopSharingCourse(courseId).catch(() => false)) notify.success(ts("stopped"), ts("stoppedText"));
    else notify.error(ts("failed"));
  }

  async function exportAs(format: ExportFormatChoice) {
    if (exporting || !online()) return;
    setExporting(true);
    try {
      const { downloadExport, openPrintView } = await import("../client");
      const outcome = await downloadExport(courseId, format);
      if (outcome.ok) return;
      if (outcome.printInstead) {
        notify.info(te("printInstead"), te("printInsteadText"));
        openPrintView(courseId);
      } else notify.error(te("failed"), outcome.message);
    } catch {
      notify.error(te("failed"));
    } finally {
      setExporting(false);
    }
  }

  async function toggleOffline() {
    const m = await import("../offline");
    if (!m.offlineSupported()) return notify.error(to("failed"), to("unsupported"));
    if (offline === "saved") {
      await m.removeCourseOffline(courseId);
      setOffline("none");
      return notify.success(to("removed"));
    }
    if (!online()) return;
    setOffline("saving");
    try {
      await m.saveCourseOffline(courseId);
      setOffline("saved");
      notify.success(to("downloaded"), to("downloadedText"));
    } catch {
      await m.removeCourseOffline(courseId).catch(() => undefined);
      setOffline("none");
      notify.error(to("failed"));
    }
  }

  const shareItems: MenuButtonItem[] = [
    { key: "share", label: ts("copyLink"), icon: <Link2Icon className="size-4" aria-hidden />, onSelect: () => void share() },
    { key: "stop", label: ts("stopSharing"), icon: <Link2OffIcon className="size-4" aria-hidden />, onSelect: () => void stopSharing() },
  ];
  const exportItems: MenuButtonItem[] = [
    { key: "pdf", label: te("pdf"), icon: <FileTextIcon className="size-4" aria-hidden />, onSelect: () => void exportAs("pdf") },
    { key: "md", label: te("markdown"), icon: <FileArchiveIcon className="size-4" aria-hidden />, onSelect: () => void exportAs("md") },
    { key: "scorm", label: te("scorm"), icon: <PackageIcon className="size-4" aria-hidden />, onSelect: () => void exportAs("scorm") },
  ];
  const offlineItem: MenuButtonItem =
    offline === "saved"
      ? { key: "offline", label: to("remove"), icon: <CloudOffIcon className="size-4" aria-hidden />, onSelect: () => void toggleOffline() }
      : { key: "offline", label: offline === "saving" ? to("downloading") : to("download"), icon: <CloudDownloadIcon className="size-4" aria-hidden />, onSelect: () => void toggleOffline() };
  const busyIcon = <LoaderCircleIcon className="animate-spin" aria-hidden />;

  if (variant === "bar") {
    return (
      <MenuButton
        label={ts("actions")}
        items={[...shareItems, ...exportItems, offlineItem]}
        className="relative [&>[role=menu]]:bottom-full [&>[role=menu]]:mt-0 [&>[role=menu]]:mb-1"
        buttonClassName="h-14 flex-col gap-0.5 px-1 text-xs"
      >
        {exporting || offline === "saving" ? busyIcon : <Share2Icon aria-hidden />}
        <span className="max-w-full truncate">{exporting ? te("exporting") : ts("share")}</span>
      </MenuButton>
    );
  }
  return (
    <>
      <MenuButton label={ts("share")} menuLabel={ts("shareMenu")} items={shareItems}>
        <Share2Icon aria-hidden />
        <span className="sr-only xl:not-sr-only">{ts("share")}</span>
      </MenuButton>
      <MenuButton label={exporting ? te("exporting") : te("export")} menuLabel={te("exportMenu")} items={exportItems} disabled={exporting}>
        {exporting ? busyIcon : <DownloadIcon aria-hidden />}
        <span className="sr-only xl:not-sr-only">{exporting ? te("exporting") : te("export")}</span>
      </MenuButton>
      <MenuButton label={offline === "saved" ? to("downloaded") : to("menu")} menuLabel={to("menu")} items={[offlineItem]}>
        {offline === "saving" ? busyIcon : offline === "saved" ? <CloudOffIcon aria-hidden /> : <CloudDownloadIcon aria-hidden />}
        <span className="sr-only xl:not-sr-only">{offline === "saved" ? to("badge") : to("menu")}</span>
      </MenuButton>
    </>
  );
}
