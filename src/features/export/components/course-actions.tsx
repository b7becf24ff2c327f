"use client";

import { CloudDownloadIcon, CloudOffIcon, DownloadIcon, LoaderCircleIcon, Share2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { MenuButton, type MenuButtonItem } from "@/components/ui/menu-button";
import { offlineCourseCache } from "@/lib/offline-storage";

const actions = () => import("../actions");

/**
 * Share, Export and Offline for one course: three menus in the viewer's header, one in the phone's
 * bottom bar. Only the menus are in the viewer's first load; what each item does (actions.ts) is
 * fetched on first click.
 */
export function CourseActions({
  courseId,
  owner,
  variant = "header",
}: {
  courseId: string;
  /** The owner shares and offers the course; an enrolled learner exports and keeps it offline. */
  owner: boolean;
  variant?: "header" | "bar";
}) {
  const share = useTranslations("share");
  const exp = useTranslations("export");
  const offline = useTranslations("offline");
  const writeAll = useTranslations("writeAll");
  const t = { share, export: exp, offline, writeAll };
  const [exporting, setExporting] = React.useState(false);
  const [stored, setStored] = React.useState<"none" | "saving" | "saved">("none");

  React.useEffect(() => {
    if (!("caches" in window)) return;
    let live = true;
    void caches.has(offlineCourseCache(courseId)).then((saved) => live && saved && setStored("saved"));
    return () => {
      live = false;
    };
  }, [courseId]);

  // Busy from when the export goes ahead, not while it asks about unwritten lessons: a button
  // disabled under the question would lose the focus the question must hand back to it.
  const running = React.useRef(false);
  const exportAs = (format: "pdf" | "md" | "scorm") => async () => {
    if (running.current) return;
    running.current = true;
    try {
      await (await actions()).exportAction(courseId, format, t, () => setExporting(true));
    } finally {
      running.current = false;
      setExporting(false);
    }
  };
  const toggleOffline = async () => {
    const saved = await (
      await actions()
    ).toggleOfflineAction(courseId, stored === "saved", t, () => setStored("saving"));
    setStored(saved ? "saved" : "none");
  };

  const shareItems: MenuButtonItem[] = owner
    ? [
        {
          key: "share",
          label: share("copyLink"),
          onSelect: () => void actions().then((m) => m.shareAction(courseId, t)),
        },
        {
          key: "stop",
          label: share("stopSharing"),
          onSelect: () => void actions().then((m) => m.stopSharingAction(courseId, t)),
        },
        {
          key: "enrol",
          label: share("openEnrolment"),
          onSelect: () => void actions().then((m) => m.openEnrolmentAction(courseId, t)),
        },
        {
          key: "catalog",
          label: share("listInCatalog"),
          onSelect: () => void actions().then((m) => m.openEnrolmentAction(courseId, t, "public")),
        },
        {
          key: "stop-enrol",
          label: share("closeEnrolment"),
          onSelect: () => void actions().then((m) => m.closeEnrolmentAction(courseId, t)),
        },
      ]
    : [];
  const exportItems: MenuButtonItem[] = [
    { key: "pdf", label: exp("pdf"), onSelect: () => void exportAs("pdf")() },
    { key: "md", label: exp("markdown"), onSelect: () => void exportAs("md")() },
    { key: "scorm", label: exp("scorm"), onSelect: () => void exportAs("scorm")() },
  ];
  const offlineItem: MenuButtonItem = {
    key: "offline",
    label: stored === "saved" ? offline("remove") : stored === "saving" ? offline("downloading") : offline("download"),
    onSelect: () => void toggleOffline(),
  };
  const busy = <LoaderCircleIcon className="animate-spin" aria-hidden />;
  const exportLabel = exporting ? exp("exporting") : exp("export");

  if (variant === "bar") {
    return (
      <MenuButton
        label={share("actions")}
        items={[...shareItems, ...exportItems, offlineItem]}
        className="relative max-w-full min-w-0 [&>[role=menu]]:bottom-full [&>[role=menu]]:mt-0 [&>[role=menu]]:mb-1"
        buttonClassName="h-14 max-w-full flex-col gap-0.5 px-1 text-xs"
      >
        {exporting || stored === "saving" ? busy : <Share2Icon aria-hidden />}
        <span className="max-w-full truncate">{exporting ? exportLabel : share("share")}</span>
      </MenuButton>
    );
  }
  return (
    <>
      {owner && (
        <MenuButton label={share("share")} menuLabel={share("shareMenu")} items={shareItems} title={share("share")}>
          <Share2Icon aria-hidden />
        </MenuButton>
      )}
      <MenuButton
        label={exportLabel}
        menuLabel={exp("exportMenu")}
        items={exportItems}
        disabled={exporting}
        title={exportLabel}
      >
        {exporting ? busy : <DownloadIcon aria-hidden />}
      </MenuButton>
      <MenuButton
        label={stored === "saved" ? offline("downloaded") : offline("menu")}
        menuLabel={offline("menu")}
        items={[offlineItem]}
        title={stored === "saved" ? offline("downloaded") : offline("menu")}
      >
        {stored === "saving" ? (
          busy
        ) : stored === "saved" ? (
          <CloudOffIcon aria-hidden />
        ) : (
          <CloudDownloadIcon aria-hidden />
        )}
      </MenuButton>
    </>
  );
}
