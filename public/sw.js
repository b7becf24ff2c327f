/*
 * Aula's service worker (offline reading). Hand-written, not built by Serwist: see
 * docs/decisions/011-export-share-offline.md. What it does:
 * - pages (navigations): network first; offline, the stored copy of a downloaded course's page;
 * - the app's hashed scripts, styles and fonts (/_next/static): from the cache when there, else
 *   fetched and kept (they never change under one name);
 * - the lesson stream offline: a downloaded lesson answers as the server would ("done");
 * - the notes offline: the last notes read for a downloaded course;
 * - the review page (/dashboard/review): its last copy read online, with the scripts and styles
 *   it runs on, so the day's cards (kept in localStorage by the page) can be reviewed offline and
 *   the grades queued. A page load stores it here; a page reached by a client-side navigation
 *   (the sidebar) asks for it with a message ("aula-keep-review-page") naming its address and
 *   the scripts it loaded;
 * - sign-out: every cache of the user is deleted.
 * Only courses the learner downloaded are stored; nothing else of a user's is kept.
 * The copies end with the session that saved them (docs/decisions/016-offline-copies-end-with-session.md):
 * nothing stored is served without the owner record the signed-in pages keep, or past the
 * session's expiry it names (then everything is deleted); a login or sign-up page answered
 * online (shown only with no session) and a 401 from the server delete everything too.
 */
const PREFIX = "aula-";
const SHELL = PREFIX + "shell";
const COURSE = PREFIX + "course-";
const REVIEW = PREFIX + "review";
const REVIEW_PAGE = "/dashboard/review";
// The owner record: src/lib/offline-storage.ts (OFFLINE_OWNER_CACHE, OFFLINE_OWNER_KEY).
const OWNER = PREFIX + "session";
const OWNER_KEY = "/__offline/session";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function courseCacheNames() {
  return (await caches.keys()).filter((name) => name.startsWith(COURSE));
}

async function dropAll() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX)).map((name) => caches.delete(name)));
}

/**
 * Whether the stored copies may be read: only with an owner record whose session has not
 * expired. Offline the server cannot be asked whether the session still lives; its expiry is the
 * one thing known, and past it the copies are deleted.
 */
async function copiesReadable() {
  const stored = await caches.match(OWNER_KEY, { cacheName: OWNER });
  const record = stored ? await stored.json().catch(() => null) : null;
  // No record (copies kept from before records): refused but not deleted here, since the page
  // may be writing the record this moment; its claim deletes copies nobody owns.
  if (!record || typeof record.expiresAt !== "number") return false;
  if (Date.now() < record.expiresAt) return true;
  await dropAll();
  return false;
}

async function matchStored(request) {
  if (!(await copiesReadable())) return undefined;
  for (const name of await courseCacheNames()) {
    const hit = await (await caches.open(name)).match(request, { ignoreVary: true });
    if (hit) return hit;
  }
  return caches.match(request, { ignoreVary: true });
}

function offlinePage() {
  const html =
    '<!doctype html><html lang="pt"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Offline · Aula</title>' +
    '<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center">' +
    '<main><h1>Offline</h1><p>Sem conexão: esta página não foi baixada para leitura offline.</p><p lang="en">You are offline and this page was not downloaded for offline reading.</p></main></body></html>';
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

/** The login and sign-up pages are shown only to a browser with no session (a signed-in one is redirected). */
const SIGNED_OUT_PAGES = ["/login", "/signup"];

/** The app's own hashed scripts, styles and fonts a page names (they never change under one name). */
function staticAssetsIn(text) {
  const found = text.match(/\/_next\/static\/[A-Za-z0-9_\-.~/%[\]]+\.(?:js|css|woff2?)/g) || [];
  return [...new Set(found)];
}

/** Keeps these static assets in the shell cache (those missing), so a stored page runs offline. */
async function keepStaticAssets(paths) {
  const shell = await caches.open(SHELL);
  const wanted = [...new Set(paths.filter((path) => typeof path === "string" && path.startsWith("/_next/static/")))];
  await Promise.all(
    wanted.map(async (path) => {
      if (await shell.match(path, { ignoreVary: true })) return;
      const response = await fetch(path, { credentials: "same-origin" }).catch(() => undefined);
      if (response && response.ok) await shell.put(path, response);
    }),
  );
}

/** Stores the review page as read online, and the assets it names and the page says it loaded. */
async function storeReviewPage(url, response, loaded = []) {
  const key = url.pathname + url.search;
  await (await caches.open(REVIEW)).put(key, response.clone());
  await keepStaticAssets([...staticAssetsIn(await response.clone().text()), ...loaded]);
}

/** The review page asks to be kept (it was reached without a page load the worker saw). */
async function keepReviewPage(address, loaded) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin || url.pathname !== REVIEW_PAGE) return;
  const response = await fetch(url.pathname + url.search, { credentials: "same-origin" });
  // A session that ended is sent to the login page: nothing of it is kept.
  if (!response.ok || response.redirected) return;
  await storeReviewPage(url, response, Array.isArray(loaded) ? loaded : []);
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "aula-keep-review-page" && typeof data.url === "string")
    event.waitUntil(keepReviewPage(data.url, data.assets).catch(() => undefined));
});

async function navigate(request, event) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    // The session has ended (expired, signed out elsewhere, password changed or reset, account
    // deleted): the copies go before the page is shown.
    if (response.ok && SIGNED_OUT_PAGES.includes(url.pathname)) await dropAll();
    // A downloaded page is refreshed whenever it is read online.
    if (response.ok && url.pathname.startsWith("/course/")) {
      for (const name of await courseCacheNames()) {
        const cache = await caches.open(name);
        if (await cache.match(url.pathname + url.search, { ignoreVary: true }))
          await cache.put(url.pathname + url.search, response.clone());
      }
    }
    // Kept while the page is shown: its assets are read from the copy, not from the page's answer.
    if (response.ok && url.pathname === REVIEW_PAGE)
      event.waitUntil(storeReviewPage(url, response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const stored =
      (await matchStored(url.pathname + url.search)) ||
      (url.pathname.startsWith("/course/") || url.pathname === REVIEW_PAGE
        ? await matchStored(url.pathname)
        : undefined);
    if (stored) return stored;
    if (url.pathname === "/dashboard" || url.pathname === REVIEW_PAGE || url.pathname.startsWith("/course/"))
      return offlinePage();
    throw error;
  }
}

async function staticAsset(request) {
  const hit = await caches.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  // Kept only while some course is downloaded or the review page was opened: a learner who never
  // reads offline stores nothing.
  if (response.ok && ((await courseCacheNames()).length > 0 || (await caches.has(REVIEW))))
    await (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

function ndjson(event) {
  return new Response(JSON.stringify(event) + "\n", {
    headers: { "content-type": "application/x-ndjson; charset=utf-8" },
  });
}

async function lessonStream(request) {
  const body = await request
    .clone()
    .json()
    .catch(() => ({}));
  try {
    return endedSession(await fetch(request));
  } catch (error) {
    if (body.regenerate) throw error;
    const stored = await matchStored(`/__offline/lesson/${body.courseId}/${body.lessonId}`);
    if (!stored) throw error;
    const { lesson, progress } = await stored.json();
    return ndjson({ type: "done", lesson, progress });
  }
}

async function notesRead(request) {
  const body = await request
    .clone()
    .json()
    .catch(() => ({}));
  const key = `/__offline/notes/${body.course}`;
  try {
    const response = await endedSession(await fetch(request));
    if (response.ok && (await caches.has(COURSE + body.course)))
      await (await caches.open(COURSE + body.course)).put(key, response.clone());
    return response;
  } catch (error) {
    const stored = await matchStored(key);
    if (stored) return stored;
    throw error;
  }
}

/** The server answering 401 (auth:unauthenticated) says this browser's session is gone. */
async function endedSession(response) {
  if (response.status === 401) await dropAll();
  return response;
}

async function signOut(request) {
  const response = await fetch(request);
  await dropAll();
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    // A downloaded course's pictures of other hosts.
    if (request.destination === "image") event.respondWith(matchStored(request).then((hit) => hit || fetch(request)));
    return;
  }
  if (request.method === "POST") {
    if (url.pathname === "/api/lesson/stream") event.respondWith(lessonStream(request));
    else if (url.pathname === "/api/getnotes") event.respondWith(notesRead(request));
    else if (url.pathname === "/api/signout") event.respondWith(signOut(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/_next/static/")) event.respondWith(staticAsset(request));
  else if (request.mode === "navigate") event.respondWith(navigate(request, event));
});
