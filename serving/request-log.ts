/**
 * What serving/node-server.ts records of each request: its id, one access log line and its duration
 * in forecourt_http_request_duration_seconds (README, "Observability").
 * - The id: the proxy's X-Request-Id when a proxy is trusted (TRUSTED_PROXIES ≥ 1; without one the
 *   header is the visitor's) and it looks like an id (1–128 letters, digits and `._:-`; Caddy sends a
 *   UUID), else a new UUID — a visitor's hostile or oversized header never reaches the logs.
 * - The access line: {"msg":"request","method","path","status","ms","kind","host"}, the path without
 *   its query string (which may carry a visitor's e-mail address or postcode) and a preview's secret
 *   token, at most 200 characters.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseHost } from "../domain/hosts";
import { log } from "../server/log";
import { appMetrics, statusClass, type RouteKind } from "../server/metrics";

export const REQUEST_ID_HEADER = "x-request-id";
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const MAX_LOGGED_PATH = 200;

/** The proxy's id when a proxy is trusted (TRUSTED_PROXIES) and it looks like an id, else a new one. */
export function requestIdFrom(header: string | string[] | undefined, fromProxy = true): string {
  return fromProxy && typeof header === "string" && REQUEST_ID.test(header) ? header : randomUUID();
}

const STATIC_PREFIX = /^\/(?:_next\/(?:static|image)\/|_next\/image$|media\/|demo\/)/;
const STATIC_FILE = /\.(?:js|css|map|svg|png|jpe?g|webp|avif|gif|ico|woff2?|txt|webmanifest)$/i;
const PREVIEW = /^\/preview\/[^/]+/;

/** What a request is, by its host and path (without the query string), for the duration histogram. */
export function routeKind(host: string | undefined, path: string): RouteKind {
  if (STATIC_PREFIX.test(path) || STATIC_FILE.test(path)) return "static";
  const inSite = path.replace(PREVIEW, "") || "/";
  if (inSite.startsWith("/api/search/")) return "search_api";
  if (inSite === "/api/leads") return "lead_api";
  if (/^\/(?:api\/)?admin(?:\/|$)/.test(path)) return "admin";
  if (inSite.startsWith("/api/") || inSite.startsWith("/_next/")) return "other";
  if (/^\/cars\/[^/]+$/.test(inSite) && parseHost(host)?.kind !== "admin") return "vehicle_page";
  return "page";
}

/** The path as logged: no query string, a preview's token hidden, bounded. */
export function loggedPath(url: string): string {
  const q = url.indexOf("?");
  const path = (q < 0 ? url : url.slice(0, q)).replace(PREVIEW, "/preview/…");
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

/**
 * Gives the request its id (on the request, for Next, and on the answer) and, once the answer is
 * sent or the client has gone, writes the access line and counts its duration. Answers the id.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse, behindProxy: boolean): string {
  const started = process.hrtime.bigint();
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER], behindProxy);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  const url = req.url ?? "/";
  const host = req.headers.host;
  res.once("close", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const path = loggedPath(url);
    const kind = routeKind(host, path);
    const aborted = !res.writableFinished;
    appMetrics().requestDuration.observe({ kind, status_class: aborted ? "aborted" : statusClass(res.statusCode) }, seconds);
    const line = {
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
      kind,
      host: host?.slice(0, 100),
      ...(aborted ? { aborted: true } : {}),
    };
    if (res.statusCode >= 500) log().error(line, "request");
    else log().info(line, "request");
  });
  return requestId;
}
