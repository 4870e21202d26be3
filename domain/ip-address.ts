/**
 * Which IP addresses the server may fetch from: public unicast only. Pure (no DNS), shared by the
 * fetch guard (server/http/safe-fetch.ts, on every resolved address) and the tenant validator (a
 * literal address in a CRM URL).
 */

type Range = [prefix: number[], bits: number, reason: string];

// The first matching range names the reason; an address in none of them is public.
const V4: Range[] = [
  [[255, 255, 255, 255], 32, "broadcast"],
  [[0], 8, "unspecified"],
  [[10], 8, "private"],
  [[100, 64], 10, "shared (CGNAT)"],
  [[127], 8, "loopback"],
  [[169, 254], 16, "link-local"],
  [[172, 16], 12, "private"],
  [[192, 0, 0], 24, "reserved"],
  [[192, 0, 2], 24, "documentation"],
  [[192, 168], 16, "private"],
  [[198, 18], 15, "benchmarking"],
  [[198, 51, 100], 24, "documentation"],
  [[203, 0, 113], 24, "documentation"],
  [[224], 4, "multicast"],
  [[240], 4, "reserved"],
];

// Ranges of IPv6 that carry an IPv4 address in their last 4 bytes (or bytes 2–5 for 6to4): the
// embedded address is judged as IPv4.
const V6_EMBEDDING_V4: [prefix: number[], bits: number, at: number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, 12], // IPv4-mapped ::ffff:a.b.c.d
  [[0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96, 12], // IPv4-translated ::ffff:0:a.b.c.d
  [[0, 0x64, 0xff, 0x9b], 96, 12], // NAT64 64:ff9b::a.b.c.d
  [[0x20, 0x02], 16, 2], // 6to4 2002:aabb:ccdd::
];

const V6: Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 128, "unspecified"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96, "reserved"], // IPv4-compatible (deprecated)
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48, "private"], // local-use NAT64
  [[1, 0, 0, 0, 0, 0, 0, 0], 64, "reserved"], // discard-only
  [[0x20, 0x01, 0x0d, 0xb8], 32, "documentation"],
  [[0x20, 0x01, 0, 0], 32, "reserved"], // Teredo (carries an obfuscated IPv4 address)
  [[0xfc], 7, "private"], // unique local
  [[0xfe, 0x80], 10, "link-local"],
  [[0xfe, 0xc0], 10, "private"], // site-local (deprecated)
  [[0xff], 8, "multicast"],
];

function inRange(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const mask = bits - i * 8 >= 8 ? 0xff : (0xff << (8 - (bits - i * 8))) & 0xff;
    if ((bytes[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 4 bytes of a dotted-quad IPv4 address (strict: four decimal parts 0–255), or null. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The 16 bytes of an IPv6 address (a zone "%eth0" is ignored, a trailing dotted quad allowed), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/%.*$/, "");
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null;
  if (s.includes(".")) {
    // A trailing dotted quad stands for the last two groups.
    const at = s.lastIndexOf(":");
    const v4 = parseIPv4(s.slice(at + 1));
    if (!v4) return null;
    s = `${s.slice(0, at + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (h: string) => (h === "" ? [] : h.split(":"));
  const head = groupsOf(halves[0]);
  const rest = halves.length === 2 ? groupsOf(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

/**
 * Why the server must not connect to this address ("loopback", "private", "link-local",
 * "unspecified", "shared (CGNAT)", "multicast", "broadcast", "reserved", "documentation",
 * "benchmarking"), or null for a public unicast address. Text that is no IP address is "not an IP address".
 */
export function nonPublicReason(address: string): string | null {
  const v4 = parseIPv4(address);
  if (v4) return V4.find(([p, bits]) => inRange(v4, p, bits))?.[2] ?? null;
  const v6 = parseIPv6(address);
  if (!v6) return "not an IP address";
  for (const [prefix, bits, at] of V6_EMBEDDING_V4) {
    if (inRange(v6, prefix, bits)) {
      const embedded = v6.slice(at, at + 4);
      return V4.find(([p, b]) => inRange(embedded, p, b))?.[2] ?? null;
    }
  }
  return V6.find(([p, bits]) => inRange(v6, p, bits))?.[2] ?? null;
}

/** `localhost` and its subdomains (always this machine, whatever DNS says). */
export const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

/**
 * What can be said of a URL's host without DNS: why it is not public (a localhost name, or a literal
 * IP that is not public), or null (a public literal, or a name to be resolved and checked at send time).
 * `hostname` as `new URL(…).hostname` gives it (IPv4 normalised, IPv6 in brackets).
 */
export function literalHostReason(hostname: string): string | null {
  if (isLocalhostName(hostname)) return "localhost";
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  if (parseIPv4(bare) || (bare.includes(":") && parseIPv6(bare))) return nonPublicReason(bare);
  if (bare.includes(":")) return "not an IP address";
  return null;
}

/** Name endings kept for private networks (RFC 6761/6762/8375, ICANN's .internal, common intranet ones): never a public host. */
export const PRIVATE_NAME_SUFFIXES = ["local", "localdomain", "internal", "intranet", "lan", "home", "corp", "private", "home.arpa"];

/**
 * Why a host *name* (not an IP literal) can never be a public address, without DNS: a name of one
 * label (`crm`, an intranet name) or one under a private-use ending (`crm.internal`, `nas.local`);
 * null otherwise (resolved and checked at send time, server/http/safe-fetch.ts).
 */
export function privateNameReason(hostname: string): string | null {
  const name = hostname.replace(/\.$/, "").toLowerCase();
  if (!name || name.includes(":") || name.startsWith("[") || parseIPv4(name)) return null; // IP literals: literalHostReason
  if (!name.includes(".")) return "a name without a domain";
  return PRIVATE_NAME_SUFFIXES.some((s) => name.endsWith(`.${s}`)) ? "a private-use name" : null;
}
