/**
 * Hostile requests for the fuzz test (fuzz.spec.ts): a raw HTTP client that sets any Host header and
 * body (Node's fetch drops Host), valid requests per endpoint, and mutations of them drawn from a
 * seeded generator so a failure names a request that can be sent again.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import type pg from "pg";
import { seededRandom } from "../../domain/random";

export interface FuzzRequest {
  /** Which endpoint and mutation made it (for the report). */
  label: string;
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  /** A body, or `{ stream }`: that many bytes sent chunked without a Content-Length. */
  body?: string | Buffer | { stream: number };
  /** An oversized body: the server may answer and close before it is all sent. */
  oversized?: boolean;
  /** Whether it may write a counted table when it succeeds (not GETs, searches, preview links). */
  writes?: boolean;
  /**
   * A write that must be refused (4xx) whatever the server: its body is over the limit or no JSON
   * object, its revision or slug cannot pass, or what it names does not exist; the method and path
   * are still the route's own. The PGlite stored-rows check sends only these.
   */
  expectRefused?: boolean;
  /** The client address the trusted proxy reports for it (FUZZ_CLIENT unless set). */
  client?: string;
}

/** The address the fuzz comes from, as the trusted proxy in front of the e2e server reports it. */
export const FUZZ_CLIENT = "192.0.2.77";

export interface FuzzAnswer {
  status: number;
  ms: number;
  /** "timeout" (no answer in time: a hang), "reset" (connection closed before an answer). */
  error?: "timeout" | "reset";
  setCookie: string[];
  text: string;
}

/** Sends one request to 127.0.0.1:port with the request's own Host header; never rejects. The answer's text is its first `keep` characters. */
export function send(port: number, r: FuzzRequest, timeoutMs = 10_000, keep = 4096): Promise<FuzzAnswer> {
  const start = Date.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Omit<FuzzAnswer, "ms">) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...a, ms: Date.now() - start });
    };
    const headers: Record<string, string | number> = { ...r.headers, host: r.host, connection: "close" };
    // The e2e server trusts one proxy (playwright.config.ts): as that proxy, name a client of the fuzz's
    // own, after whatever spoofed X-Forwarded-For the request carries, so the limits it runs into
    // (leads, codes, sign-in) are not 127.0.0.1's, which the specs after it share. A server that trusts
    // no proxy ignores the header.
    const xff = Object.keys(headers).find((h) => h.toLowerCase() === "x-forwarded-for");
    const client = r.client ?? FUZZ_CLIENT;
    headers[xff ?? "x-forwarded-for"] = xff ? `${headers[xff]}, ${client}` : client;
    const body = r.body;
    if (typeof body === "string" || Buffer.isBuffer(body)) {
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-length")) headers["content-length"] = Buffer.byteLength(body);
    }
    let req: ReturnType<typeof httpRequest>;
    try {
      // Headers of an answer may echo a 10k path twice (Next's trailing-slash redirect: Location and Refresh).
      req = httpRequest({ host: "127.0.0.1", port, method: r.method, path: r.path, headers, maxHeaderSize: 256 * 1024 }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < keep) chunks.push(c);
          size += c.length;
        });
        const end = () => {
          const setCookie = res.headers["set-cookie"] ?? [];
          finish({ status: res.statusCode ?? 0, setCookie, text: Buffer.concat(chunks).toString("utf8").slice(0, keep) });
        };
        res.on("end", end);
        res.on("error", end);
        res.on("aborted", end);
      });
    } catch (e) {
      // Node refused to send it (a header or path it will not write): not the server's fault.
      resolve({ status: -2, ms: 0, setCookie: [], text: (e as Error).message });
      return;
    }
    const timer = setTimeout(() => {
      finish({ status: 0, error: "timeout", setCookie: [], text: "" });
      req.destroy();
    }, timeoutMs);
    req.on("error", () => finish({ status: 0, error: "reset", setCookie: [], text: "" }));
    if (body && typeof body === "object" && "stream" in body) {
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      let left = body.stream;
      const pump = () => {
        while (left > 0 && !req.destroyed) {
          const n = Math.min(left, chunk.length);
          left -= n;
          if (!req.write(chunk.subarray(0, n))) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    } else {
      req.end(body);
    }
  });
}

// ---- hostile values ----

export const deepJson = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const LONG = "x".repeat(10_000);
export const HOSTILE_STRINGS = [
  "\u0000", "a\u0000b", "\uD800", "\uDC00x", "Enquiry \uD83D", "%ZZ", "%00", "%ED%A0%80", LONG, "", " ", "../../etc/passwd",
  "<script>alert(1)</script>", "'; drop table leads; --", "\u202Egnp.exe", "😀".repeat(500), "\r\nX-Injected: 1", "\u001b[2J\u001b[31m", "0x7fffffff",
  "__proto__", "constructor", `query=&numericFilters=${encodeURIComponent(deepJson(10_000))}`, `facetFilters=${encodeURIComponent(deepJson(10_000))}`,
];
export const HOSTILE_NUMBERS: unknown[] = [1e308, -1e308, -0, 2 ** 64, 2 ** 53 + 1, -1, 0.5, 2 ** 31, "NaN", "Infinity", "-0", "1e308", "18446744073709551616", "2e9"];
export const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, null, true, false, [], {}, [[]], { a: {} }, [null], ["\u0000"], { "\u0000": "\uD800" }];
/** Query-string values, already percent-encoded. */
export const HOSTILE_QUERY = [
  "%00", "%ED%A0%80", "%ZZ", "%", "%E0%A4%A", "x".repeat(10_000), "1e308", "-0", "NaN", "18446744073709551616", "-1", "%F0%9F%98", "a%00b",
  "%5B%5D", "..%2F..%2Fetc%2Fpasswd", "%3Cscript%3E", "%0D%0ALocation:%20http://evil", "9".repeat(400), "",
];
/** Path segments, already percent-encoded. */
export const HOSTILE_SEGMENTS = ["%00", "%ED%A0%80", "%ZZ", "x".repeat(3000), "..", "%2e%2e", "a%2Fb", "%F0%9F%98%80", "1e308", "%25", "%C0%AF", "nul%00.jpg", "%uD800"];
const BAD_COOKIES = [
  "fc_session=%ZZ", "fc_admin=%ZZ", "fc_session=%ED%A0%80", "fc_admin=%00", "fc_admin=" + "A".repeat(8000), "fc_session", ";;;=;=", "fc_admin=a; fc_admin=b",
  "fc_session=\u00ff\u00fe", "=%ZZ", "fc_admin=%E0%A4%A",
];
const BAD_IDEMPOTENCY = ["", "%ZZ", "x".repeat(300), "short", "a b c d e f g", "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9", "../../../../", "12345678\t"];
const SPOOFS: Record<string, string>[] = [
  { "x-forwarded-for": "1.2.3.4" }, { "x-forwarded-for": "::1, 10.0.0.1, evil" }, { "x-forwarded-for": "%00" }, { "x-forwarded-for": "999.999.999.999" },
  { "x-forwarded-for": "x".repeat(5000) }, { "x-forwarded-host": "evil.test" }, { "x-forwarded-host": "localhost" }, { "x-real-ip": "127.0.0.1" },
  { "x-forwarded-proto": "javascript" }, { forwarded: "for=1.2.3.4;host=evil.test" },
];
const CONTENT_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "image/png", "application/xml", ""];

// ---- endpoints and mutations ----

export interface Context {
  port: number;
  site: string; // harbourline.localhost:port
  otherSite: string; // another site's host
  admin: string; // localhost:port
  carSlug: string;
  otherCarSlug: string;
  carId: string;
  mediaPath: string;
  previewToken: string | null;
  feedKey: string | null;
  feedVehicle: Record<string, unknown>;
  /** A lead of harbourline's (for the inbox's resend) and a picture of its library, when there is one. */
  leadId: string | null;
  mediaId: number | null;
  cookies: { staff: string | null; dealer: string | null; site: string | null };
  phone: string;
}

type Random = () => number;
const pick = <T,>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

interface Base {
  name: string;
  method: string;
  host: (c: Context) => string;
  path: (c: Context) => string;
  body?: (c: Context) => unknown;
  /** Which session cookies fit: the site's, the admin's, or none. */
  auth?: "site" | "admin";
  /** Only requests that cannot succeed (the valid form would change demo data other tests rely on). */
  refusedOnly?: boolean;
  /** Bearer key for the feed. */
  feed?: boolean;
  idempotent?: boolean;
  /** The body limit, to send one byte over it (declared and streamed). */
  limit?: number;
  raw?: boolean;
  /** A POST that writes none of the counted tables (a search, a preview link). */
  readOnly?: boolean;
  /** Names what does not exist (a site to archive): refused whatever the mutations. */
  nothingThere?: boolean;
}

const json = { "content-type": "application/json" };
const sitePages = ["/", "/search", "/search?query=toyota&page=2", "/search/used-cars", "/search/toyota/corolla", "/special-offers", "/watchlist", "/success",
  "/sign-in?type=watchlist&redirect=%2Fwatchlist&back=%2F", "/sitemap.xml", "/sitemap.xml?part=1", "/robots.txt", "/about-us", "/finance",
  "/service", "/book-a-service", "/dealer-locator?postcode=4000&department=service", "/locations/harbourline-toyota-cleveland-service", "/contact-us/harbourline-toyota-cleveland"];

const BASES: Base[] = [
  ...sitePages.map((p): Base => ({ name: `GET site ${p}`, method: "GET", host: (c) => c.site, path: () => p, auth: "site" })),
  { name: "GET /cars/{slug}", method: "GET", host: (c) => c.site, path: (c) => `/cars/${c.carSlug}` },
  { name: "GET /cars/{slug} of another site", method: "GET", host: (c) => c.site, path: (c) => `/cars/${c.otherCarSlug}` },
  { name: "GET /cars/{slug}/consumer-information-notice", method: "GET", host: (c) => c.otherSite, path: (c) => `/cars/${c.otherCarSlug}/consumer-information-notice` },
  { name: "GET /print", method: "GET", host: (c) => c.site, path: (c) => `/print?car_id=${c.carSlug}` },
  { name: "GET /media", method: "GET", host: (c) => c.site, path: (c) => c.mediaPath },
  { name: "GET /media/uploads", method: "GET", host: (c) => c.admin, path: () => "/media/uploads/harbourline/0000.webp" },
  { name: "GET /preview", method: "GET", host: (c) => c.site, path: (c) => `/preview/${c.previewToken ?? "none"}/` },
  { name: "GET /preview search", method: "GET", host: (c) => c.site, path: (c) => `/preview/${c.previewToken ?? "none"}/search?query=corolla` },
  { name: "GET view.json", method: "GET", host: (c) => c.site, path: (c) => `/api/cars/${c.carSlug}/view.json?photos_count=3&updated_at=2024-01-01&website_id=1` },
  { name: "GET pdf", method: "GET", host: (c) => c.site, path: (c) => `/api/cars/${c.carSlug}/pdf` },
  { name: "GET autogauge", method: "GET", host: (c) => c.site, path: (c) => `/api/cars/${c.carSlug}/autogauge` },
  { name: "GET delivery-quote", method: "GET", host: (c) => c.site, path: (c) => `/api/delivery-quote?postcode=4000&car=${c.carSlug}` },
  { name: "GET places", method: "GET", host: (c) => c.site, path: () => "/api/places?q=Southport" },
  { name: "GET /api/watchlist", method: "GET", host: (c) => c.site, path: () => "/api/watchlist", auth: "site" },
  { name: "GET /api/health", method: "GET", host: (c) => c.admin, path: () => "/api/health" },
  // Caddy's TLS ask: the fuzz's client (FUZZ_CLIENT, from the trusted proxy) is not internal, so every one is refused (404), never a 500.
  { name: "GET tls-ask", method: "GET", host: (c) => c.admin, path: () => "/api/platform/tls-ask?domain=harbourline.example.com.au" },
  {
    name: "POST search", method: "POST", readOnly: true, host: (c) => c.site, path: () => "/api/search/1/indexes/*/queries", limit: 256 * 1024,
    body: () => ({ requests: [{ indexName: "vehicles", params: { query: "toyota", hitsPerPage: 20, page: 0, facets: ["make", "price"], numericFilters: ["price>=0"], facetFilters: [["make:Toyota"]] } }] }),
  },
  {
    name: "POST search (URL-encoded params)", method: "POST", readOnly: true, host: (c) => c.site, path: () => "/api/search/1/indexes/vehicles/queries",
    body: () => ({ requests: [{ indexName: "vehicles", params: "query=corolla&hitsPerPage=5&page=1&filters=price%20%3E%201000" }] }),
  },
  {
    name: "POST preview search", method: "POST", readOnly: true, host: (c) => c.site, path: (c) => `/preview/${c.previewToken ?? "none"}/api/search/1/indexes/*/queries`,
    body: () => ({ requests: [{ indexName: "vehicles", params: { query: "" } }] }),
  },
  {
    name: "POST lead", method: "POST", host: (c) => c.site, path: () => "/api/leads", idempotent: true, limit: 64 * 1024,
    body: (c) => ({
      url: `http://${c.site}/cars/${c.carSlug}`, source: "Website", user_agent: "fuzz", car_id: c.carId, car_dealership_id: 101,
      lead_attributes: { visited_pages: ["/"], linked_query_params: {} }, form: "vehicle-enquiry", category: "Vehicle Enquiry", subcategory: "Enquiry",
      fields: { first_name: "Fuzz", last_name: "Test", email: "fuzz@example.com", phone: "0400 000 000", postcode: "4000", message: "Hello" }, isLastStep: true,
    }),
  },
  // Kōwhai's booking is the minimal variant, whose Vehicle Details look the registration up (harbourline's is the full one: 404).
  { name: "POST service rego-lookup", method: "POST", readOnly: true, host: (c) => c.otherSite, path: () => "/api/service/rego-lookup", limit: 16 * 1024, body: () => ({ rego: "ABC123" }) },
  { name: "POST event", method: "POST", host: (c) => c.site, path: () => "/api/events", limit: 4096, body: () => ({ id: 14, label: "Enquiry", path: "/cars/x" }) },
  { name: "POST save-car", method: "POST", host: (c) => c.site, path: () => "/api/watchlist/save-car", auth: "site", body: (c) => ({ phone_number: c.phone, car_id: c.carId }) },
  { name: "POST remove-car", method: "POST", host: (c) => c.site, path: () => "/api/watchlist/remove-car", auth: "site", body: (c) => ({ phone_number: c.phone, car_id: c.carId }) },
  // Refused only: a valid one would text a code (3 per number in 10 minutes) or sign out the session in use.
  { name: "POST request-code", method: "POST", host: (c) => c.site, path: () => "/api/auth/request-code", refusedOnly: true, body: () => ({ phone: "0412 999 002" }) },
  { name: "POST verify-code", method: "POST", host: (c) => c.site, path: () => "/api/auth/verify-code", body: (c) => ({ phone: c.phone, code: "000000" }) },
  { name: "POST site sign-out", method: "POST", host: (c) => c.site, path: () => "/api/auth/sign-out", refusedOnly: true },
  { name: "PUT feed vehicle", method: "PUT", host: (c) => c.site, path: () => "/api/feed/vehicles/fuzz-1", feed: true, body: (c) => c.feedVehicle },
  { name: "DELETE feed vehicle", method: "DELETE", host: (c) => c.site, path: () => "/api/feed/vehicles/fuzz-none", feed: true },
  // Admin pages and APIs.
  ...["/admin", "/admin?q=harbour", "/admin/new", "/admin/tenants/harbourline", "/admin/tenants/harbourline/flags", "/admin/tenants/harbourline/history?a=1&b=2",
    "/admin/sign-in?error=wrong&email=a%40b.c&next=%2Fadmin", "/about", "/"].map((p): Base => ({ name: `GET admin ${p}`, method: "GET", host: (c) => c.admin, path: () => p, auth: "admin" })),
  { name: "GET draft", method: "GET", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/draft", auth: "admin" },
  { name: "GET domains", method: "GET", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/domains", auth: "admin" },
  { name: "POST draft", method: "POST", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/draft", auth: "admin", refusedOnly: true, limit: 2 * 1024 * 1024, body: () => ({ document: { identity: { name: "Fuzz" } }, revision: "x" }) },
  { name: "POST publish", method: "POST", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/publish", auth: "admin", refusedOnly: true, body: () => ({ revision: "1" }) },
  { name: "POST restore", method: "POST", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/restore", auth: "admin", refusedOnly: true, body: () => ({ version: 1e308, revision: 1 }) },
  { name: "POST flags", method: "POST", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/flags", auth: "admin", refusedOnly: true, body: () => ({ flags: { "/features/nope": true }, revision: 1 }) },
  { name: "POST archive", method: "POST", nothingThere: true, host: (c) => c.admin, path: () => "/api/admin/tenants/fuzz-nowhere/archive", auth: "admin", body: () => ({ archived: true }) },
  { name: "POST preview link", method: "POST", readOnly: true, host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/preview", auth: "admin", body: () => ({ path: "/search" }) },
  { name: "POST upload", method: "POST", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/uploads", auth: "admin", raw: true, body: () => "GIF89a not really a picture" },
  { name: "POST wizard", method: "POST", host: (c) => c.admin, path: () => "/api/admin/tenants", auth: "admin", refusedOnly: true, body: () => ({ kind: "used", name: "Fuzz", slug: "Fuzz Site!", dealerships: ["new"], domains: [] }) },
  { name: "POST admin sign-out", method: "POST", host: (c) => c.admin, path: () => "/api/admin/sign-out", refusedOnly: true },
  // The leads inbox, the dealership directory, the picture library, the editor's lookups and scheduled publishing.
  ...["/admin/tenants/harbourline/leads", "/admin/tenants/harbourline/leads?form=vehicle-enquiry&status=new&from=2024-01-01&to=2030-12-31", "/admin/dealerships", "/admin/tenants/harbourline/media"]
    .map((p): Base => ({ name: `GET admin ${p}`, method: "GET", host: (c) => c.admin, path: () => p, auth: "admin" })),
  { name: "GET admin lead", method: "GET", host: (c) => c.admin, path: (c) => `/admin/tenants/harbourline/leads/${c.leadId ?? "none"}`, auth: "admin" },
  { name: "GET leads.csv", method: "GET", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/leads.csv?status=new&from=2024-01-01&to=2030-12-31", auth: "admin" },
  { name: "POST lead resend", method: "POST", host: (c) => c.admin, path: (c) => `/api/admin/tenants/harbourline/leads/${c.leadId ?? "00000000-0000-4000-8000-000000000000"}/resend`, auth: "admin" },
  { name: "GET dealerships", method: "GET", host: (c) => c.admin, path: () => "/api/admin/dealerships", auth: "admin" },
  // Refused for sure (an assignment makes the dealership it names): a dealership that exists (101), a site that does not, keys of a dealership that does not exist.
  { name: "POST add dealership", method: "POST", refusedOnly: true, host: (c) => c.admin, path: () => "/api/admin/dealerships", auth: "admin", limit: 16 * 1024, body: () => ({ id: 101, name: "Fuzz Motors" }) },
  { name: "POST assign dealership", method: "POST", refusedOnly: true, host: (c) => c.admin, path: () => "/api/admin/dealerships/999999990", auth: "admin", body: () => ({ tenant: "fuzz-nowhere", name: "Fuzz Motors" }) },
  { name: "POST feed key", method: "POST", nothingThere: true, host: (c) => c.admin, path: () => "/api/admin/dealerships/999999990/keys", auth: "admin", limit: 16 * 1024, body: () => ({ label: "Fuzz feed" }) },
  { name: "POST revoke feed key", method: "POST", nothingThere: true, host: (c) => c.admin, path: () => "/api/admin/dealerships/101/keys/999999990/revoke", auth: "admin" },
  { name: "GET media", method: "GET", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/media", auth: "admin" },
  { name: "POST media alt", method: "POST", host: (c) => c.admin, path: (c) => `/api/admin/tenants/harbourline/media/${c.mediaId ?? 999999990}`, auth: "admin", limit: 16 * 1024, body: () => ({ alt: "A white Corolla" }) },
  { name: "POST media replace", method: "POST", nothingThere: true, host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/media/999999990/replace", auth: "admin", raw: true, body: () => "GIF89a not really a picture" },
  { name: "POST media delete", method: "POST", nothingThere: true, host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/media/999999990/delete", auth: "admin" },
  { name: "GET stock", method: "GET", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/stock?q=corolla", auth: "admin" },
  { name: "GET checklist", method: "GET", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/checklist", auth: "admin" },
  { name: "GET schedule", method: "GET", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/schedule", auth: "admin" },
  { name: "POST schedule", method: "POST", host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/schedule", auth: "admin", refusedOnly: true, body: () => ({ revision: 1, at: "2030-06-30T17:00", publishAnyway: true, reason: "Fuzz" }) },
  { name: "POST schedule cancel", method: "POST", nothingThere: true, host: (c) => c.admin, path: () => "/api/admin/tenants/harbourline/schedule/cancel", auth: "admin" },
];

/** Sign-in attempts that carry an e-mail and a password count against the client's limit: only these few, each once. */
export function signInRequests(c: Context): FuzzRequest[] {
  const h = { ...json, origin: `http://${c.admin}` };
  const post = (label: string, body: string, headers: Record<string, string> = h): FuzzRequest => ({ label: `admin sign-in: ${label}`, method: "POST", host: c.admin, path: "/api/admin/sign-in", headers, body });
  return [
    post("NUL in the e-mail", JSON.stringify({ email: "staff@forecourt.test\u0000", password: "x" })),
    post("lone surrogate in the e-mail", JSON.stringify({ email: "\uD800@x.test", password: "\uDC00" })),
    post("10k e-mail", JSON.stringify({ email: LONG, password: "x" })),
    post("form with %00 and %ZZ", "email=a%00b%40x.test&password=%ZZ&next=%2Fadmin%00", { "content-type": "application/x-www-form-urlencoded", origin: `http://${c.admin}` }),
    post("deep nesting", deepJson(10_000)),
    post("no fields", "{}"),
    post("array", "[]"),
    post("not JSON", "{"),
    post("wrong types", JSON.stringify({ email: 1e308, password: ["x"], next: { a: 1 } })),
    post("form with a next of 10k", `next=${LONG}`, { "content-type": "application/x-www-form-urlencoded", origin: `http://${c.admin}` }),
    post("cross-site", JSON.stringify({ email: "", password: "" }), { ...json, origin: "http://evil.test" }),
    { ...post("streamed past any limit", ""), body: { stream: 3 * 1024 * 1024 }, oversized: true },
  ];
}

type Mutation = (req: FuzzRequest, r: Random, base: Base, c: Context) => void;

const setPath = (obj: unknown, r: Random, value: unknown): unknown => {
  if (!obj || typeof obj !== "object") return value;
  const keys = Object.keys(obj as object);
  if (!keys.length || r() < 0.25) return value;
  const k = pick(r, keys);
  (obj as Record<string, unknown>)[k] = r() < 0.5 ? setPath((obj as Record<string, unknown>)[k], r, value) : value;
  return obj;
};

const addQuery = (path: string, kv: string) => `${path}${path.includes("?") ? "&" : "?"}${kv}`;
const QUERY_KEYS = ["query", "page", "hitsPerPage", "car_id", "car", "postcode", "part", "photos_count", "updated_at", "website_id", "q", "a", "b", "error", "minutes", "email", "next",
  "redirect", "back", "type", "sortBy", "refinementList%5Bmake%5D%5B0%5D", "range%5Bprice%5D", "refinementList%5B%00%5D%5B0%5D", "range%5Byear%5D", "numericFilters"];

const BODY_MUTATIONS: Mutation[] = [
  (q, r, b, c) => void (q.body = JSON.stringify(setPath(structuredClone(b.body?.(c) ?? {}), r, pick(r, HOSTILE_VALUES)))),
  (q, r, b, c) => void (q.body = JSON.stringify(setPath(structuredClone(b.body?.(c) ?? {}), r, pick(r, HOSTILE_VALUES)))),
  (q, r, b, c) => void (q.body = JSON.stringify({ ...(b.body?.(c) as object), [pick(r, HOSTILE_STRINGS)]: pick(r, HOSTILE_VALUES) })),
  (q, r) => void (q.body = pick(r, ["", " ", "null", "[]", "0", "1e308", '"x"', "{", '{"a":', "[" + '{"a":1},'.repeat(2000) + "{}]", "\u0000", "{\"a\":\"\u0000\"}", "\uFEFF{}"])),
  (q, r) => void (q.body = Buffer.from(pick(r, [[0xff, 0xfe, 0x7b, 0x7d], [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d], [0xc0, 0xaf], [0x00, 0x00]]))),
  (q, r) => void (q.body = pick(r, [deepJson(10_000), '{"a":'.repeat(5000) + "1" + "}".repeat(5000), deepJson(33), deepJson(32)])),
  (q, r, b, c) => void (q.body = JSON.stringify([b.body?.(c) ?? {}])),
  (q, r, b, c) => {
    // Every string in the valid body carries NUL and half an emoji: cleaned at the boundary, never a 500.
    q.body = JSON.stringify(b.body?.(c) ?? {}, (_k, v) => (typeof v === "string" ? `${v}\u0000\uD83D` : v));
  },
  (q, r, b, c) => {
    q.body = JSON.stringify(b.body?.(c) ?? {}, (_k, v) => (typeof v === "number" ? pick(r, HOSTILE_NUMBERS) : v));
  },
];

const HEADER_MUTATIONS: Mutation[] = [
  (q, r) => void (q.headers["content-type"] = pick(r, CONTENT_TYPES)),
  (q) => void delete q.headers["content-type"],
  (q, r) => void (q.headers.cookie = pick(r, BAD_COOKIES)),
  (q, r) => void (q.headers.cookie = `${q.headers.cookie ?? ""}; ${pick(r, BAD_COOKIES)}`),
  (q, r) => Object.assign(q.headers, pick(r, SPOOFS)),
  (q, r) => void (q.headers["idempotency-key"] = pick(r, BAD_IDEMPOTENCY)),
  (q, r, _b, c) => void (q.host = pick(r, ["evil.test", `${c.site.split(":")[0]}.:${c.port}`, "", `localhost:${c.port}`, `[::1]:${c.port}`, "%ZZ", "a".repeat(300), `HARBOURLINE.LOCALHOST:${c.port}`])),
  (q, r, _b, c) => void (q.headers.origin = pick(r, ["null", "http://evil.test", `http://${c.admin}.evil.test`, "%ZZ", "x".repeat(3000)])),
  (q, r) => void (q.headers.authorization = pick(r, ["Bearer ", "Bearer %ZZ", "Basic x", "Bearer " + "A".repeat(5000), "Bearer fck_\u00ff"])),
  (q, r) => void (q.headers["content-length"] = pick(r, ["-1", "abc", "1e308", "18446744073709551616"])),
  // A method the route does not have (a write by another method counts as one for the stored-rows check).
  (q, r) => {
    q.method = pick(r, ["PATCH", "OPTIONS", "HEAD", "DELETE", "PUT", "POST", "GET"]);
    q.writes = q.method !== "GET" && q.method !== "HEAD" && q.method !== "OPTIONS" ? q.writes || !q.path.includes("/queries") : false;
    if (q.method === "GET" || q.method === "HEAD") delete q.body;
  },
];

const PATH_MUTATIONS: Mutation[] = [
  (q, r) => void (q.path = addQuery(q.path, `${pick(r, QUERY_KEYS)}=${pick(r, HOSTILE_QUERY)}`)),
  (q, r) => void (q.path = addQuery(q.path, `${pick(r, QUERY_KEYS)}=${pick(r, HOSTILE_QUERY)}&${pick(r, QUERY_KEYS)}=${pick(r, HOSTILE_QUERY)}`)),
  (q, r) => {
    // A hostile segment in place of a slug, id or token (or appended).
    const [p, qs] = q.path.split("?");
    const parts = p.split("/");
    if (parts.length > 2) parts[1 + Math.floor(r() * (parts.length - 1))] = pick(r, HOSTILE_SEGMENTS);
    else parts.push(pick(r, HOSTILE_SEGMENTS));
    q.path = parts.join("/") + (qs ? `?${qs}` : "");
  },
  (q, r) => void (q.path = addQuery(q.path, pick(r, ["query=" + "a".repeat(513), "query=" + Array(300).fill("a").join("+"), "query=" + "%F0%9F%98%80".repeat(600), "page=1e308", "hitsPerPage=1e308", "page=-1", "range%5Bprice%5D=1e308:2e308", "range%5Bprice%5D=NaN:", "page=18446744073709551616"]))),
];

/**
 * Endpoints whose valid request would change demo data other tests rely on (publish, flags, a new
 * site, a sign-out of the session in use) keep a part that cannot pass: a revision that is not a
 * number, a slug with "!", a cookie that is no session.
 */
function refuseForSure(req: FuzzRequest, r: Random, base: Base): boolean {
  if (base.name.includes("sign-out")) {
    req.headers.cookie = pick(r, BAD_COOKIES);
    return false; // a sign-out without a session may answer 200
  }
  if (typeof req.body !== "string") return false;
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    return true; // not JSON: refused anyway
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return true;
  const o = body as Record<string, unknown>;
  let sure = false;
  if ("revision" in o || base.name.includes("draft") || base.name.includes("publish") || base.name.includes("schedule") || base.name.includes("restore") || base.name.includes("flags")) {
    o.revision = `${String(o.revision)}x`;
    sure = true;
  }
  if (base.name.includes("add dealership")) {
    o.id = 101;
    sure = true;
  }
  if (base.name.includes("assign dealership")) {
    o.tenant = "fuzz-nowhere";
    sure = true;
  }
  if (base.name.includes("wizard")) {
    o.slug = `${String(o.slug)}!`;
    sure = true;
  }
  try {
    req.body = JSON.stringify(o);
  } catch {
    return true; // nested too deeply to write back: refused for that anyway
  }
  return sure;
}

/** A JSON body that is no object (not JSON, nested too deeply, an array, a number): every JSON route refuses it. */
function noJsonObject(body: FuzzRequest["body"]): boolean {
  if (typeof body !== "string") return false;
  try {
    const v: unknown = JSON.parse(body);
    return !v || typeof v !== "object" || Array.isArray(v);
  } catch {
    return true;
  }
}

/** `count` requests: mutations of the valid requests, spread over every endpoint, from seed `seed`. */
export function fuzzRequests(c: Context, count: number, seed: number): FuzzRequest[] {
  const r = seededRandom(seed);
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const base = BASES[i % BASES.length];
    const headers: Record<string, string> = {};
    const req: FuzzRequest = { label: base.name, method: base.method, host: base.host(c), path: base.path(c), headers, writes: base.method !== "GET" && !base.readOnly };
    if (base.body) {
      headers["content-type"] = base.raw ? "image/gif" : "application/json";
      req.body = base.raw ? String(base.body(c)) : JSON.stringify(base.body(c));
    }
    if (req.method !== "GET") headers.origin = `http://${req.host}`;
    const session = base.auth === "site" ? c.cookies.site : base.auth === "admin" ? pick(r, [c.cookies.staff, c.cookies.dealer, null]) : null;
    if (session) headers.cookie = session;
    if (base.feed && c.feedKey) headers.authorization = `Bearer ${c.feedKey}`;
    if (base.idempotent) headers["idempotency-key"] = `fuzz-${seed}-${i}`;
    const mutations: { kind: string; m: Mutation }[] = [];
    const groups: [string, Mutation[]][] = [["path", PATH_MUTATIONS], ["header", HEADER_MUTATIONS]];
    if (base.body || req.method === "POST") groups.push(["body", BODY_MUTATIONS], ["body", BODY_MUTATIONS]);
    const n = 1 + Math.floor(r() * 2);
    for (let k = 0; k < n; k++) {
      const [kind, list] = pick(r, groups);
      mutations.push({ kind, m: pick(r, list) });
    }
    for (const { m } of mutations) m(req, r, base, c);
    const unpassable = base.refusedOnly ? refuseForSure(req, r, base) : false;
    // Over the limit, now and then: declared by Content-Length (then sent) or streamed without one.
    if (base.limit && r() < 0.03) {
      const over = base.limit + 1;
      if (r() < 0.5) req.body = { stream: over };
      else {
        req.body = Buffer.alloc(over, 0x20);
        req.headers["content-length"] = String(over);
      }
      req.oversized = true;
    }
    // Still the route's own method and path: a "..", "%2e%2e" segment names another route (Next redirects it, or renders the page above).
    const moved = req.method !== base.method || /(^|\/)(\.\.|%2e%2e)(\/|$)/i.test(req.path.split("?")[0]);
    req.expectRefused = req.writes === true && !moved && (req.oversized || unpassable || !!base.nothingThere || (!!base.body && !base.raw && noJsonObject(req.body)));
    req.label = `#${i} ${base.name} [${mutations.map((x) => x.kind).join("+")}${req.oversized ? "+oversized" : ""}]`;
    out.push(req);
  }
  return out;
}

/** A request as curl would send it (for the report), cut to a readable length. */
export function describeRequest(q: FuzzRequest, port: number): string {
  const body = q.body === undefined ? "" : typeof q.body === "object" && "stream" in q.body ? ` <${q.body.stream} bytes streamed>` : ` --data ${JSON.stringify(String(q.body).slice(0, 300))}`;
  const headers = Object.entries(q.headers).map(([k, v]) => ` -H ${JSON.stringify(`${k}: ${v.slice(0, 120)}`)}`).join("");
  return `${q.label}: curl -X ${q.method} 'http://127.0.0.1:${port}${q.path.slice(0, 300)}' -H 'host: ${q.host.slice(0, 80)}'${headers}${body}`;
}

// ---- running them ----

export const CONCURRENCY = 8;

/** An assertion for the set-up (the fuzz helpers run outside a test too). */
function check(value: unknown, message: string) {
  return {
    toBe(expected: unknown) {
      if (value !== expected) throw new Error(`${message}: got ${JSON.stringify(value)}, expected ${JSON.stringify(expected)}`);
    },
    toBeTruthy() {
      if (!value) throw new Error(message);
    },
  };
}

const PHONE = "0412 999 001";
const E164 = "+61412999001";

function newestCode(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  for (const f of files.reverse()) {
    const m = JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string; body: string };
    if (m.to === E164) return /^(\d{6}) /.exec(m.body)?.[1] ?? null;
  }
  return null;
}

export const cookieOf = (a: FuzzAnswer, name: string) => {
  const c = a.setCookie.find((x) => x.startsWith(`${name}=`));
  return c ? c.split(";")[0] : null;
};

/** What the fuzz needs to know of a running server: a car, a preview token, session cookies, a feed key. */
export async function context(port: number, smsDir: string, feedKeysFile: string): Promise<Context> {
  const site = `harbourline.localhost:${port}`;
  const admin = `localhost:${port}`;
  const c: Context = {
    port, site, otherSite: `kowhai-motors.localhost:${port}`, admin, carSlug: "", otherCarSlug: "", carId: "", mediaPath: "/media/vehicles/suv/ffffff/front-right.jpg",
    previewToken: null, feedKey: null, feedVehicle: {}, leadId: null, mediaId: null, cookies: { staff: null, dealer: null, site: null }, phone: PHONE,
  };
  const search = async (host: string) => {
    const a = await send(port, {
      label: "setup search", method: "POST", host, path: "/api/search/1/indexes/*/queries", headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests: [{ indexName: "vehicles", params: { hitsPerPage: 1, attributesToRetrieve: ["slug", "objectID", "primary_image_url"] } }] }),
    });
    check(a.status, `search on ${host}: ${a.text}`).toBe(200);
    return (JSON.parse(a.text) as { results: { hits: { slug: string; objectID: string; primary_image_url: string | null }[] }[] }).results[0].hits[0];
  };
  const car = await search(site);
  c.carSlug = car.slug;
  c.carId = car.objectID;
  if (car.primary_image_url) c.mediaPath = car.primary_image_url;
  c.otherCarSlug = (await search(c.otherSite)).slug;

  const signIn = async (email: string, password: string) => {
    const a = await send(port, { label: "setup sign-in", method: "POST", host: admin, path: "/api/admin/sign-in", headers: { "content-type": "application/json", origin: `http://${admin}` }, body: JSON.stringify({ email, password }) });
    check(a.status, `sign-in ${email}: ${a.text}`).toBe(200);
    return cookieOf(a, "fc_admin");
  };
  c.cookies.staff = await signIn("staff@forecourt.test", "forecourt-staff-demo");
  c.cookies.dealer = await signIn("dealer@harbourline.test", "harbourline-dealer-demo");
  const preview = await send(port, { label: "setup preview", method: "POST", host: admin, path: "/api/admin/tenants/harbourline/preview", headers: { "content-type": "application/json", origin: `http://${admin}`, cookie: c.cookies.staff! }, body: "{}" });
  c.previewToken = /\/preview\/([^/]+)\//.exec((JSON.parse(preview.text) as { url: string }).url)?.[1] ?? null;

  // A site session through the sign-in code flow (the embedded SMS provider writes the code to smsDir).
  const asked = await send(port, { label: "setup request-code", method: "POST", host: site, path: "/api/auth/request-code", headers: { "content-type": "application/json" }, body: JSON.stringify({ phone: PHONE }) });
  check(asked.status, asked.text).toBe(200);
  let code: string | null = null;
  for (let i = 0; i < 50 && !code; i++) {
    code = newestCode(smsDir);
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  check(code, `no code for ${E164} in ${smsDir}`).toBeTruthy();
  const verified = await send(port, { label: "setup verify-code", method: "POST", host: site, path: "/api/auth/verify-code", headers: { "content-type": "application/json" }, body: JSON.stringify({ phone: PHONE, code }) });
  check(verified.status, verified.text).toBe(200);
  c.cookies.site = cookieOf(verified, "fc_session");

  // A lead to resend (the fuzz's own), and a picture of the library if it has one.
  const lead = await send(port, {
    label: "setup lead", method: "POST", host: site, path: "/api/leads", headers: { "content-type": "application/json", "idempotency-key": "fuzz-setup-lead" },
    body: JSON.stringify({ url: `http://${site}/contact-us`, source: "Website", form: "enquiry", category: "General Enquiry", fields: { first_name: "Fuzz", last_name: "Setup", email: "fuzz@example.com", phone: "0400 000 000", message: "Setup" }, isLastStep: true }),
  });
  c.leadId = lead.status === 200 ? ((JSON.parse(lead.text) as { lead_id?: string }).lead_id ?? null) : null;
  const media = await send(port, { label: "setup media", method: "GET", host: admin, path: "/api/admin/tenants/harbourline/media", headers: { cookie: c.cookies.staff! } });
  c.mediaId = media.status === 200 ? ((JSON.parse(media.text) as { media: { id: number }[] }).media[0]?.id ?? null) : null;

  const keys = JSON.parse(readFileSync(feedKeysFile, "utf8")) as Record<string, string>;
  c.feedKey = keys["101"] ?? null;
  // Hidden from the sites, so a write the fuzz lets through changes no page other tests look at.
  c.feedVehicle = {
    id: "fuzz-1", stocknum: "S-fuzz-1", dealership_id: 101, location_id: 1001, status: "in_stock", show_on_dealer_website: false, car_type: "used", item_type: "car",
    make: "Toyota", model: "Corolla", year: 2021, price: 25000, km: 40000, body: "Hatch", colour: "White",
  };
  return c;
}

const TABLES = ["leads", "lead_deliveries", "analytics_events", "vehicles", "tenant_versions", "sms_outbox", "watchlist_items", "site_users", "admin_users", "tenant_domains"];

/** Runs one SQL statement: a pg.Client's `query`, or `(s) => handle.db.execute(sql.raw(s))` for PGlite. */
export type Query = (sql: string) => Promise<{ rows: unknown[] }>;

/** Row counts (and the draft revisions) of the tables a request could write to, and the files in the uploads folder. */
export async function storedState(query: Query, uploadsDir: string | null): Promise<Record<string, number | string>> {
  const sql = `select ${TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(", ")}, (select coalesce(sum(draft_revision), 0) from tenants)::int as draft_revisions, (select count(*) from tenants)::int as tenants, ` +
    // What a refused write could change without adding a row: the drafts, and the vehicles the fuzz writes through the feed.
    `(select md5(coalesce(string_agg(draft::text, ',' order by slug), '')) from tenants) as drafts, (select md5(coalesce(string_agg(data::text, ',' order by id), '')) from vehicles where id like 'fuzz%') as fuzz_vehicles`;
  const uploads = uploadsDir && existsSync(uploadsDir) ? readdirSync(uploadsDir, { recursive: true }).length : 0;
  return { ...((await query(sql)).rows[0] as Record<string, number | string>), uploads };
}

/** What changed between two `storedState`s, one line a table. */
export function changes(before: Record<string, number | string>, after: Record<string, number | string>): string[] {
  return Object.entries(after).filter(([table, n]) => n !== before[table]).map(([table, n]) => `${table} went from ${before[table]} to ${n}`);
}

export interface Outcome {
  failures: string[];
  statuses: Map<number, number>;
  sent: number;
  /** Batches whose tables were counted before and after, and the refused writes (non-GET) in them. */
  checkedBatches: number;
  refusedChecked: number;
  /** Requests built to be refused (`expectRefused`) that were not (answered 2xx or 3xx). */
  notRefused: string[];
}

/**
 * Sends the requests CONCURRENCY at a time. With `db`, the tables are counted around every batch:
 * a batch in which every request but GETs was refused (4xx) must leave them as they were.
 */
export async function run(port: number, requests: FuzzRequest[], db: pg.Client | null, uploadsDir: string | null): Promise<Outcome> {
  const out: Outcome = { failures: [], statuses: new Map(), sent: 0, checkedBatches: 0, refusedChecked: 0, notRefused: [] };
  const query: Query | null = db && ((s) => db.query(s));
  for (let i = 0; i < requests.length; i += CONCURRENCY) {
    const batch = requests.slice(i, i + CONCURRENCY);
    const before = query ? await storedState(query, uploadsDir) : null;
    const answers = await Promise.all(batch.map((q) => send(port, q)));
    answers.forEach((a, k) => {
      const q = batch[k];
      out.sent++;
      out.statuses.set(a.status, (out.statuses.get(a.status) ?? 0) + 1);
      const what = describeRequest(q, port);
      if (a.status === -2) return; // Node would not send it: nothing reached the server
      if (a.error === "timeout") out.failures.push(`no answer within 10 s: ${what}`);
      else if (a.error === "reset" && !q.oversized) out.failures.push(`connection closed without an answer: ${what}`);
      else if (a.status >= 500) out.failures.push(`${a.status} ${a.text.slice(0, 200)}: ${what}`);
      else if (q.expectRefused && a.status < 400 && !a.error) out.notRefused.push(`built to be refused, answered ${a.status} ${a.text.slice(0, 200)}: ${what}`);
    });
    // Pages, GET APIs and searches write none of the counted tables: a batch whose other requests were all refused must leave them alone.
    const refused = (a: FuzzAnswer) => (a.status >= 400 && a.status < 500) || a.status === -2 || a.error === "reset";
    const writes = (q: FuzzRequest) => q.writes ?? q.method !== "GET";
    if (query && before && batch.every((q, k) => !writes(q) || refused(answers[k]))) {
      out.checkedBatches++;
      out.refusedChecked += batch.filter((q, k) => writes(q) && refused(answers[k])).length;
      for (const change of changes(before, await storedState(query, uploadsDir))) {
        out.failures.push(`${change} in a batch whose every request was refused: ${batch.map((q) => describeRequest(q, port)).join("\n    ")}`);
      }
    }
  }
  return out;
}

export function report(name: string, o: Outcome) {
  const statuses = [...o.statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(" ");
  const checked = o.checkedBatches ? `; tables unchanged checked around ${o.checkedBatches} batches holding ${o.refusedChecked} refused writes` : "";
  const notRefused = o.notRefused.length ? `; ${o.notRefused.length} built to be refused were not` : "";
  console.log(`[fuzz ${name}] ${o.sent} requests; statuses ${statuses}${checked}; ${o.failures.length} failures${notRefused}`);
  for (const f of [...o.failures, ...o.notRefused].slice(0, 40)) console.log(`  ${f}`);
}

