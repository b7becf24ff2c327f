import "server-only";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { STATEMENT_DEADLINE } from "./statement-deadline";

/**
 * Marks the error a request gets while the database has not yet been reached and migrated since
 * the server started (readiness.ts). A brand, not a class: the production bundle may hold two
 * copies of a module, and `instanceof` fails across them.
 */
export const DATABASE_NOT_READY = Symbol.for("aula.db.not-ready");

/** postgres.js's own codes for a connection that could not open or was lost mid-query. */
const DRIVER_CODES = new Set(["CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECTION_ENDED"]);

/** Of those, the ones the app causes itself by ending a pool: no sign that a connection was lost. */
const ENDED_BY_US = new Set(["CONNECTION_DESTROYED", "CONNECTION_ENDED"]);

/** Socket errors postgres.js passes on as they are when the server cannot be reached. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * SQLSTATEs of a server shutting down (57P01 admin, 57P02 crash) or starting or stopping (57P03);
 * class 08 is the connection-exception class. The server busy rather than gone: out of
 * connections (53300), or a statement cancelled past `statement_timeout` (57014).
 */
const LOST_STATES = new Set(["57P01", "57P02", "57P03"]);
const BUSY_STATES = new Set(["53300", "57014"]);

/** How far down a chain of causes to look: wrappers of wrappers are rare, cycles are possible. */
const MAX_DEPTH = 8;

type Link = {
  code?: unknown;
  severity?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  [STATEMENT_DEADLINE]?: unknown;
  [DATABASE_NOT_READY]?: unknown;
};

/**
 * A link that says it comes from a query: drizzle's wrapper (`DrizzleQueryError`, also when
 * another copy of drizzle-orm in the bundle made it, so by shape), or an error postgres.js
 * rejected a query with (it marks it with the query's text).
 */
function namesQuery(link: object): boolean {
  if (link instanceof DrizzleQueryError) return true;
  const { query, params } = link as Link;
  return typeof query === "string" && (Array.isArray(params) || "parameters" in link);
}

/**
 * Why the database cannot be used right now, or null when the error is something else (a query
 * that is wrong, a bug): `lost`, a connection could not open or was lost (server stopped,
 * restarting, unreachable); `busy`, the server is there but out of connections or too slow for
 * the statement timeout (statement-deadline.ts), or not yet reached and migrated since the start
 * (readiness.ts); `ended`, a connection of a pool the app itself ended.
 *
 * The error and the causes it wraps are looked at (drizzle wraps the driver's error, and a layer
 * of ours may wrap drizzle's). A socket error counts only when it is the error itself or comes
 * from a query: a failed fetch to an outside API carries ECONNREFUSED as its cause too, and must
 * stay a 500. A SQLSTATE counts only on a server error (it has a severity): a bare code could be
 * anybody's. PGlite runs in-process and raises none of these, so its errors (real bugs) are
 * never taken for an outage.
 */
export function databaseFailure(error: unknown): "lost" | "busy" | "ended" | null {
  let fromQuery = false;
  const seen = new Set<object>();
  let link: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && link && typeof link === "object" && !seen.has(link); depth++) {
    seen.add(link);
    const { code, severity, cause, [STATEMENT_DEADLINE]: pastDeadline, [DATABASE_NOT_READY]: notReady } = link as Link;
    fromQuery ||= namesQuery(link);
    // The app's own marks (statement-deadline.ts, readiness.ts), on any copy of their modules.
    if (pastDeadline === true || notReady === true) return "busy";
    if (typeof code === "string") {
      if (ENDED_BY_US.has(code)) return "ended";
      if (DRIVER_CODES.has(code)) return "lost";
      if (SOCKET_CODES.has(code) && (depth === 0 || fromQuery)) return "lost";
      if (typeof severity === "string" && (LOST_STATES.has(code) || code.startsWith("08"))) return "lost";
      if (typeof severity === "string" && BUSY_STATES.has(code)) return "busy";
    }
    link = cause;
  }
  return null;
}

/** True when a thrown error means the database cannot be used right now, not that a query is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseFailure(error) !== null;
}
