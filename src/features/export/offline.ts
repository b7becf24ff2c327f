/**
 * Offline reading, browser side. A downloaded course lives in its own cache
 * (`aula-course-<id>`): the viewer's page for each written lesson, the lessons' content (which
 * the service worker, public/sw.js, answers the lesson stream with when offline), its pictures,
 * and the scripts and styles those pages use. Removing the cache removes the copy.
 */
import { offlineStorageClaimed } from "@/lib/offline-owner-claim";
import { clearOfflineStorage, NOTES_QUEUE_KEY, OFFLINE_CACHE_PREFIX, offlineCourseCache } from "@/lib/offline-storage";
import type { OfflineManifest } from "./offline-manifest";
import { paths } from "@/lib/paths";

const SHELL_CACHE = `${OFFLINE_CACHE_PREFIX}shell`;
const courseCache = offlineCourseCache;
/** The key the service worker reads a lesson from when the network is gone. */
const offlineLessonKey = (courseId: string, lessonId: string) => `/__offline/lesson/${courseId}/${lessonId}`;

export function offlineSupported(): boolean {
  return typeof window !== "undefined" && "caches" in window && "serviceWorker" in navigator;
}

/**
 * The app's own scripts, styles and fonts a page or script names (hashed, so they never change
 * under a name). Scripts name the chunks they load later (the notes editor, the chat) without
 * the `/_next/` prefix.
 */
function staticAssetsOf(text: string): string[] {
  const found = [
    ...text.matchAll(
      /(?:\/_next\/)?static\/(?:chunks|media|css)\/[A-Za-z0-9_\-.~/%[\]]+\.(?:js|css|woff2?|ttf|svg|png)/g,
    ),
  ].map((m) => (m[0].startsWith("/_next/") ? m[0] : `/_next/${m[0]}`));
  return [...new Set(found)];
}

/**
 * The fonts a bundled stylesheet names relative to itself (`url(../media/KaTeX_Main-….woff2)`:
 * KaTeX's stylesheet, docs/decisions/021-math-and-code.md). WOFF2 only: every browser that runs
 * the service worker reads it first, and the WOFF and TTF copies would triple what is stored.
 */
function relativeFontsOf(css: string, cssUrl: string): string[] {
  return [...css.matchAll(/url\(\s*["']?(\.{1,2}\/[A-Za-z0-9_\-./]+\.woff2)["']?\s*\)/g)].map(
    (m) => new URL(m[1], new URL(cssUrl, location.origin)).pathname,
  );
}

async function cacheAll(cache: Cache, urls: string[], init?: RequestInit): Promise<void> {
  // A few at a time: a course has tens of lessons, and the server prints one viewer page per request.
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const response = await fetch(url, init);
        if (response.ok || response.type === "opaque") await cache.put(url, response);
        else if (!init) throw new Error(`HTTP ${response.status} for ${url}`);
      }
    }),
  );
}

export async function saveCourseOffline(courseId: string): Promise<void> {
  // The copy is stored under the page's session (its owner record), never beside another's.
  await offlineStorageClaimed();
  const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/export?format=offline`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const manifest = (await response.json()) as OfflineManifest;
  const cache = await caches.open(courseCache(courseId));
  await cacheAll(cache, [...manifest.pages, paths.dashboard()]);
  await Promise.all(
    manifest.lessons.map((lesson) =>
      cache.put(
        offlineLessonKey(courseId, lesson.id),
        new Response(JSON.stringify({ lesson, progress: manifest.progress }), {
          headers: { "content-type": "application/json" },
        }),
      ),
    ),
  );
  // Pictures of other hosts: stored as they come (opaque), shown by an <img> all the same.
  await cacheAll(cache, manifest.images, { mode: "no-cors" }).catch(() => undefined);
  // The scripts, styles and fonts of the stored pages, so they run with no network.
  const pages = await Promise.all(
    manifest.pages
      .slice(0, 1)
      .concat(paths.dashboard())
      .map(async (url) => (await cache.match(url))?.clone().text() ?? ""),
  );
  const shell = await caches.open(SHELL_CACHE);
  // Two rounds: the pages' assets, then what those scripts and styles name (lazy chunks, fonts).
  let found = staticAssetsOf(pages.join("\n"));
  const seen = new Set<string>();
  for (let round = 0; round < 3 && found.length > 0; round++) {
    const fresh = found.filter((url) => !seen.has(url));
    fresh.forEach((url) => seen.add(url));
    await cacheAll(shell, fresh, { credentials: "same-origin" }).catch(() => undefined);
    const texts = await Promise.all(
      fresh
        .filter((u) => /\.(js|css)$/.test(u))
        .map(async (url) => ({ url, text: (await (await shell.match(url))?.text()) ?? "" })),
    );
    found = [
      ...staticAssetsOf(texts.map((t) => t.text).join("\n")),
      ...texts.filter((t) => t.url.endsWith(".css")).flatMap((t) => relativeFontsOf(t.text, t.url)),
    ];
  }
  // Read once through the service worker, which keeps the notes of a downloaded course for offline.
  await fetch("/api/getnotes", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ course: courseId }),
  }).catch(() => undefined);
  await navigator.storage?.persist?.().catch(() => false);
}

export async function removeCourseOffline(courseId: string): Promise<void> {
  await caches.delete(courseCache(courseId));
}

export async function isCourseOffline(courseId: string): Promise<boolean> {
  return offlineSupported() && caches.has(courseCache(courseId));
}

/** Sign-out: every page and lesson stored for this user goes, and the offline notes with them. */
export const clearOfflineData = clearOfflineStorage;

// Notes written offline

const NOTES_QUEUE = NOTES_QUEUE_KEY;
export type QueuedNote = { courseId: string; html: string; version: number; conflict?: boolean };

function readQueue(): Record<string, QueuedNote> {
  try {
    return JSON.parse(localStorage.getItem(NOTES_QUEUE) ?? "{}") as Record<string, QueuedNote>;
  } catch {
    return {};
  }
}

function writeQueue(queue: Record<string, QueuedNote>): void {
  if (Object.keys(queue).length === 0) localStorage.removeItem(NOTES_QUEUE);
  else localStorage.setItem(NOTES_QUEUE, JSON.stringify(queue));
}

/** Keeps a note that could not be sent, with the version it was written against. */
export function queueNote(note: QueuedNote): void {
  writeQueue({ ...readQueue(), [note.courseId]: { ...note, conflict: false } });
}

export function queuedNote(courseId: string): QueuedNote | undefined {
  return readQueue()[courseId];
}

export function dropQueuedNote(courseId: string): void {
  const queue = readQueue();
  delete queue[courseId];
  writeQueue(queue);
}

/**
 * Sends the queued notes, each with its version: saved ones leave the queue; one the server
 * refuses as changed meanwhile (409) stays, marked as a conflict, so it is shown and never lost.
 */
export async function flushQueuedNotes(): Promise<{ saved: string[]; conflicts: string[] }> {
  const result = { saved: [] as string[], conflicts: [] as string[] };
  // Notes another session queued are deleted by this page's claim, never sent under this one.
  await offlineStorageClaimed();
  for (const note of Object.values(readQueue())) {
    if (note.conflict) continue;
    let response: Response;
    try {
      response = await fetch("/api/savenotes", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ course: note.courseId, notes: note.html, version: note.version }),
      });
    } catch {
      return result;
    }
    if (response.ok) {
      dropQueuedNote(note.courseId);
      result.saved.push(note.courseId);
    } else if (response.status === 409) {
      writeQueue({ ...readQueue(), [note.courseId]: { ...note, conflict: true } });
      result.conflicts.push(note.courseId);
    }
  }
  return result;
}
