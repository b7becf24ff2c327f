import "server-only";
import { ZodError } from "zod";
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

/** The one place errors become responses: `{ success:false, message, code }`. */
export function errorResponse(error: unknown, requestId: string): Response {
  const headers = { "x-request-id": requestId };
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
