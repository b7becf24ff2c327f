import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { logger } from "@/server/logger";
import { AppError, errorResponse } from "./errors";

export type ApiContext = { request: Request; requestId: string; log: typeof logger };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Wraps a route handler: a request id on every call and in every log line, one structured
 * log per request, and every thrown error mapped to `{ success:false, message, code }`.
 */
export function apiRoute<P = unknown>(
  handler: (ctx: ApiContext, params: P) => Promise<Response>,
): (request: Request, route: { params: Promise<P> }) => Promise<Response> {
  return async (request, route) => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    const started = performance.now();
    let response: Response;
    try {
      response = await handler({ request, requestId, log }, (await route?.params) as P);
      response.headers.set("x-request-id", requestId);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    const url = new URL(request.url);
    log.info(
      { method: request.method, path: url.pathname, status: response.status, ms: Math.round(performance.now() - started) },
      "api request",
    );
    return response;
  };
}

/** Default ceiling on a JSON body: far above any form, far below anything abusive. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Reads and validates a JSON body; a body too large, not JSON, or off-schema is a 4xx. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_BODY_LIMIT,
): Promise<z.infer<S>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("request:too-large", 413, "The request body is too large.");
  const raw = await readLimited(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("request:invalid-json", 400, "The request body must be JSON.");
  }
  return schema.parse(value);
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("request:too-large", 413, "The request body is too large.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
