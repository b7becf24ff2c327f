/** The export feature's browser entry: Export, offline copies and the offline notes queue (loaded on click). */
export { downloadExport, openPrintView, type ExportFormatChoice, type ExportOutcome } from "./download";
export {
  clearOfflineData,
  dropQueuedNote,
  flushQueuedNotes,
  isCourseOffline,
  offlineSupported,
  queueNote,
  queuedNote,
  removeCourseOffline,
  saveCourseOffline,
  type QueuedNote,
} from "./offline";

/** The menu actions (share, export, offline), for a menu outside this feature to load on click. */
export const loadCourseActions = () => import("./actions");
