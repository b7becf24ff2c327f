import "server-only";
import { env } from "@/server/env";

/**
 * The caller's address, for rate limits. `next start` fills x-forwarded-for from the socket only
 * when the request has none; a reverse proxy appends the address it saw, so the last entry is
 * the one nearest to us. TRUST_PROXY=true takes the first entry instead (a chain of proxies that
 * all append). Without any proxy a client can send its own header, which is why the sign-in
 * limit also has a per-account ceiling (src/features/accounts/service.ts).
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
