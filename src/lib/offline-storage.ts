/**
 * Where offline copies live in the browser, whose they are, and the one way to remove them all:
 * every cache named `aula-…` (courses, their pages and pictures, the app's scripts, the owner
 * record) and the offline notes queue. Copies end with the session that saved them
 * (docs/decisions/016-offline-copies-end-with-session.md): signing out, a login or sign-up page
 * (shown only to a browser with no session), another session's signed-in page, and the service
 * worker past the session's expiry all remove them, so the next person on the device finds none.
 */
export const OFFLINE_CACHE_PREFIX = "aula-";
export const NOTES_QUEUE_KEY = "aula-offline-notes";
/** The day's review cards as last fetched, and grades given offline waiting to be sent (src/features/review). */
export const REVIEW_CARDS_KEY = "aula-offline-review-cards";
export const REVIEW_GRADES_KEY = "aula-offline-review-grades";

/** The cache holding one downloaded course (its pages, lessons and pictures). */
export const offlineCourseCache = (courseId: string) => `${OFFLINE_CACHE_PREFIX}course-${courseId}`;

/**
 * The owner record: which session the offline data belongs to and when that session expires.
 * public/sw.js reads it under these same names (it cannot import this module).
 */
export const OFFLINE_OWNER_CACHE = `${OFFLINE_CACHE_PREFIX}session`;
export const OFFLINE_OWNER_KEY = "/__offline/session";

/**
 * `owner`: a one-way digest of the user and session ids, rendered by the signed-in layouts
 * (src/features/export/components/offline-owner.tsx); `expiresAt`: the session's expiry in ms.
 */
export type OfflineOwner = { owner: string; expiresAt: number };

export async function clearOfflineStorage(): Promise<void> {
  if (typeof window === "undefined") return;
  try {
    localStorage.removeItem(NOTES_QUEUE_KEY);
    localStorage.removeItem(REVIEW_CARDS_KEY);
    localStorage.removeItem(REVIEW_GRADES_KEY);
  } catch {
    // storage unavailable: nothing was queued
  }
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
