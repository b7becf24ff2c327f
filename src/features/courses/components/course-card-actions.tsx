"use client";
import { CloudDownloadIcon, EllipsisVerticalIcon, LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { offlineCourseCache } from "@/lib/offline-storage";
import type { CourseCardMenu as CourseCardMenuType } from "./course-card-menu";
import { MENU_TRIGGER, type CardOffline } from "./course-card-menu-look";

// One load of the menu's code for every card; started when a learner first reaches for a menu.
let menuCode: Promise<typeof CourseCardMenuType> | null = null;
const loadMenu = () => (menuCode ??= import("./course-card-menu").then((m) => m.CourseCardMenu));

/**
 * The interactive part of a course card, the only part that hydrates: the badge that shows the
 * offline copy or an export in progress, and the actions menu's button. The menu itself
 * (course-card-menu.tsx) is not hydrated with the page (issue 25): its code loads when the
 * pointer or the focus first reaches the button, and a click, Enter, Space or an arrow key mounts
 * it open, focus on its first item, as if it had been there. Without `onDeleted` (a card rendered
 * on the server) a deletion refreshes the page, which renders the list again.
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
  const te = useTranslations("export");
  const to = useTranslations("offline");
  const [exporting, setExporting] = useState(false);
  const [offline, setOffline] = useState<CardOffline>("none");
  const [Menu, setMenu] = useState<typeof CourseCardMenuType | null>(null);

  // The "Offline" badge: whether this course's copy is stored in this browser.
  useEffect(() => {
    if (!("caches" in window)) return;
    let live = true;
    void caches.has(offlineCourseCache(courseId)).then((saved) => live && saved && setOffline("saved"));
    return () => {
      live = false;
    };
  }, [courseId]);

  const open = () => void loadMenu().then((component) => setMenu(() => component));
  const label = t("actions", { topic });

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
      {Menu ? (
        <Menu
          courseId={courseId}
          topic={topic}
          defaultOpen
          offline={offline}
          setOffline={setOffline}
          exporting={exporting}
          setExporting={setExporting}
          onDeleted={onDeleted}
        />
      ) : (
        <MenuTrigger label={label} onReach={() => void loadMenu()} onOpen={open} />
      )}
    </>
  );
}

/** The menu button before its menu's code is loaded: the same look, name and keys as MenuButton's. */
function MenuTrigger({ label, onReach, onOpen }: { label: string; onReach: () => void; onOpen: () => void }) {
  return (
    <div className={MENU_TRIGGER.className}>
      <Button
        variant={MENU_TRIGGER.variant}
        size={MENU_TRIGGER.size}
        className={MENU_TRIGGER.buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={onReach}
        onPointerDown={onReach}
        onFocus={onReach}
        onClick={onOpen}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            onOpen();
          }
        }}
      >
        <EllipsisVerticalIcon aria-hidden />
      </Button>
    </div>
  );
}
