import "server-only";
import { ZodError } from "zod";
import { apiTranslator } from "@/i18n/api-translator";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { logger } from "@/server/logger";

/** The one error type of the app: a code `area:reason`, an HTTP status and a human message. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export type ErrorBody = { success: false; message: string; code: string };

/** Without the request, messages are in the default language (no language cookie to read). */
const NO_REQUEST = new Request("http://localhost/");

/** The database down, starting or overloaded: the client may try again in a moment. */
function databaseUnavailable(request: Request | undefined): AppError {
  return new AppError("db:unavailable", 503, apiTranslator(request ?? NO_REQUEST)("db.unavailable"), { "retry-after": "5" });
}

/**
 * The one place errors become responses: `{ success:false, message, code }`. Given the request,
 * messages made here are in the caller's language.
 */
export function errorResponse(error: unknown, requestId: string, request?: Request): Response {
  const headers = { "x-request-id": requestId };
  if (isDatabaseUnavailable(error)) {
    // Logged (redacted, see logger.ts) so an outage is visible, but not as an unexpected error.
    logger.warn({ err: error, requestId }, "database unavailable");
    error = databaseUnavailable(request);
  }
  if (error instanceof AppError) {
    return Response.json(
      { success: false, message: error.message, code: error.code } satisfies ErrorBody,
      { status: error.status, headers: { ...headers, ...error.headers } },
    );
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    return Response.json(
      { success: false, message: `${where}${issue.message}`, code: "request:invalid" } satisfies ErrorBody,
      { status: 400, headers },
    );
  }
  logger.error({ err: error, requestId }, "unexpected error");
  return Response.json(
    { success: false, message: "Internal Server Error", code: "server:internal" } satisfies ErrorBody,
    { status: 500, headers },
  );
}
