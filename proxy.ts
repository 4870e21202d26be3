import { NextResponse, type NextRequest } from "next/server";
import { PAGE_PATH_HEADER, hostname, parseHost } from "./domain/hosts";
import { cameOverHttps, pageKind, pageSecurityHeaders } from "./server/http/security-headers";

/**
 * The host decides the site. Tenant hosts are rewritten to the internal /s/{host}/… route and
 * never reach /admin; a tenant host's /preview/{token}/… (the admin's preview of a draft,
 * server/admin/preview.ts) goes to the internal /p/{host}/{token}/…. The admin host never reaches
 * /s/ or /p/ directly. Every answer gets the page's security headers (server/http/security-headers.ts).
 */
const INTERNAL = /^\/[sp](\/|$)/;
const PREVIEW = /^\/preview\/([A-Za-z0-9_-]+)(\/.*)?$/;

export function proxy(request: NextRequest) {
  const response = route(request);
  const headers = pageSecurityHeaders(pageKind(request.headers.get("host"), request.nextUrl.pathname), { https: cameOverHttps(request.headers, request.url) });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function route(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  const target = parseHost(request.headers.get("host"));
  if (!target) return notFound();
  if (target.kind === "admin") {
    return INTERNAL.test(pathname) ? notFound() : NextResponse.next();
  }
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return notFound();
  const url = request.nextUrl.clone();
  const preview = PREVIEW.exec(pathname);
  url.pathname = preview
    ? `/p/${hostname(request.headers.get("host"))}/${preview[1]}${preview[2] ?? "/"}`
    : `/s/${hostname(request.headers.get("host"))}${pathname}`;
  // The path the visitor asked for, for the site's 404 (app/s/[host]/not-found.tsx); always ours, never the client's.
  const headers = new Headers(request.headers);
  headers.set(PAGE_PATH_HEADER, pathname);
  return NextResponse.rewrite(url, { request: { headers } });
}

function notFound() {
  return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}

export const config = {
  // Everything but Next's assets, the API and static files from public/.
  // A site's sitemap.xml, robots.txt and Google vehicle ads feed are its own, so they are rewritten too.
  matcher: ["/((?!_next/|api/|favicon\\.ico|.*\\.(?:svg|png|jpe?g|webp|avif|gif|ico|pdf|txt|xml|css|js|map|woff2?)$).*)", "/sitemap.xml", "/robots.txt", "/feeds/google-vehicle-ads.xml"],
};
