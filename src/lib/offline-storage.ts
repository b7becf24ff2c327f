/**
 * Where offline copies live in the browser, and the one way to remove them all: every cache
 * named `aula-…` (courses, their pages and pictures, the app's scripts) and the offline notes
 * queue. Signing out calls it, so the next person on the device finds none of it.
 */
export const OFFLINE_CACHE_PREFIX = "aula-";
export const NOTES_QUEUE_KEY = "aula-offline-notes";

/** The cache holding one downloaded course (its pages, lessons and pictures). */
export const offlineCourseCache = (courseId: string) => `${OFFLINE_CACHE_PREFIX}course-${courseId}`;

export async function clearOfflineStorage(): Promise<void> {
  if (typeof window === "undefined") return;
  try {
    localStorage.removeItem(NOTES_QUEUE_KEY);
  } catch {
    // storage unavailable: nothing was queued
  }
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
