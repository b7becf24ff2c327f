import "server-only";
import { env } from "@/server/env";

/**
 * The caller's address. `next start` sets x-forwarded-for from the socket when no proxy sent one;
 * a client can send its own header, so unless TRUST_PROXY is on we take the entry nearest to us
 * (the one our own server appended), which a client cannot forge.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded) {
    const parts = forwarded.split(",").map((p) => p.trim()).filter(Boolean);
    const chosen = env().TRUST_PROXY === "true" ? parts[0] : parts[parts.length - 1];
    if (chosen) return chosen.slice(0, 64);
  }
  return request.headers.get("x-real-ip")?.slice(0, 64) || "unknown";
}
