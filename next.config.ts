import type { NextConfig } from "next";
import { COMMON_SECURITY_HEADERS, STATIC_SECURITY_HEADERS } from "./server/http/security-headers";

const headerList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

const config: NextConfig = {
  poweredByHeader: false,
  // Security headers (server/http/security-headers.ts): pages get theirs, per host and request, from
  // proxy.ts; everything proxy.ts does not see (the API, Next's assets, public/ files) gets these.
  async headers() {
    return [
      { source: "/:path*", headers: headerList(COMMON_SECURITY_HEADERS) },
      { source: "/api/:path*", headers: headerList(STATIC_SECURITY_HEADERS) },
      { source: "/_next/:path*", headers: headerList(STATIC_SECURITY_HEADERS) },
      { source: "/:file(.*\\.(?:svg|png|jpe?g|webp|avif|gif|ico|pdf|css|js|map|woff2?))", headers: headerList(STATIC_SECURITY_HEADERS) },
    ];
  },
  // PGlite loads its WebAssembly from its package folder; pg and sanitize-html are Node libraries;
  // pdfkit reads its font metrics from its package folder; fontkit parses the PDF fonts (one copy, shared with pdfkit);
  // prom-client: one copy in the process, beside serving/'s (the metrics themselves are one set, server/metrics; pino is external by Next's own list).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sanitize-html", "pdfkit", "fontkit", "prom-client"],
  // The vehicle PDF embeds Noto Sans, read from node_modules at run time by a path the tracer cannot
  // follow (server/inventory/vehicle-pdf.ts): name the two files for its route.
  outputFileTracingIncludes: {
    "/api/cars/\\[slug\\]/pdf": ["./node_modules/@embedpdf/fonts-latin/fonts/NotoSans-{Regular,Bold}.ttf", "./node_modules/@embedpdf/fonts-latin/LICENSE"],
  },
  // authInterrupts: forbidden() answers 403 when a dealer opens another dealer's site in the admin.
  // inlineCss stays off: it put the stylesheets in the page's <head> (about 0.2 s sooner first paint on a
  // mobile connection) but also a second copy in the RSC payload — 208 KB of every page's HTML (README, Lighthouse).
  experimental: { globalNotFound: true, authInterrupts: true },
  images: {
    // Generated vehicle pictures (app/media) and the demo sites' artwork (public/demo); nothing else,
    // and no query strings. Widths and qualities: the spec's 850 and 90 / 75 (domain/image-urls.ts keeps
    // the same lists; a test checks they agree).
    localPatterns: [
      { pathname: "/media/**", search: "" },
      { pathname: "/demo/**", search: "" },
    ],
    deviceSizes: [640, 750, 828, 850, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [32, 48, 64, 96, 128, 256, 384],
    qualities: [75, 90],
    formats: ["image/webp"],
    // The pictures never change at a URL (app/media sends immutable); keep optimised copies a month.
    minimumCacheTTL: 2_678_400,
  },
  // The browser's copy of next/headers (renderer/next-headers.browser.ts): react-instantsearch-nextjs
  // imports it for its server render, which put Next's request-store code in the search page's script.
  turbopack: {
    resolveAlias: {
      "next/headers": { browser: "./renderer/next-headers.browser.ts" },
      "next/headers.js": { browser: "./renderer/next-headers.browser.ts" },
    },
  },
  // `npm test` type-checks (tsc --noEmit); the production build need not do it again.
  typescript: { ignoreBuildErrors: true },
};

export default config;
