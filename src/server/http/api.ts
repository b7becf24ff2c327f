import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { apiTranslator } from "@/i18n/api-translator";
import { logger } from "@/server/logger";
import { AppError, appError, errorResponse } from "./errors";
import { assertSameOriginWrite, type WritePolicy } from "./request-guard";

export type ApiContext = { request: Request; requestId: string; log: typeof logger };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export type ApiRouteOptions = { writes?: WritePolicy };

/**
 * Wraps a route handler: a request id on every call and in every log line, one structured
 * log per request, every thrown error mapped to `{ success:false, message, code }`, and
 * state-changing requests refused unless they come from our own origin with a JSON body
 * (`writes: "signed"` is for webhooks, which check their signature instead).
 */
export function apiRoute<P = unknown>(
  handler: (ctx: ApiContext, params: P) => Promise<Response>,
  options: ApiRouteOptions = {},
): (request: Request, route: { params: Promise<P> }) => Promise<Response> {
  return async (request, route) => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    const started = performance.now();
    let response: Response;
    try {
      if (options.writes !== "signed") assertSameOriginWrite(request);
      response = await handler({ request, requestId, log }, (await route?.params) as P);
      response.headers.set("x-request-id", requestId);
    } catch (error) {
      response = errorResponse(error, requestId, request);
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
  const t = apiTranslator(request);
  const tooLarge = () => appError("request:too-large", t);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const raw = await readLimited(request, maxBytes, tooLarge);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw appError("request:invalid-json", t);
  }
  // PostgreSQL refuses NUL in text, and no field of ours has a use for control characters:
  // refuse them here, before any model is paid for or any row is half-written.
  if (hasControlCharacter(value)) throw appError("request:control-characters", t);
  return schema.parse(value);
}

/** C0 controls but tab, line feed and carriage return; and DEL. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Walks a parsed JSON value (keys and strings) without recursion: nesting depth is the sender's choice. */
export function hasControlCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (CONTROL_CHARACTER.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (CONTROL_CHARACTER.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

async function readLimited(request: Request, maxBytes: number, tooLarge: () => AppError): Promise<string> {
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
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
