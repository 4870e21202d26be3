import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "../../proxy";
import { cameOverHttps, contentSecurityPolicy, pageKind, pageSecurityHeaders } from "./security-headers";

const directives = (csp: string) => Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("security headers", () => {
  it("tells the admin, a site page and a preview apart", () => {
    expect(pageKind("localhost:3000", "/admin/tenants/alpha")).toBe("admin");
    expect(pageKind("admin.localhost:3000", "/preview/x/")).toBe("admin");
    expect(pageKind("alpha.localhost:3000", "/cars/x")).toBe("site");
    expect(pageKind("www.alpha.test", "/preview/abc/search")).toBe("preview");
  });

  it("lets only the admin's origins frame a preview; the admin and sites not at all", () => {
    expect(directives(contentSecurityPolicy("admin"))["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy("site"))["frame-ancestors"]).toEqual(["'none'"]);
    const preview = directives(contentSecurityPolicy("preview"))["frame-ancestors"];
    expect(preview).toEqual(expect.arrayContaining(["'self'", "http://localhost:*", "http://admin.localhost:*", "http://127.0.0.1:*"]));
    expect(preview.some((s: string) => s.includes("*.localhost"))).toBe(false);
    expect(pageSecurityHeaders("admin", { https: false })["x-frame-options"]).toBe("DENY");
    expect(pageSecurityHeaders("site", { https: false })["x-frame-options"]).toBe("DENY");
    expect(pageSecurityHeaders("preview", { https: false })["x-frame-options"]).toBeUndefined();
  });

  it("confines scripts, connections, forms, <base> and plugins; Algolia only when configured", () => {
    const site = directives(contentSecurityPolicy("site", {}));
    expect(site["default-src"]).toEqual(["'self'"]);
    // The lead forms interpret their schemas (domain/json-schema-lite.ts): no eval on a dealer site.
    // Google's and Meta's tags, which a site loads only with their ids and the visitor's consent.
    expect(site["script-src"]).toEqual(["'self'", "'unsafe-inline'", "https://www.googletagmanager.com", "https://connect.facebook.net"]);
    expect(site["connect-src"]).toEqual(["'self'", "https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com", "https://www.facebook.com"]);
    expect(directives(contentSecurityPolicy("preview", {}))["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(site["object-src"]).toEqual(["'none'"]);
    expect(site["base-uri"]).toEqual(["'self'"]);
    expect(site["form-action"]).toEqual(["'self'"]);
    expect(directives(contentSecurityPolicy("preview", { ALGOLIA_APP_ID: "APP1" }))["connect-src"]).toEqual(["'self'", "https://*.algolia.net", "https://*.algolianet.com"]);
    expect(directives(contentSecurityPolicy("admin", { ALGOLIA_APP_ID: "APP1" }))["connect-src"]).toEqual(["'self'"]);
  });

  it("allows eval only in the admin (its RJSF validator compiles schemas) and under next dev", () => {
    const scriptSrc = (kind: "admin" | "site" | "preview", env: { NODE_ENV?: string }) => directives(contentSecurityPolicy(kind, env))["script-src"];
    expect(scriptSrc("site", { NODE_ENV: "production" })).toEqual(["'self'", "'unsafe-inline'", "https://www.googletagmanager.com", "https://connect.facebook.net"]);
    expect(scriptSrc("preview", { NODE_ENV: "production" })).toEqual(["'self'", "'unsafe-inline'"]);
    expect(scriptSrc("admin", { NODE_ENV: "production" })).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    // React's development build evaluates code for its debugging stacks.
    expect(scriptSrc("site", { NODE_ENV: "development" })).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'", "https://www.googletagmanager.com", "https://connect.facebook.net"]);
    expect(pageSecurityHeaders("site", { https: false, env: { NODE_ENV: "production" } })["content-security-policy"]).not.toContain("unsafe-eval");
  });

  it("sends HSTS only over https: X-Forwarded-Proto counts only behind a trusted proxy", () => {
    const h = (proto?: string) => new Headers(proto ? { "x-forwarded-proto": proto } : {});
    expect(cameOverHttps(h(), "https://alpha.test/", 0)).toBe(true);
    expect(cameOverHttps(h("https"), "http://alpha.test/", 0)).toBe(false);
    expect(cameOverHttps(h("https"), "http://alpha.test/", 1)).toBe(true);
    expect(cameOverHttps(h("http"), "http://alpha.test/", 1)).toBe(false);
    expect(pageSecurityHeaders("site", { https: true })["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(pageSecurityHeaders("site", { https: false })["strict-transport-security"]).toBeUndefined();
  });

  it("are set by proxy.ts on the admin, a site page, a preview and a 404", () => {
    const run = (url: string, host: string) => proxy(new NextRequest(url, { headers: { host } }));
    const admin = run("http://localhost:3000/admin", "localhost:3000");
    expect(admin.headers.get("x-frame-options")).toBe("DENY");
    expect(admin.headers.get("content-security-policy")).toBe(contentSecurityPolicy("admin"));
    expect(admin.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(admin.headers.get("x-content-type-options")).toBe("nosniff");
    const site = run("http://alpha.localhost:3000/cars/x", "alpha.localhost:3000");
    expect(site.headers.get("content-security-policy")).toBe(contentSecurityPolicy("site"));
    const preview = run("http://alpha.localhost:3000/preview/abcdefghijklmnopqrstuvwxyz/", "alpha.localhost:3000");
    expect(preview.headers.get("content-security-policy")).toBe(contentSecurityPolicy("preview"));
    expect(preview.headers.get("x-frame-options")).toBeNull();
    const notFound = run("http://alpha.localhost:3000/admin", "alpha.localhost:3000");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-frame-options")).toBe("DENY");
    expect(run("https://www.alpha.test/", "www.alpha.test").headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(site.headers.get("strict-transport-security")).toBeNull();
  });
});
