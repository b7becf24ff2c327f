import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { apiTranslator, type ApiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { isAdmin, requireRequestSession, type SessionUser } from "@/server/auth/session";
import { logger } from "@/server/logger";
import { auditRefusedAdminRoute } from "./admin-route-refusals";
import { AppError, appError, errorResponse } from "./errors";
import { assertSameOriginWrite, type WritePolicy } from "./request-guard";

export type ApiContext = { request: Request; requestId: string; log: typeof logger };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

type RouteHandler<P> = (request: Request, route: { params: Promise<P> }) => Promise<Response>;

/**
 * The steps every route shares: a request id on every call and in every log line, one
 * structured log per request, every thrown error mapped to `{ success:false, message, code }`,
 * and state-changing requests refused unless they come from our own origin with a JSON body
 * (`writes: "signed"` is for webhooks, which check their signature instead).
 */
function wrapRoute<P>(
  handler: (ctx: ApiContext, params: P) => Promise<Response>,
  writes: WritePolicy = "same-origin",
): RouteHandler<P> {
  return async (request, route) => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    const started = performance.now();
    let response: Response;
    try {
      if (writes !== "signed") assertSameOriginWrite(request, writes);
      response = await handler({ request, requestId, log }, (await route?.params) as P);
      response.headers.set("x-request-id", requestId);
    } catch (error) {
      response = errorResponse(error, requestId, request);
    }
    const url = new URL(request.url);
    log.info(
      {
        method: request.method,
        path: url.pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
      },
      "api request",
    );
    return response;
  };
}

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a route declares it needs; the wrapper does the rest, in a fixed order. */
export type RouteNeeds<B extends Schema, Q extends Schema> = {
  /** The JSON body's schema; without one the body is never read. */
  body?: B;
  /** The query string's schema (values are strings; use z.coerce for numbers). */
  query?: Q;
  /** Ceiling on the body, for the few routes that take more than DEFAULT_BODY_LIMIT. */
  bodyLimit?: number;
  /** The route calls the model: 503 `ai:not-configured` when none is, before any work. */
  model?: boolean;
  /**
   * The route takes a file (`multipart/form-data`) as well as JSON, and reads its body itself
   * with readBodyLimited. Only upload routes say so; the origin checks stay.
   */
  upload?: boolean;
};

export type RouteContext<B extends Schema, Q extends Schema> = ApiContext & {
  t: ApiTranslator;
  body: Parsed<B>;
  query: Parsed<Q>;
};
export type UserRouteContext<B extends Schema, Q extends Schema> = RouteContext<B, Q> & {
  user: SessionUser;
  sessionId: string;
};

async function readInput<B extends Schema, Q extends Schema>(
  request: Request,
  needs: RouteNeeds<B, Q>,
  t: ApiTranslator,
) {
  let query: Parsed<Q> = undefined as Parsed<Q>;
  if (needs.query) {
    const parsed = needs.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw appError("request:invalid", t);
    query = parsed.data as Parsed<Q>;
  }
  const body = (needs.body ? await readJson(request, t, needs.body, needs.bodyLimit) : undefined) as Parsed<B>;
  if (needs.model) await requireLanguageModel(t("generation.notConfigured"));
  return { query, body };
}

function signedIn<P, B extends Schema, Q extends Schema>(
  needs: RouteNeeds<B, Q>,
  handler: (ctx: UserRouteContext<B, Q>, params: P) => Promise<Response>,
  admitted: (user: SessionUser) => boolean,
  refused?: (user: SessionUser, request: Request) => Promise<void>,
): RouteHandler<P> {
  return wrapRoute<P>(
    async (ctx, params) => {
      const t = apiTranslator(ctx.request);
      // Who is asking comes first: nobody's body is read, or model checked, before the session.
      const { user, sessionId } = await requireRequestSession(ctx.request);
      if (!admitted(user)) {
        await refused?.(user, ctx.request);
        throw appError("auth:forbidden", t, { key: "auth.adminOnly" });
      }
      return handler({ ...ctx, t, user, sessionId, ...(await readInput(ctx.request, needs, t)) }, params);
    },
    needs.upload ? "same-origin-upload" : "same-origin",
  );
}

/**
 * Route handlers declare who may call them and what they read:
 * `apiRoute.user({ body: schema }, async ({ user, body, t }) => …)`. Authentication always
 * comes before the body is read; the body and query are parsed and typed; `model: true` checks
 * that a model is configured. Every route of the app is made with one of these.
 */
export const apiRoute = {
  /** Anyone: sign-up, sign-in, the health check, public pages' data. */
  public<P = unknown, B extends Schema = undefined, Q extends Schema = undefined>(
    needs: RouteNeeds<B, Q>,
    handler: (ctx: RouteContext<B, Q>, params: P) => Promise<Response>,
  ): RouteHandler<P> {
    return wrapRoute<P>(async (ctx, params) => {
      const t = apiTranslator(ctx.request);
      return handler({ ...ctx, t, ...(await readInput(ctx.request, needs, t)) }, params);
    });
  },
  /** A signed-in user (401 otherwise); `user` is who the session says, never the body. */
  user<P = unknown, B extends Schema = undefined, Q extends Schema = undefined>(
    needs: RouteNeeds<B, Q>,
    handler: (ctx: UserRouteContext<B, Q>, params: P) => Promise<Response>,
  ): RouteHandler<P> {
    return signedIn(needs, handler, () => true);
  },
  /** An admin or the super admin (401 signed out, 403 otherwise, and the attempt in the audit log). */
  admin<P = unknown, B extends Schema = undefined, Q extends Schema = undefined>(
    needs: RouteNeeds<B, Q>,
    handler: (ctx: UserRouteContext<B, Q>, params: P) => Promise<Response>,
  ): RouteHandler<P> {
    return signedIn(needs, handler, isAdmin, auditRefusedAdminRoute);
  },
  /**
   * A payment provider's webhook: from another origin by design, so no origin or content-type
   * check; the handler reads the raw body and must verify its signature before anything else.
   */
  webhook<P = unknown>(
    handler: (ctx: ApiContext & { t: ApiTranslator }, params: P) => Promise<Response>,
  ): RouteHandler<P> {
    return wrapRoute<P>((ctx, params) => handler({ ...ctx, t: apiTranslator(ctx.request) }, params), "signed");
  },
};

/** Default ceiling on a JSON body: far above any form, far below anything abusive. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Reads and validates a JSON body; a body too large, not JSON, or off-schema is a 4xx. */
async function readJson<S extends z.ZodType>(
  request: Request,
  t: ApiTranslator,
  schema: S,
  maxBytes = DEFAULT_BODY_LIMIT,
): Promise<z.infer<S>> {
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

/**
 * The body's bytes, at most `maxBytes`: a declared length over it is refused before reading, and
 * the count is enforced while reading (a chunked body declares nothing). For the upload routes.
 */
export async function readBodyLimited(request: Request, maxBytes: number, tooLarge: () => AppError): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
}

async function readLimited(request: Request, maxBytes: number, tooLarge: () => AppError): Promise<string> {
  return (await readBodyLimited(request, maxBytes, tooLarge)).toString("utf8");
}
