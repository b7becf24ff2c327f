import "server-only";
import type { ApiTranslator } from "@/i18n/api-translator";
import { appError } from "@/server/http/errors";
import { hitRateLimit, rateLimitError, type RateLimitRule } from "@/server/http/rate-limit";

const HOUR_MS = 60 * 60 * 1000;

/**
 * PDFs one user may export an hour. A PDF holds one of the shared browser's two pages for 2–4 s
 * (`npm run bench:export`), so 20 is at most about a minute of a page an hour per user, while a
 * person exporting again after a few changes needs a handful.
 */
const PDF_RULE: RateLimitRule = { limit: 20, windowMs: HOUR_MS };
/** Markdown and SCORM zips are built in memory in milliseconds: 60 an hour only stops a script. */
const ARCHIVE_RULE: RateLimitRule = { limit: 60, windowMs: HOUR_MS };

/**
 * Exports one user may have running or waiting at once. The browser prints two pages at a time
 * for everyone, so a third export of one user would only wait behind their own two while
 * delaying everyone else's: it is refused at once instead of queued.
 */
const MAX_RUNNING_PER_USER = 2;
/** A warm PDF takes 2–4 s: by then one of the two running is likely done. */
const RUNNING_RETRY_AFTER_SECONDS = 5;

/**
 * Exports running or waiting, per user, in this process only: a restart forgets them and each app
 * instance counts its own. Enough while an export runs inside its request; a later change moves
 * exports to durable jobs, which will be counted in the database.
 */
const running = new Map<string, number>();

function release(userId: string): void {
  const left = (running.get(userId) ?? 1) - 1;
  if (left > 0) running.set(userId, left);
  else running.delete(userId);
}

/**
 * Runs one export of the user's within their limits: at most MAX_RUNNING_PER_USER at once (429
 * `export:too-many-running`, not counted against the hour), then PDF_RULE or ARCHIVE_RULE an hour
 * (429 `export:rate-limited`). The slot is given back however the export ends.
 */
export async function withinExportLimits<T>(
  userId: string,
  format: "pdf" | "md" | "scorm",
  t: ApiTranslator,
  work: () => Promise<T>,
): Promise<T> {
  const now = running.get(userId) ?? 0;
  if (now >= MAX_RUNNING_PER_USER) {
    throw appError("export:too-many-running", t, { headers: { "retry-after": String(RUNNING_RETRY_AFTER_SECONDS) } });
  }
  // Taken in the same turn as the check (no await between them), so two requests cannot both pass it.
  running.set(userId, now + 1);
  try {
    const pdf = format === "pdf";
    const state = await hitRateLimit(`export-${pdf ? "pdf" : "archive"}:${userId}`, pdf ? PDF_RULE : ARCHIVE_RULE);
    if (state.limited) throw rateLimitError(state, "export:rate-limited", t("export.tooMany"));
    return await work();
  } finally {
    release(userId);
  }
}
