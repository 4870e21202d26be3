import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewHtml } from "../domain/preview-links";
import { previewPageToken, withPreviewLinks } from "./preview-links";

// A preview keeps its token in every link: the HTML a preview page is answered with has each link
// and form of the site's own pages under /preview/{token}/ (opened in a new tab, or followed before
// the page's scripts run, it stays in the draft).

const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";
const HOST = "harbourline.localhost:3900";
const ORIGIN = `http://${HOST}`;

describe("a preview page's HTML", () => {
  it("has every link and form of the site's own pages under the preview, and nothing else changed", () => {
    const html = [
      '<a href="/search" class="fc-button">Search</a>',
      '<a class="x" href="/search/used-cars?make=Toyota&amp;page=2#results">Used</a>',
      `<a href="${ORIGIN}/about-us">About</a>`,
      '<area shape="rect" href="/contact">',
      '<form method="get" action="/search" role="search"><button formaction="/search/new-cars">New</button></form>',
      '<a href="https://www.facebook.com/sharer">Share</a><a href="tel:0755501234">Call</a><a href="mailto:a@b.example">Mail</a>',
      '<a href="#main">Skip</a>',
      '<a href="/api/cars/x/pdf">PDF</a><a href="/media/a/b.webp">Picture</a>',
      `<a href="/preview/${TOKEN}/finance">Already</a>`,
      '<link rel="stylesheet" href="/_next/static/css/a.css"><link rel="canonical" href="/about-us">',
      '<script>self.__next_f.push([1,"<a href=\\"/search\\">"])</script>',
    ].join("");
    const out = previewHtml(html, TOKEN, ORIGIN);
    const p = `/preview/${TOKEN}`;
    expect(out).toBe(
      [
        `<a href="${p}/search" class="fc-button">Search</a>`,
        `<a class="x" href="${p}/search/used-cars?make=Toyota&amp;page=2#results">Used</a>`,
        `<a href="${p}/about-us">About</a>`,
        `<area shape="rect" href="${p}/contact">`,
        // A button's formaction sits in the button's tag, not the form's: the browser script covers the submit.
        `<form method="get" action="${p}/search" role="search"><button formaction="/search/new-cars">New</button></form>`,
        '<a href="https://www.facebook.com/sharer">Share</a><a href="tel:0755501234">Call</a><a href="mailto:a@b.example">Mail</a>',
        '<a href="#main">Skip</a>',
        '<a href="/api/cars/x/pdf">PDF</a><a href="/media/a/b.webp">Picture</a>',
        `<a href="${p}/finance">Already</a>`,
        '<link rel="stylesheet" href="/_next/static/css/a.css"><link rel="canonical" href="/about-us">',
        '<script>self.__next_f.push([1,"<a href=\\"/search\\">"])</script>',
      ].join(""),
    );
  });

  it("is rewritten only for a preview page on a site's host, not for its API, assets, client navigations or the admin", () => {
    const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers: { host: HOST, ...headers } });
    expect(previewPageToken(req(`/preview/${TOKEN}/`))).toBe(TOKEN);
    expect(previewPageToken(req(`/preview/${TOKEN}/search?make=Mazda`))).toBe(TOKEN);
    expect(previewPageToken(req(`/preview/${TOKEN}`))).toBe(TOKEN);
    expect(previewPageToken(req(`/preview/${TOKEN}/api/search/1/indexes/*/queries`))).toBeNull();
    expect(previewPageToken(req(`/preview/${TOKEN}/search`, { rsc: "1" }))).toBeNull();
    expect(previewPageToken(req(`/preview/${TOKEN}/search?_rsc=abc`))).toBeNull();
    expect(previewPageToken(req(`/preview/${TOKEN}/`, {}, "POST"))).toBeNull();
    expect(previewPageToken(req("/search"))).toBeNull();
    expect(previewPageToken(req("/preview/short/"))).toBeNull();
    expect(previewPageToken({ method: "GET", url: `/preview/${TOKEN}/`, headers: { host: "localhost:3900" } })).toBeNull();
  });
});

describe("the server in front of Next", () => {
  let server: Server;
  let port: number;
  // Stands in for Next: answers a page in pieces, as a stream does, or JSON.
  const next = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url!.includes("/json")) {
      res.setHeader("content-type", "application/json");
      return res.end('{"href":"/search"}');
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("x-accept-encoding", String(req.headers["accept-encoding"] ?? "none"));
    res.writeHead(200, { "cache-control": "no-store" });
    res.write('<!DOCTYPE html><html><body><a href="/sea');
    res.write(Buffer.from('rch">Search – “new”</a>'));
    res.end('<form action="/search"></form></body></html>');
  };
  const get = (path: string, host = HOST) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const r = request({ port, path, headers: { host, "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      });
      r.on("error", reject);
      r.end();
    });

  beforeAll(async () => {
    server = createServer(withPreviewLinks(next));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a preview page whole with its links under the preview, and the right length", async () => {
    const res = await get(`/preview/${TOKEN}/about-us`);
    const body = `<!DOCTYPE html><html><body><a href="/preview/${TOKEN}/search">Search – “new”</a><form action="/preview/${TOKEN}/search"></form></body></html>`;
    expect(res).toMatchObject({ status: 200, body });
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(res.headers["cache-control"]).toBe("no-store");
    // Asked uncompressed, so the links can be read.
    expect(res.headers["x-accept-encoding"]).toBe("none");
  });

  it("passes the live site's pages and a preview's JSON through untouched", async () => {
    expect((await get("/about-us")).body).toContain('<a href="/search">');
    expect((await get("/about-us")).headers["x-accept-encoding"]).toBe("gzip");
    expect((await get(`/preview/${TOKEN}/json`)).body).toBe('{"href":"/search"}');
  });
});
