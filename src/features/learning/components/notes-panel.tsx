"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import * as React from "react";
import { notify } from "@/components/notify";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { postJson } from "@/lib/http/post-json";
import type { NotesEditorHandle } from "@/components/editor/rich-text-editor";
import { NOTES_QUEUE_KEY } from "@/lib/offline-storage";
import { PanelDialog } from "./panel-dialog";

// Lexical is fetched only when the notes are opened.
const NotesEditor = dynamic(() => import("@/components/editor/rich-text-editor").then((m) => m.NotesEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});

type Loaded = { html: string; version: number };

/** Course Notes: per user and course, saved with the version they were loaded at. */
export function NotesPanel({
  open,
  onOpenChange,
  courseId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: string;
}) {
  const t = useTranslations("notes");
  const tc = useTranslations("common");
  const to = useTranslations("offline");
  const [loaded, setLoaded] = React.useState<Loaded | null>(null);
  const [loadKey, setLoadKey] = React.useState(0);
  const [dirty, setDirty] = React.useState(false);
  const [saving, setSaving] = React.useState(false);
  const [conflict, setConflict] = React.useState(false);
  const editor = React.useRef<NotesEditorHandle>(null);

  const load = React.useCallback(async () => {
    // A note written offline and not sent yet wins over the server's copy: it is newer, and on a
    // conflict it must stay on screen until the learner saves or drops it.
    const queued = localStorage.getItem(NOTES_QUEUE_KEY)
      ? (await import("@/features/export/client")).queuedNote(courseId)
      : undefined;
    try {
      const response = await postJson("/api/getnotes", { course: courseId });
      const body = (await response.json()) as { success: boolean; message?: string; version?: number };
      if (!response.ok || !body.success) throw new Error(`HTTP ${response.status}`);
      const server = { html: body.message ?? "", version: body.version ?? 0 };
      // After a conflict, saving replaces the newer server notes: the learner has seen the warning.
      setLoaded(queued ? { html: queued.html, version: queued.conflict ? server.version : queued.version } : server);
      setDirty(Boolean(queued));
      setConflict(Boolean(queued?.conflict));
      setLoadKey((k) => k + 1);
    } catch {
      if (queued) {
        setLoaded({ html: queued.html, version: queued.version });
        setLoadKey((k) => k + 1);
        return;
      }
      notify.error(tc("errorTitle"), tc("internalError"));
      setLoaded({ html: "", version: 0 });
    }
  }, [courseId, tc]);

  // Notes are read each time the panel opens, so another tab's save is seen.
  React.useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [open, load]);

  const save = async () => {
    if (!loaded || !editor.current) return;
    setSaving(true);
    const html = editor.current.getHtml();
    try {
      const response = await postJson("/api/savenotes", { course: courseId, notes: html, version: loaded.version });
      const body = (await response.json().catch(() => ({}))) as { success?: boolean; version?: number };
      if (response.status === 409) {
        setConflict(true);
        return;
      }
      if (!response.ok || !body.success) throw new Error(`HTTP ${response.status}`);
      setLoaded({ html, version: body.version ?? loaded.version + 1 });
      setDirty(false);
      setConflict(false);
      if (localStorage.getItem(NOTES_QUEUE_KEY)) (await import("@/features/export/client")).dropQueuedNote(courseId);
      notify.success(t("saved"));
    } catch (error) {
      // No connection: kept on this device with the version it was written against, and sent when
      // the connection returns (export's OfflineStatus); the version check still applies then.
      if (error instanceof TypeError || !navigator.onLine) {
        (await import("@/features/export/client")).queueNote({ courseId, html, version: loaded.version });
        setDirty(false);
        notify.info(to("notesQueued"), to("notesQueuedText"));
        return;
      }
      notify.error(`${tc("errorTitle")}: ${tc("internalError")}`);
    } finally {
      setSaving(false);
    }
  };

  // Closing with unsaved changes asks first.
  const requestClose = (next: boolean) => {
    if (!next && dirty && !window.confirm(t("unsavedConfirm"))) return;
    if (!next) {
      setLoaded(null);
      setDirty(false);
    }
    onOpenChange(next);
  };

  return (
    <PanelDialog
      open={open}
      onOpenChange={requestClose}
      title={t("title")}
      description={t("description")}
      closeLabel={t("cancel")}
      testId="notes-panel"
    >
      {conflict ? (
        <div role="alert" className="space-y-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <p className="font-semibold">{t("conflictTitle")}</p>
          <p>{t("conflict")}</p>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setLoaded(null);
              void import("@/features/export/client").then((m) => {
                m.dropQueuedNote(courseId);
                void load();
              });
            }}
          >
            {t("reload")}
          </Button>
        </div>
      ) : null}
      {loaded ? (
        <NotesEditor key={loadKey} initialHtml={loaded.html} handle={editor} onDirty={() => setDirty(true)} />
      ) : (
        <div role="status" aria-label={t("loading")}>
          <Skeleton className="h-56 w-full" />
        </div>
      )}
      <div className="flex justify-end">
        <Button onClick={() => void save()} disabled={!loaded || saving}>
          {saving ? t("saving") : t("save")}
        </Button>
      </div>
    </PanelDialog>
  );
}
