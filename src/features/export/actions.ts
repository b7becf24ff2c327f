/**
 * What the Share, Export and Offline menu items do (viewer and card menu), fetched on first
 * click so none of it is in a page's first load. The menus pass their translators in.
 */
import type { useTranslations } from "next-intl";
import { askChoice } from "@/components/choice-dialog";
import { notify } from "@/components/notify";
import { fetchWritingProgress, startWriteAll } from "@/features/learning/client";
import { downloadExport, openPrintView, type ExportFormatChoice } from "./download";
import { isCourseOffline, offlineSupported, removeCourseOffline, saveCourseOffline } from "./offline";

export type ActionTexts = {
  share: ReturnType<typeof useTranslations<"share">>;
  export: ReturnType<typeof useTranslations<"export">>;
  offline: ReturnType<typeof useTranslations<"offline">>;
  writeAll: ReturnType<typeof useTranslations<"writeAll">>;
};

/**
 * Before a PDF or an offline copy, which hold only written lessons: when some are not written,
 * asks in a dialog whether to write them first ("Write all lessons") or go on without them.
 * Answers whether to go on now. A failed progress read does not stand in the way.
 */
async function unwrittenLessonsAllowed(courseId: string, t: ActionTexts, what: "pdf" | "offline"): Promise<boolean> {
  const progress = await fetchWritingProgress(courseId).catch(() => null);
  if (!progress || progress.written >= progress.total) return true;
  const count = progress.total - progress.written;
  const choice = await askChoice(
    t.writeAll("missingTitle", { count }),
    t.writeAll(what === "pdf" ? "missingPdf" : "missingOffline"),
    { confirm: t.writeAll("writeFirst"), cancel: t.writeAll("continueAnyway") },
  );
  if (choice === "confirm") {
    try {
      const { queued } = await startWriteAll(courseId);
      notify.success(t.writeAll("writeFirstStarted", { count: queued }), t.writeAll("writeFirstText"));
    } catch (error) {
      notify.error(t.writeAll("startFailed"), (error as Error).message || undefined);
    }
  }
  return choice === "cancel";
}

/** "Write all lessons" from a menu outside the viewer (the course card). */
export async function writeAllAction(courseId: string, t: ActionTexts): Promise<void> {
  if (!online(t)) return;
  try {
    const { queued } = await startWriteAll(courseId);
    if (queued > 0) notify.success(t.writeAll("started", { count: queued }), t.writeAll("startedText"));
    else notify.info(t.writeAll("nothingToWrite"));
  } catch (error) {
    notify.error(t.writeAll("startFailed"), (error as Error).message || undefined);
  }
}

/** Actions that need the server say so when there is no connection, instead of failing silently. */
function online(t: ActionTexts): boolean {
  if (navigator.onLine) return true;
  notify.error(t.offline("needsNetwork"), t.offline("needsNetworkText"));
  return false;
}

export async function shareAction(courseId: string, t: ActionTexts): Promise<void> {
  if (!online(t)) return;
  const { shareCourseLink } = await import("@/features/sharing/client");
  const outcome = await shareCourseLink(courseId).catch(() => ({ ok: false as const, message: undefined }));
  if (!outcome.ok) notify.error(t.share("failed"), outcome.message);
  else if (outcome.copied) notify.success(t.share("linkCopied"), t.share("linkCopiedText"));
  else notify.info(t.share("copyFailed"), outcome.url);
}

export async function stopSharingAction(courseId: string, t: ActionTexts): Promise<void> {
  if (!online(t)) return;
  const { stopSharingCourse } = await import("@/features/sharing/client");
  if (await stopSharingCourse(courseId).catch(() => false)) notify.success(t.share("stopped"), t.share("stoppedText"));
  else notify.error(t.share("failed"));
}

/**
 * Opens the course to anyone with its link and copies the link (`unlisted`), or lists it in the
 * catalogue (`public`). A course with a lesson not yet written cannot be offered: the owner is
 * asked whether to write them all now.
 */
export async function openEnrolmentAction(
  courseId: string,
  t: ActionTexts,
  visibility: "unlisted" | "public" = "unlisted",
): Promise<void> {
  if (!online(t)) return;
  const { changeCourseVisibility, enrolLink } = await import("@/features/enrolment/client");
  const outcome = await changeCourseVisibility(courseId, visibility).catch(() => ({ ok: false as const }));
  if (!outcome.ok) {
    if ("code" in outcome && outcome.code === "course:lessons-unwritten") {
      const choice = await askChoice(t.share("unwrittenTitle"), t.share("unwrittenText"), {
        confirm: t.writeAll("action"),
        cancel: t.share("notNow"),
      });
      if (choice === "confirm") await writeAllAction(courseId, t);
    } else notify.error(t.share("failed"), "message" in outcome ? outcome.message : undefined);
    return;
  }
  if (visibility === "public") {
    notify.success(t.share("listedInCatalog"), t.share("listedInCatalogText"));
    return;
  }
  const link = enrolLink(courseId);
  try {
    await navigator.clipboard.writeText(link);
    notify.success(t.share("enrolmentOpen"), t.share("enrolmentOpenText"));
  } catch {
    notify.info(t.share("enrolmentLink"), link);
  }
}

/** No one new may enrol; those enrolled keep studying. */
export async function closeEnrolmentAction(courseId: string, t: ActionTexts): Promise<void> {
  if (!online(t)) return;
  const { changeCourseVisibility } = await import("@/features/enrolment/client");
  const outcome = await changeCourseVisibility(courseId, "private").catch(() => ({ ok: false as const }));
  if (outcome.ok) notify.success(t.share("enrolmentClosed"), t.share("enrolmentClosedText"));
  else notify.error(t.share("failed"));
}

/**
 * Downloads the file; without a server browser, says so and opens the print dialog instead.
 * `onStart` is told once the export goes ahead (after any question), for the caller's busy state.
 */
export async function exportAction(
  courseId: string,
  format: ExportFormatChoice,
  t: ActionTexts,
  onStart?: () => void,
): Promise<void> {
  if (!online(t)) return;
  if (format === "pdf" && !(await unwrittenLessonsAllowed(courseId, t, "pdf"))) return;
  onStart?.();
  try {
    const outcome = await downloadExport(courseId, format);
    if (outcome.ok) return;
    if (outcome.printInstead) {
      notify.info(t.export("printInstead"), t.export("printInsteadText"));
      openPrintView(courseId);
    } else if (outcome.limited && outcome.message) {
      // Not a failure to retry at once ("try again"): the server's own words say to wait.
      notify.error(outcome.message);
    } else notify.error(t.export("failed"), outcome.message);
  } catch {
    notify.error(t.export("failed"));
  }
}

export { isCourseOffline };

/** Stores or removes the offline copy; answers whether the course is stored afterwards. */
export async function toggleOfflineAction(
  courseId: string,
  saved: boolean,
  t: ActionTexts,
  onSaving: () => void,
): Promise<boolean> {
  if (!offlineSupported()) {
    notify.error(t.offline("failed"), t.offline("unsupported"));
    return saved;
  }
  if (saved) {
    await removeCourseOffline(courseId);
    notify.success(t.offline("removed"));
    return false;
  }
  if (!online(t)) return false;
  if (!(await unwrittenLessonsAllowed(courseId, t, "offline"))) return false;
  onSaving();
  try {
    await saveCourseOffline(courseId);
    notify.success(t.offline("downloaded"), t.offline("downloadedText"));
    return true;
  } catch {
    await removeCourseOffline(courseId).catch(() => undefined);
    notify.error(t.offline("failed"));
    return false;
  }
}
