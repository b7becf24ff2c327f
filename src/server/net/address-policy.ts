import { BlockList, isIP } from "node:net";

/**
 * Which IP addresses the server may connect to on behalf of a user or a model: public unicast
 * only. A picture or page address someone else chose must never reach the server's own
 * machine, its network, or the cloud's metadata service (SSRF).
 *
 * IPv4 is public unless it is in one of the special ranges below (RFC 6890 and its updates).
 * IPv6 is public only inside global unicast (2000::/3) and outside its special blocks: that
 * refuses, without listing them, ::, ::1, the IPv4-mapped and -compatible forms (::ffff:127.0.0.1),
 * NAT64 (64:ff9b::/96, which embeds an IPv4 the gateway would reach), discard, unique-local,
 * link-local, site-local and multicast.
 */

type Range = { prefix: string; bits: number; name: string };

const REFUSED_V4: Range[] = [
  { prefix: "0.0.0.0", bits: 8, name: "unspecified" },
  { prefix: "10.0.0.0", bits: 8, name: "private" },
  { prefix: "100.64.0.0", bits: 10, name: "shared (CGNAT)" },
  { prefix: "127.0.0.0", bits: 8, name: "loopback" },
  { prefix: "169.254.0.0", bits: 16, name: "link-local" },
  { prefix: "172.16.0.0", bits: 12, name: "private" },
  { prefix: "192.0.0.0", bits: 24, name: "IETF protocol assignments" },
  { prefix: "192.0.2.0", bits: 24, name: "documentation" },
  { prefix: "192.31.196.0", bits: 24, name: "AS112" },
  { prefix: "192.52.193.0", bits: 24, name: "AMT" },
  { prefix: "192.88.99.0", bits: 24, name: "6to4 relay" },
  { prefix: "192.168.0.0", bits: 16, name: "private" },
  { prefix: "192.175.48.0", bits: 24, name: "AS112" },
  { prefix: "198.18.0.0", bits: 15, name: "benchmarking" },
  { prefix: "198.51.100.0", bits: 24, name: "documentation" },
  { prefix: "203.0.113.0", bits: 24, name: "documentation" },
  { prefix: "224.0.0.0", bits: 4, name: "multicast" },
  { prefix: "240.0.0.0", bits: 4, name: "reserved" },
];

const GLOBAL_UNICAST_V6: Range = { prefix: "2000::", bits: 3, name: "global unicast" };

const REFUSED_V6: Range[] = [
  // 2001::/23 holds Teredo (2001::/32, which tunnels to an embedded IPv4), ORCHID and the like.
  { prefix: "2001::", bits: 23, name: "IETF protocol assignments" },
  { prefix: "2001:db8::", bits: 32, name: "documentation" },
  // 6to4 embeds an IPv4 address a relay would reach.
  { prefix: "2002::", bits: 16, name: "6to4" },
  { prefix: "3fff::", bits: 20, name: "documentation" },
];

function listOf(ranges: Range[], family: "ipv4" | "ipv6"): BlockList {
  const list = new BlockList();
  for (const r of ranges) list.addSubnet(r.prefix, r.bits, family);
  return list;
}

const refusedV4 = REFUSED_V4.map((r) => ({ ...r, list: listOf([r], "ipv4") }));
const globalV6 = listOf([GLOBAL_UNICAST_V6], "ipv6");
const refusedV6 = REFUSED_V6.map((r) => ({ ...r, list: listOf([r], "ipv6") }));

/**
 * Why the server must not connect to `address` (an IPv4 or IPv6 literal, brackets allowed), or
 * null when it is a public unicast address. Anything that is not an IP literal is refused too.
 */
export function refusedAddressReason(address: string): string | null {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  // A zone id (fe80::1%eth0) only ever names a link-local address.
  if (bare.includes("%")) return "scoped";
  const family = isIP(bare);
  if (family === 4) return refusedV4.find((r) => r.list.check(bare, "ipv4"))?.name ?? null;
  if (family === 6) {
    if (!globalV6.check(bare, "ipv6")) return describeV6(bare);
    return refusedV6.find((r) => r.list.check(bare, "ipv6"))?.name ?? null;
  }
  return "not an IP address";
}

/** A name for a refused address outside 2000::/3, for logs and test messages. */
function describeV6(address: string): string {
  const named: Range[] = [
    { prefix: "::", bits: 128, name: "unspecified" },
    { prefix: "::1", bits: 128, name: "loopback" },
    { prefix: "::ffff:0:0", bits: 96, name: "IPv4-mapped" },
    { prefix: "64:ff9b::", bits: 96, name: "NAT64" },
    { prefix: "fc00::", bits: 7, name: "unique-local" },
    { prefix: "fe80::", bits: 10, name: "link-local" },
    { prefix: "ff00::", bits: 8, name: "multicast" },
  ];
  return named.find((r) => listOf([r], "ipv6").check(address, "ipv6"))?.name ?? "not global unicast";
}

export function isPublicAddress(address: string): boolean {
  return refusedAddressReason(address) === null;
}
