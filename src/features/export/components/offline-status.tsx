"use client";

import { WifiOffIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { NOTES_QUEUE_KEY } from "@/lib/offline-storage";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * The "offline" banner, and the sending of notes written offline once the connection is back
 * (with their version: a conflict is announced and the text kept, see offline.ts).
 */
export function OfflineStatus() {
  const t = useTranslations("offline");
  const online = React.useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

  React.useEffect(() => {
    if (!online || !localStorage.getItem(NOTES_QUEUE_KEY)) return;
    void import("../offline").then(async (m) => {
      const { saved, conflicts } = await m.flushQueuedNotes();
      if (saved.length) notify.success(t("notesSynced"));
      if (conflicts.length) notify.error(t("notesConflict"), t("notesConflictText"));
    });
  }, [online, t]);

  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex items-center justify-center gap-2 bg-amber-100 px-3 py-1.5 text-center text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
      data-testid="offline-banner"
    >
      <WifiOffIcon className="size-4 shrink-0" aria-hidden />
      {t("banner")}
    </div>
  );
}
