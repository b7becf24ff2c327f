import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { brandedError } from "@/lib/branded-error";

class ProviderHttpError extends brandedError("ProviderHttpError") {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One JSON call to a provider's REST API (base URL from its *_API_BASE_URL setting), with a
 * time limit and, where the provider supports one, an idempotency header.
 */
export async function providerJson<T>(
  base: string,
  path: string,
  init: { method?: string; auth: string; body?: unknown; timeoutMs: number; headers?: Record<string, string> },
): Promise<T> {
  const response = await fetch(`${base.replace(/\/+$/, "")}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      authorization: init.auth,
      accept: "application/json",
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs),
    redirect: "error",
  });
  const text = await response.text();
  if (!response.ok)
    throw new ProviderHttpError(
      response.status,
      `${init.method ?? "GET"} ${path}: ${response.status} ${text.slice(0, 200)}`,
    );
  return (text ? JSON.parse(text) : {}) as T;
}

/** Constant-time comparison of two hex or plain strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function hmacHex(algorithm: "sha256" | "sha512", key: string, payload: string): string {
  return createHmac(algorithm, key).update(payload).digest("hex");
}

/** A JSON body that did not parse is no event. */
export function parseJson(raw: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const asPlan = (value: unknown): "monthly" | "yearly" | null =>
  value === "monthly" || value === "yearly" ? value : null;
