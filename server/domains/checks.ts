/**
 * Where a site's custom domain stands, as the admin shows it: does the name point at this
 * deployment (its A/AAAA records against `PUBLIC_ADDRESSES`, comma-separated IPs), and does the
 * TLS proxy (`TLS_PROXY_ADDRESS`, host:port of Caddy's HTTPS listener) present a valid certificate
 * for it (a handshake with SNI = the name, checked against the system's roots plus
 * `TLS_PROXY_CA_FILE` when set, e.g. Caddy's internal root). Note a handshake for a published
 * domain is itself what makes Caddy's on-demand TLS get the certificate.
 */
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { Resolver } from "node:dns/promises";
import tls from "node:tls";

/** One check's answer: ok, not ok, or not known (the setting it needs is missing); and what to show. */
export interface Check {
  ok: boolean | null;
  text: string;
}

export interface DomainSettings {
  /** This deployment's public IPs; null when PUBLIC_ADDRESSES is not set, or what is wrong with it. */
  publicAddresses: string[] | null | { error: string };
  /** The TLS proxy to shake hands with; null when TLS_PROXY_ADDRESS is not set. */
  tlsProxy: { host: string; port: number } | null | { error: string };
  /** Roots to trust for its certificates (the system's, plus TLS_PROXY_CA_FILE's). */
  ca?: string[];
}

const canonicalIp = (raw: string) => (isIP(raw) === 6 ? raw.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1") : raw);

/**
 * The settings from the environment (PUBLIC_ADDRESSES, TLS_PROXY_ADDRESS, TLS_PROXY_CA_FILE); a wrong
 * one is reported in each check in staff's words (never an environment variable's name), never thrown.
 */
export function domainSettings(env: Record<string, string | undefined> = process.env): DomainSettings {
  const list = env.PUBLIC_ADDRESSES?.split(",").map((s) => s.trim()).filter(Boolean);
  const bad = list?.find((a) => !isIP(a));
  const publicAddresses = !list?.length ? null : bad ? { error: `this platform's public addresses are set wrongly (“${bad.slice(0, 60)}” is not an IP address).` } : list.map(canonicalIp);
  const raw = env.TLS_PROXY_ADDRESS?.trim();
  const m = raw ? /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(raw) : null;
  const port = Number(m?.[2]);
  const tlsProxy = !raw ? null : m && port > 0 && port < 65536 ? { host: m[1].replace(/^\[|\]$/g, ""), port } : { error: "the address of this platform's HTTPS server is set wrongly (it needs a host and port, like 127.0.0.1:443)." };
  let ca: string[] | undefined;
  if (env.TLS_PROXY_CA_FILE) {
    try {
      ca = [...tls.rootCertificates, readFileSync(env.TLS_PROXY_CA_FILE, "utf8")];
    } catch (e) {
      return { publicAddresses, tlsProxy: { error: `the certificate authority file of this platform's HTTPS server cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"}).` } };
    }
  }
  return { publicAddresses, tlsProxy, ca };
}

/** A name's addresses: [] when it has none; throws (with the resolver's code) when it cannot be looked up. */
export type Resolve = (name: string) => Promise<string[]>;

const NO_RECORDS = new Set(["ENOTFOUND", "ENODATA", "NOTFOUND", "NODATA"]);

/** Public DNS (not /etc/hosts: what visitors see), A and AAAA, at most 2 tries of 2 s; `servers` default the system's. */
export const resolverFor = (servers?: string[]): Resolve => async (name) => {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (servers) resolver.setServers(servers);
  const answers = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
  const found = answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
  const failure = answers.find((a): a is PromiseRejectedResult => a.status === "rejected" && !NO_RECORDS.has(a.reason?.code));
  if (!found.length && failure) throw failure.reason;
  return found;
};

export const resolvePublic = resolverFor();

/** "points here" when every address of the name is one of ours; else what is wrong. */
export async function pointsHere(name: string, settings: DomainSettings, resolve: Resolve = resolvePublic): Promise<Check> {
  const ours = settings.publicAddresses;
  if (ours === null) return { ok: null, text: "Not checked: this platform's public addresses are not configured." };
  if (!Array.isArray(ours)) return { ok: null, text: `Not checked: ${ours.error}` };
  let addresses: string[];
  try {
    addresses = (await resolve(name)).map(canonicalIp);
  } catch (e) {
    return { ok: false, text: `Could not be looked up (${String((e as NodeJS.ErrnoException).code ?? "error")}).` };
  }
  if (!addresses.length) return { ok: false, text: "Does not resolve." };
  const elsewhere = [...new Set(addresses.filter((a) => !ours.includes(a)))];
  if (!elsewhere.length) return { ok: true, text: "Points here." };
  const some = elsewhere.slice(0, 4).join(", ");
  return { ok: false, text: elsewhere.length === new Set(addresses).size ? `Points elsewhere: ${some}.` : `Points here and elsewhere too: ${some}.` };
}

const day = (validTo: string) => new Date(validTo).toISOString().slice(0, 10);

/** "certificate issued" when the proxy shows a certificate valid for the name; else what is wrong. */
export function certificateIssued(name: string, settings: DomainSettings, timeoutMs = 8000): Promise<Check> {
  const proxy = settings.tlsProxy;
  if (proxy === null) return Promise.resolve({ ok: null, text: "Not checked: this platform's HTTPS server is not configured for checking certificates." });
  if ("error" in proxy) return Promise.resolve({ ok: null, text: `Not checked: ${proxy.error}` });
  return new Promise((resolve) => {
    const socket = tls.connect({ host: proxy.host, port: proxy.port, servername: name, ca: settings.ca, rejectUnauthorized: false });
    const done = (check: Check) => {
      socket.destroy();
      resolve(check);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, text: `No certificate yet: the TLS proxy did not finish a handshake within ${timeoutMs / 1000} s.` }));
    socket.once("secureConnect", () => {
      const cert = socket.getPeerCertificate();
      const problem = !cert?.raw ? "none shown" : socket.authorizationError ? String(socket.authorizationError) : tls.checkServerIdentity(name, cert)?.message;
      done(problem ? { ok: false, text: `Certificate not valid: ${problem}.` } : { ok: true, text: `Certificate issued (valid until ${day(cert.valid_to)}).` });
    });
    socket.once("error", (e: NodeJS.ErrnoException) => {
      const where = `${proxy.host}:${proxy.port}`;
      if (e.code === "ECONNREFUSED" || e.code === "EHOSTUNREACH" || e.code === "ENOTFOUND") done({ ok: false, text: `The TLS proxy at ${where} does not answer (${e.code}).` });
      else done({ ok: false, text: `No certificate yet (the TLS proxy refused the handshake: ${e.code ?? e.message}).` });
    });
  });
}
