import "server-only";
import { DrizzleQueryError } from "drizzle-orm/errors";

/** postgres.js's own codes for a connection that could not open or was lost mid-query. */
const DRIVER_CODES = new Set(["CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECTION_ENDED"]);

/** Socket errors postgres.js passes on as they are when the server cannot be reached. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * SQLSTATEs of a server shutting down, starting, out of connections, or cancelling a statement
 * past `statement_timeout`; class 08 is the connection-exception class.
 */
const SERVER_STATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

type Coded = { code?: unknown; severity?: unknown };

/**
 * True when a thrown error means the database cannot be used right now, not that a query is wrong.
 * Only the error itself, or the driver error a drizzle query error wraps, is looked at: a failed
 * fetch carries a socket error as its cause too, and must stay a 500. PGlite runs in-process
 * and raises none of these, so its errors (real bugs) are never taken for an outage.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const inner = error instanceof DrizzleQueryError ? error.cause : error;
  if (!inner || typeof inner !== "object") return false;
  const { code, severity } = inner as Coded;
  if (typeof code !== "string") return false;
  if (DRIVER_CODES.has(code) || SOCKET_CODES.has(code)) return true;
  // Server errors carry a severity; a SQLSTATE alone could be anybody's code.
  return typeof severity === "string" && (SERVER_STATES.has(code) || code.startsWith("08"));
}
