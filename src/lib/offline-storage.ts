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
  } catch {
    // storage unavailable: nothing was queued
  }
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

async function readOwner(): Promise<OfflineOwner | null> {
  // CacheStorage.match with a cache name never creates the cache (caches.open would).
  const stored = await caches.match(OFFLINE_OWNER_KEY, { cacheName: OFFLINE_OWNER_CACHE });
  const record = (await stored?.json().catch(() => null)) as Partial<OfflineOwner> | null | undefined;
  return record && typeof record.owner === "string" && typeof record.expiresAt === "number" ? { owner: record.owner, expiresAt: record.expiresAt } : null;
}

async function hasOfflineData(): Promise<boolean> {
  let queued = false;
  try {
    queued = localStorage.getItem(NOTES_QUEUE_KEY) !== null;
  } catch {
    // storage unavailable: nothing was queued
  }
  return queued || (await caches.keys()).some((name) => name.startsWith(OFFLINE_CACHE_PREFIX));
}

/**
 * The session this page was rendered for claims the offline data: data of another session, or
 * of none on record (kept from before owner records), is deleted first. Then the record names
 * this session, so what it downloads or queues next is its own.
 */
async function claim(current: OfflineOwner): Promise<void> {
  // Without the Cache API no course can be downloaded and no record kept.
  if (!("caches" in window)) return;
  const recorded = await readOwner();
  if (recorded?.owner === current.owner && recorded.expiresAt === current.expiresAt) return;
  if (recorded ? recorded.owner !== current.owner : await hasOfflineData()) await clearOfflineStorage();
  await (await caches.open(OFFLINE_OWNER_CACHE)).put(OFFLINE_OWNER_KEY, new Response(JSON.stringify(current), { headers: { "content-type": "application/json" } }));
}

let firstClaimDone: () => void = () => undefined;
let latestClaim: Promise<void> = new Promise((resolve) => (firstClaimDone = resolve));

/** Runs on every signed-in page (its layout), before anything offline is written or sent. */
export function claimOfflineStorage(current: OfflineOwner): Promise<void> {
  const run = claim(current).catch(() => undefined);
  latestClaim = run;
  void run.then(firstClaimDone);
  return run;
}

/**
 * Settles once this page's session has claimed the offline data: downloading a course and
 * sending queued notes wait for it, so neither acts on another session's data. The claim is
 * rendered by the same layout as every page that downloads or sends, so it always comes.
 */
export function offlineStorageClaimed(): Promise<void> {
  return latestClaim;
}
