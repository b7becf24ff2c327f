import "server-only";
import { ZodError } from "zod";
import { apiTranslator, type ApiTranslator } from "@/i18n/api-translator";
import { renewPoolAfterLostConnection } from "@/server/db/client";
import { databaseFailure } from "@/server/db/unavailable";
import { logger } from "@/server/logger";
import { ERROR_CODES, isErrorCode, type ErrorCode } from "./error-codes";
import { brandedError } from "@/lib/branded-error";

export type { ErrorCode };

/**
 * The one error type of the app: a code of the closed table (src/server/http/error-codes.ts),
 * which also gives its HTTP status, and a human message in the caller's language.
 */
export class AppError extends brandedError("AppError") {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}

type MessageKey = Parameters<ApiTranslator>[0];

/**
 * An AppError told with its code's own message, or with `key` where one code is told in
 * several ways (a rate limit says what was limited); `values` fill the message's placeholders.
 */
export function appError(
  code: ErrorCode,
  t: ApiTranslator,
  options: { key?: MessageKey; values?: Record<string, string | number>; headers?: Record<string, string> } = {},
): AppError {
  // next-intl's typing cannot follow a key chosen at run time; the table's keys are checked where they are written.
  const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string;
  return new AppError(code, translate(options.key ?? ERROR_CODES[code].message, options.values), options.headers);
}

type ErrorBody = { success: false; message: string; code: string };

/** Without the request, messages are in the default language (no language cookie to read). */
const NO_REQUEST = new Request("http://localhost/");

/** The database down, starting or overloaded: the client may try again in a moment. */
export function databaseUnavailable(t: ApiTranslator): AppError {
  return appError("db:unavailable", t, { headers: { "retry-after": "5" } });
}

/**
 * The one place a thrown error is classified: an AppError is told as it is, a database that
 * cannot be used (whatever wraps the driver's error) as 503 `db:unavailable`; anything else is
 * unknown (undefined), a bug, told as 500 by whoever answers. JSON answers (errorResponse) and
 * stream `error` events (src/server/ai/event-stream.ts, the lesson and chat streams) both ask here.
 */
export function knownFailure(error: unknown, t: ApiTranslator): AppError | undefined {
  if (AppError.is(error)) return error;
  return databaseDown(error) ? databaseUnavailable(t) : undefined;
}

/** Whether the database cannot be used; a lost connection may have broken the pool for good, so it is renewed once the server answers (client.ts). */
function databaseDown(error: unknown): boolean {
  const failure = databaseFailure(error);
  if (failure === "lost") renewPoolAfterLostConnection();
  return failure !== null;
}

/**
 * The closed-table code a failure is reported with, for the places that pass a code on before
 * any message is written (the lesson generation's events): the outage's, or the error's own
 * code when it is one of the table's (AppError, the model's failures). Undefined otherwise.
 */
export function failureCode(error: unknown): ErrorCode | undefined {
  if (databaseDown(error)) return "db:unavailable";
  const code = (error as { code?: unknown } | null)?.code;
  return isErrorCode(code) ? code : undefined;
}

/**
 * The one place errors become responses: `{ success:false, message, code }`. Given the request,
 * messages made here are in the caller's language.
 */
export function errorResponse(error: unknown, requestId: string, request?: Request): Response {
  const headers = { "x-request-id": requestId };
  const t = apiTranslator(request ?? NO_REQUEST);
  const known = knownFailure(error, t);
  if (known && !AppError.is(error)) {
    // Logged (redacted, see logger.ts) so an outage is visible, but not as an unexpected error.
    logger.warn({ err: error, requestId }, "database unavailable");
  }
  error = known ?? error;
  if (AppError.is(error)) {
    return Response.json({ success: false, message: error.message, code: error.code } satisfies ErrorBody, {
      status: error.status,
      headers: { ...headers, ...error.headers },
    });
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
  const internal = appError("server:internal", t);
  return Response.json({ success: false, message: internal.message, code: internal.code } satisfies ErrorBody, {
    status: internal.status,
    headers,
  });
}
