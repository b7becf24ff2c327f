import "server-only";
import { isIPv6 } from "node:net";
import { env } from "@/server/env";
import { logger } from "@/server/logger";

/** Set from the socket by scripts/server.mjs (scripts/peer-headers.mjs); a client's copy never survives it. */
export const PEER_HEADER = "x-aula-peer";

/** The one bucket every request shares when nothing trustworthy names the client. */
export const UNKNOWN_CLIENT = "unknown";

/**
 * Set on globalThis by scripts/server.mjs (scripts/peer-headers.mjs, markPeerStamping) before
 * Next loads: this process serves only requests it stamped. Process-wide, not per request,
 * because where it is absent (`node .next/standalone/server.js`, a serverless host) a client can
 * send its own PEER_HEADER, and nothing would remove it.
 */
export const PEER_STAMPING = Symbol.for("aula.peer-stamping");

function servedByPeerStamping(): boolean {
  return (globalThis as Record<symbol, unknown>)[PEER_STAMPING] === true;
}

let warned = false;
function warnOnce(message: string): void {
  if (warned) return;
  warned = true;
  logger.warn(message);
}

/**
 * The caller's address, for rate limits (docs/decisions/003-client-address-and-rate-limits.md).
 *
 * Served by scripts/server.mjs: TRUST_PROXY=false, the socket's address, never a header; true,
 * the first X-Forwarded-For entry; N, the entry the outermost of N proxies appended (Express's
 * rule): the server appended the socket's address last, so that is N entries from the right.
 *
 * Served without it (standalone output, serverless): the socket is out of reach, and PEER_HEADER
 * is whatever the client wrote, so it is ignored. TRUST_PROXY=N takes the entry N from the right
 * of X-Forwarded-For: what the outermost of the N trusted proxies saw, the right-most hop that is
 * none of them (1 on Vercel, whose edge writes the client's address as the whole header); true
 * takes the first; false puts every request in one bucket, as no header can be believed.
 */
export function clientIp(request: Request): string {
  const trust = env().TRUST_PROXY;
  const stamped = servedByPeerStamping();
  const peer = stamped ? request.headers.get(PEER_HEADER)?.trim() : undefined;
  if (stamped && !peer) {
    warnOnce(`a request arrived without ${PEER_HEADER}: it shares one rate-limit bucket with every other such request`);
    return UNKNOWN_CLIENT;
  }
  if (trust === false) {
    if (peer) return rateLimitAddress(peer);
    // Plain `next start` or standalone output lets the client write every header: trusting none is the safe side.
    warnOnce(
      "the app is not served by scripts/server.mjs and TRUST_PROXY is false: all clients share one rate-limit bucket. Behind a proxy or a serverless host set TRUST_PROXY to the number of proxies in front (1 on Vercel); see docs/deploy.md",
    );
    return UNKNOWN_CLIENT;
  }
  const chain = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return peer ? rateLimitAddress(peer) : UNKNOWN_CLIENT;
  if (trust === true) return rateLimitAddress(chain[0]);
  // Stamped, the last entry is the socket (the nearest proxy), which scripts/server.mjs appended.
  const fromRight = stamped ? trust : trust - 1;
  return rateLimitAddress(chain[Math.max(0, chain.length - 1 - fromRight)]);
}

/**
 * The key a limit counts under. An IPv6 client usually holds a whole /64 and can pick any address
 * in it, so IPv6 addresses count per /64; IPv4 ones as they are. Bounded, so keys stay short.
 */
export function rateLimitAddress(address: string): string {
  const text = address.slice(0, 64);
  if (!isIPv6(text)) return text;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  if (mapped) return mapped[1];
  return `${ipv6Groups(text.split("%")[0]).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in short hex ("2001:db8::1" → 2001, db8, 0, …, 1). */
function ipv6Groups(address: string): string[] {
  const groupsOf = (part: string) =>
    part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const [head, tail] = address.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
