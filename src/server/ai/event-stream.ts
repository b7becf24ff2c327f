import "server-only";
import type { ApiTranslator } from "@/i18n/api-translator";
import { env } from "@/server/env";
import { knownFailure } from "@/server/http/errors";
import { logger } from "@/server/logger";

/** The lines every AI stream may carry besides its own events; readers skip what they do not know. */
export type StreamControlEvent =
  /** Sent at once: the answer is alive before the model says anything. */
  | { type: "start" }
  /** Nothing else to say for a while (the model is silent): keeps proxies from closing the connection. */
  | { type: "waiting" };

export type AiStreamOptions = {
  /** The caller's translator: a failure's `error` event is told in their language. */
  t: ApiTranslator;
  /** The request's signal: the client went away. */
  signal?: AbortSignal;
  /** How long the stream may stay quiet before a `waiting` line; AI_STREAM_KEEPALIVE_MS by default. */
  keepAliveMs?: number;
};

/**
 * An AI answer as newline-delimited JSON. The response headers and `{"type":"start"}` go out at
 * once, so neither the browser nor a proxy in between waits on the model for a first byte; while
 * nothing else is written, `{"type":"waiting"}` follows every AI_STREAM_KEEPALIVE_MS, so a proxy
 * with a read timeout does not cut a slow model (the model call itself is bounded by
 * AI_FIRST_TOKEN_TIMEOUT_MS and AI_TOTAL_TIMEOUT_MS, src/server/ai/run.ts).
 *
 * `produce` writes the events and ends with its own `done` or `error`; its signal aborts when the
 * client goes. What it throws becomes an `error` line: a known failure (the database down:
 * `db:unavailable`) with its code and message, anything else the generic `server:internal`.
 */
export function aiEventStream<E extends { type: string }>(
  produce: (send: (event: E) => void, signal: AbortSignal) => Promise<void>,
  options: AiStreamOptions,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const keepAliveMs = options.keepAliveMs ?? env().AI_STREAM_KEEPALIVE_MS;
  const gone = new AbortController();
  const onClientGone = () => gone.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onClientGone, { once: true });
  let keepAlive: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  return new ReadableStream<Uint8Array>({
    start(stream) {
      const write = (event: E | StreamControlEvent) => {
        if (closed || gone.signal.aborted) return;
        try {
          stream.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          return; // the reader went away between two checks
        }
        clearTimeout(keepAlive);
        keepAlive = setTimeout(() => write({ type: "waiting" }), keepAliveMs);
      };
      write({ type: "start" });
      void produce(write, gone.signal)
        .catch((error: unknown) => {
          if (gone.signal.aborted) return;
          const known = knownFailure(error, options.t);
          if (known) logger.warn({ err: error, code: known.code }, "AI stream failed");
          else logger.error({ err: error }, "AI stream failed");
          const event = known
            ? { code: known.code, message: known.message }
            : { code: "server:internal", message: "Internal Server Error" };
          write({ type: "error", ...event } as unknown as E);
        })
        .finally(() => {
          clearTimeout(keepAlive);
          options.signal?.removeEventListener("abort", onClientGone);
          if (closed) return;
          closed = true;
          try {
            stream.close();
          } catch {
            // cancelled by the reader
          }
        });
    },
    cancel(reason) {
      closed = true;
      clearTimeout(keepAlive);
      gone.abort(reason);
    },
  });
}

/** The answer around an NDJSON stream: never cached, never buffered or compressed on the way. */
export function ndjsonResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
