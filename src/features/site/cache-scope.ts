import "server-only";
import { randomUUID } from "node:crypto";

/**
 * Part of every public-content cache key. Next's data cache is kept on disk under .next/cache
 * and outlives the process, while the record of expired tags does not: without this, a server
 * started on another database (a fresh DATA_DIR, a restored backup, the e2e or benchmark server)
 * would serve another database's posts, ids and covers included. One scope per process.
 */
export const CACHE_SCOPE = randomUUID();

/**
 * The longest a cached page may lag behind the database when the change did not come through
 * `publicContentChanged` in this process (a direct SQL edit, another app instance).
 */
export const PUBLIC_CACHE_SECONDS = 300;
