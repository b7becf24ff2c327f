import "server-only";
import { isIPv6 } from "node:net";
import { env } from "@/server/env";
import { logger } from "@/server/logger";

/** Set from the socket by scripts/server.mjs (scripts/peer-headers.mjs); a client's copy never survives it. */
export const PEER_HEADER = "x-aula-peer";

/** The one bucket every request shares when the app is not served by scripts/server.mjs. */
export const UNKNOWN_CLIENT = "unknown";

let warnedNoPeer = false;

/**
 * The caller's address, for rate limits (docs/decisions/003-client-address-and-rate-limits.md).
 * TRUST_PROXY=false: the socket's address, never a header. true: the first X-Forwarded-For entry.
 * N: the entry the outermost of N proxies appended (Express's rule): our server appended the
 * socket's address last, so that is N entries from the right.
 */
export function clientIp(request: Request): string {
  const peer = request.headers.get(PEER_HEADER)?.trim();
  if (!peer) {
    // Plain `next start` lets the client write X-Forwarded-For: trusting no header is the safe side.
    if (!warnedNoPeer) {
      warnedNoPeer = true;
      logger.warn(
        `requests arrive without ${PEER_HEADER}: serve the app with scripts/server.mjs (npm start), not next start; until then all clients share one rate-limit bucket`,
      );
    }
    return UNKNOWN_CLIENT;
  }
  const trust = env().TRUST_PROXY;
  if (trust === false) return rateLimitAddress(peer);
  const chain = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return rateLimitAddress(peer);
  const chosen = trust === true ? chain[0] : chain[Math.max(0, chain.length - 1 - trust)];
  return rateLimitAddress(chosen);
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
