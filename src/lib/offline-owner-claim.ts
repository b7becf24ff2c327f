/**
 * A signed-in page's session claims the browser's offline data (src/lib/offline-storage.ts).
 * Kept apart from offline-storage.ts so the login and sign-up pages, which only delete, do not
 * ship it.
 */
import { clearOfflineStorage, OFFLINE_OWNER_CACHE, OFFLINE_OWNER_KEY, type OfflineOwner } from "./offline-storage";

/**
 * Data of another session, or of none on record (kept from before owner records), is deleted
 * first; then the record names this session, so what it downloads or queues next is its own.
 */
async function claim(current: OfflineOwner): Promise<void> {
  // Without the Cache API no course can be downloaded and no record kept.
  if (!("caches" in window)) return;
  // CacheStorage.match with a cache name never creates the cache (caches.open would).
  const stored = await caches.match(OFFLINE_OWNER_KEY, { cacheName: OFFLINE_OWNER_CACHE });
  const recorded = (await stored?.json().catch(() => null)) as Partial<OfflineOwner> | null | undefined;
  if (recorded?.owner === current.owner && recorded.expiresAt === current.expiresAt) return;
  if (recorded?.owner !== current.owner) await clearOfflineStorage();
  await (await caches.open(OFFLINE_OWNER_CACHE)).put(OFFLINE_OWNER_KEY, new Response(JSON.stringify(current)));
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
