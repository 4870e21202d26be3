/**
 * The client's address, which every per-client limit keys on. Only the server that accepted the
 * connection knows it: `serving/index.ts` works it out for each request (see `resolveClientAddress`)
 * and hands it to the routes in `CLIENT_ADDRESS_HEADER`, replacing any copy a client sent.
 *
 * X-Forwarded-For is trusted only as far as the operator says: `TRUSTED_PROXIES` (default 0) is the
 * number of proxies in front of this server that append the address they saw. With 0, the socket's
 * address is the client and X-Forwarded-For is ignored; with N, the client is the Nth address from
 * the right of X-Forwarded-For + the socket's address. A visitor can put anything at the left of
 * X-Forwarded-For, so nothing to the left of what the trusted proxies wrote is ever read.
 */
import { isIP } from "node:net";

export const CLIENT_ADDRESS_HEADER = "x-forecourt-client-address";
/** Where no server-determined address exists (a route called outside `npm start`): one shared bucket. */
export const UNKNOWN_CLIENT = "unknown";
const MAX_TRUSTED_PROXIES = 10;

/** `TRUSTED_PROXIES` as a whole number 0–10; anything else is 0 (trust nothing). */
export function trustedProxyCount(value: string | undefined = process.env.TRUSTED_PROXIES): number {
  const n = Number(value?.trim() || 0);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_TRUSTED_PROXIES) : 0;
}

/** A literal IP address in canonical form (IPv4-mapped IPv6 as IPv4, IPv6 lower case), or null. */
export function normalizeAddress(raw: string | undefined | null): string | null {
  let a = (raw ?? "").trim();
  if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") > 0 ? a.indexOf("]") : undefined);
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(a);
  if (mapped) a = mapped[1];
  const kind = isIP(a);
  if (kind === 4) return a;
  if (kind === 6) return a.toLowerCase();
  return null;
}

/**
 * The client of a connection from `socketAddress` carrying `forwardedFor` (the X-Forwarded-For
 * header, possibly repeated), behind `trusted` proxies. An entry that is not an IP address where an
 * address must be read makes the answer the last trustworthy hop rather than the entry.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trusted: number): string {
  const socket = normalizeAddress(socketAddress) ?? UNKNOWN_CLIENT;
  if (trusted <= 0) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [...header.split(",").map((s) => s.trim()).filter(Boolean), socket];
  // chain[len-1] is the socket (the nearest proxy); each trusted proxy vouches for the entry before it.
  let client = socket;
  for (let i = chain.length - 2, hops = 0; i >= 0 && hops < trusted; i--, hops++) {
    const address = normalizeAddress(chain[i]);
    if (!address) break;
    client = address;
  }
  return client;
}

/** The client address the server determined for this request (`UNKNOWN_CLIENT` when none did). */
export function clientAddress(request: Request | Headers): string {
  const headers = request instanceof Headers ? request : request.headers;
  return normalizeAddress(headers.get(CLIENT_ADDRESS_HEADER)) ?? UNKNOWN_CLIENT;
}

/**
 * The bucket a per-client limit counts in: an IPv4 address, or an IPv6 address's /64 network (one
 * subscriber commonly holds a whole /64, so counting single IPv6 addresses would let one client
 * multiply its buckets).
 */
export function clientBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g || "0", 16).toString(16)).join(":")}::/64`;
}
