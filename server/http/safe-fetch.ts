import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isLocalhostName, nonPublicReason, parseIPv4, parseIPv6, privateNameReason } from "../../domain/ip-address";

/**
 * Fetches a URL the server was given by someone else (a tenant's CRM URL): only from public
 * addresses. Each hop's host is resolved (every address DNS gives), and the request is refused when
 * any of them is loopback, private, link-local (cloud metadata 169.254.169.254), unspecified, CGNAT,
 * multicast, broadcast or reserved — IPv4-mapped IPv6 forms included — or when the host is a
 * `localhost` name. The connection goes to the address that was checked (no second lookup a DNS
 * rebinding could answer differently). Redirects are followed by hand, at most 5, each hop checked
 * the same way. https only when NODE_ENV=production. One deadline covers the whole call.
 *
 * FORECOURT_ALLOW_PRIVATE_FETCH=1 lifts the address check outside production, for development
 * against a CRM on this machine; never set it in production (it is ignored there).
 */

export class RefusedFetchError extends Error {
  override name = "RefusedFetchError";
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole call (every hop, DNS and the answer's body); default 10 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Default 5. */
  maxRedirects?: number;
  /** Answers beyond this many bytes are cut (default 1 MB). */
  maxBodyBytes?: number;
  /**
   * true: any address (development, tests); a list: these exact addresses too (tests of the guard).
   * Default: FORECOURT_ALLOW_PRIVATE_FETCH=1 outside production.
   */
  allowPrivate?: boolean | string[];
  /** Refuse plain http (default: NODE_ENV=production). */
  httpsOnly?: boolean;
  /** DNS for a host name (default: node:dns lookup, all addresses); tests replace it. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface SafeResponse {
  status: number;
  /** The URL that answered (after redirects). */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export const SAFE_FETCH_DEFAULTS = { timeoutMs: 10_000, maxRedirects: 5, maxBodyBytes: 1 << 20 };

const defaultResolve = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

export function privateFetchAllowed(): boolean {
  return process.env.FORECOURT_ALLOW_PRIVATE_FETCH === "1" && process.env.NODE_ENV !== "production";
}

/** The address to connect to for this URL, once every address of its host has been found public. */
export async function checkedAddress(url: URL, opts: Pick<SafeFetchOptions, "allowPrivate" | "httpsOnly" | "resolve"> = {}): Promise<{ address: string; family: number }> {
  const httpsOnly = opts.httpsOnly ?? process.env.NODE_ENV === "production";
  if (url.protocol !== "https:" && (url.protocol !== "http:" || httpsOnly)) {
    throw new RefusedFetchError(`refused: ${url.protocol} URLs are not fetched${httpsOnly ? " (https only)" : ""}`);
  }
  const allow = opts.allowPrivate ?? privateFetchAllowed();
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isLocalhostName(host) && allow !== true) throw new RefusedFetchError(`refused: ${host} is this machine`);
  const privateName = privateNameReason(host);
  if (privateName && allow !== true) throw new RefusedFetchError(`refused: ${host} is ${privateName}`);
  const literal = parseIPv4(host) ? 4 : host.includes(":") && parseIPv6(host) ? 6 : 0;
  const addresses = literal ? [{ address: host, family: literal }] : await (opts.resolve ?? defaultResolve)(host);
  if (!addresses.length) throw new Error(`${host} has no address`);
  if (allow !== true) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (reason && !(Array.isArray(allow) && allow.includes(address))) {
        throw new RefusedFetchError(`refused: ${host === address ? address : `${host} resolves to ${address}, which`} is ${/^[aeiou]/.test(reason) ? "an" : "a"} ${reason} address`);
      }
    }
  }
  return addresses[0];
}

// Connects to the checked address whatever the socket asks for (the host name stays for Host and SNI).
const pinned =
  (address: string, family: number): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function send(url: URL, to: { address: string; family: number }, o: { method: string; headers: Record<string, string>; body?: string | Buffer; signal: AbortSignal; maxBodyBytes: number }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = (url.protocol === "https:" ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: o.method,
        headers: o.headers,
        agent: false,
        lookup: pinned(to.address, to.family),
        signal: o.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= o.maxBodyBytes) chunks.push(chunk);
          else {
            res.destroy();
            done();
          }
        });
        res.on("end", done);
        res.on("error", reject);
        res.on("close", () => reject(new Error("the connection closed before the answer ended"))); // after end or done: no effect
      },
    );
    req.on("error", reject);
    req.end(o.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A request to a URL from outside: every hop checked as above. Throws RefusedFetchError for a refused address. */
export async function safeFetch(target: string, opts: SafeFetchOptions = {}): Promise<SafeResponse> {
  const timeoutMs = opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new RefusedFetchError(`refused: ${JSON.stringify(target.slice(0, 200))} is not a URL`);
  }
  let method = (opts.method ?? "GET").toUpperCase();
  let body = opts.body;
  let headers = { ...opts.headers };
  try {
    for (let hop = 0; ; hop++) {
      const to = await abortable(checkedAddress(url, opts), signal);
      const res = await send(url, to, { method, headers, body, signal, maxBodyBytes: opts.maxBodyBytes ?? SAFE_FETCH_DEFAULTS.maxBodyBytes });
      const location = res.headers.location;
      if (!REDIRECTS.has(res.status) || !location) return { ...res, url: url.toString() };
      if (hop >= (opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects)) throw new Error(`more than ${opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects} redirects`);
      const next = new URL(location, url);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        if (method !== "HEAD") method = "GET";
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
      }
      if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)));
      url = next;
    }
  } catch (e) {
    if (deadline.aborted) throw new Error(`no answer within ${timeoutMs} ms`, { cause: e });
    if (opts.signal?.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error(String(opts.signal.reason));
    throw e;
  }
}
