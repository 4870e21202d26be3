/**
 * A site page's scripts run after its largest paint (issue 18). Next's app router puts its
 * scripts in the page as `<script async>` (and preloads of the lazy blocks' chunks): served nearby
 * they arrive with the stylesheets and run before the browser first paints, so the page's largest
 * paint waits on downloading, compiling and hydrating all of React and Next (Lighthouse's simulated
 * phone counts 130–200 KB of script in its LCP: every script requested before the largest paint
 * whose evaluation it cannot see, and it cannot see one shorter than 10 ms). Here each of those tags
 * becomes an inert `<link rel="x-fc-late">` naming the file, and a small inline script adds them
 * back — the scripts as `<script async>`, the preloads as preloads — once the page has loaded (its
 * pictures in view included) and two frames have been drawn since, so the largest paint is on
 * screen first and has the connection to itself. A visitor who taps or types before that gets them
 * at once (a tap before hydration does nothing in either case), and they come after 3 s whatever
 * happens. A page in a background tab, which never paints, gets them at load.
 *
 * serving/index.ts puts this next to Next for the sites' pages (not the admin, the API, assets or
 * client navigations, which ask for the RSC payload): the page is answered whole, as Next has
 * already rendered it whole by its first byte, and compressed here (br, else gzip), since Next
 * only compresses what it sends itself.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { NOT_FOUND_MARK, parseHost } from "../domain/hosts";
import { holdResponse } from "./hold-response";
import { acceptsEncoding } from "./static-brotli";
import type { ServingContract } from "./contract";

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Next's script tags for its own chunks, exactly as it writes them. */
const BOOTSTRAP_SCRIPT = /<script src="(\/_next\/static\/chunks\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*\.js)" async=""><\/script>/g;
/** A preload tag (React and Next write their attributes in either order). */
const PRELOAD = /<link rel="preload"((?: [A-Za-z-]+="[^"<>]*")*)\/>/g;
const CHUNK = /^\/_next\/static\/chunks\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*\.js$/;

/** Marks the tags the loader turns back into scripts ("script") or preloads ("preload"). */
export const LATE_SCRIPT_REL = "x-fc-late";

/** At the latest, the scripts are added this long after the page starts (ms). */
export const LATE_SCRIPTS_MAX_WAIT_MS = 3000;

/**
 * The inline loader (ES5, no outside names). `paint` entries are dispatched once the frame is on
 * screen; two frames after load, the frame with the page's loaded pictures is drawn too. (It
 * used to make a number format between the two, to set up ICU's data outside hydration; the pages
 * now format numbers without ICU, domain/intl.ts, and that set-up was 17–29 ms spent for nothing.)
 */
export const LATE_SCRIPTS_LOADER = `(function(){var w=window,d=document,go=0,loaded=0,painted=0;
function start(){if(go)return;go=1;var l=d.querySelectorAll('link[rel="${LATE_SCRIPT_REL}"]');for(var i=0;i<l.length;i++){var s,h=l[i].getAttribute("href");
if(l[i].getAttribute("as")==="script"){s=d.createElement("script");s.src=h;s.async=true}else{s=d.createElement("link");s.rel="preload";s.as="script";s.href=h;s.setAttribute("fetchpriority","low")}d.head.appendChild(s)}}
function frame(f){requestAnimationFrame(function(){setTimeout(f,0)})}
function ready(){if(!loaded||!painted)return;if(d.visibilityState!=="visible")start();else frame(function(){frame(start)})}
w.addEventListener("load",function(){loaded=1;ready()});
var P=w.PerformanceObserver;if(d.visibilityState!=="visible"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)painted=1;
else new P(function(x,o){painted=1;o.disconnect();ready()}).observe({type:"paint",buffered:true});
["pointerdown","keydown","touchstart"].forEach(function(t){w.addEventListener(t,start,{capture:true,passive:true,once:true})});
setTimeout(start,${LATE_SCRIPTS_MAX_WAIT_MS})})()`;

const late = (src: string, as: "script" | "preload") => `<link rel="${LATE_SCRIPT_REL}" as="${as}" href="${src}"/>`;

/**
 * The page with Next's chunk scripts and script preloads made inert (in their places, in order)
 * and the loader put before the first of them; a page without them (not Next's HTML) is returned
 * as it is.
 */
export function lateScriptsHtml(html: string): string {
  let found = false;
  const out = html
    .replace(BOOTSTRAP_SCRIPT, (_, src: string) => {
      found = true;
      return late(src, "script");
    })
    .replace(PRELOAD, (tag: string, attrs: string) => {
      const attr = (name: string) => new RegExp(` ${name}="([^"]*)"`, "i").exec(attrs)?.[1];
      const href = attr("href");
      return attr("as") === "script" && href && CHUNK.test(href) ? late(href, "preload") : tag;
    });
  if (!found) return html;
  const first = out.indexOf(`<link rel="${LATE_SCRIPT_REL}"`);
  return `${out.slice(0, first)}<script>${LATE_SCRIPTS_LOADER}</script>${out.slice(first)}`;
}

/** Whether a request is for a site's page as a document (GET, a site's host, not an RSC request). */
export function sitePageRequest(req: Pick<IncomingMessage, "method" | "url" | "headers">): boolean {
  if (req.method !== "GET" || !req.url) return false;
  if (req.headers.rsc || req.headers["next-router-prefetch"] || req.headers["next-router-state-tree"] || /[?&]_rsc=/.test(req.url)) return false;
  if (/^\/(api|_next|media)\//.test(req.url)) return false;
  const target = parseHost(req.headers.host);
  return !!target && target.kind !== "admin";
}

/**
 * Whether a request names a site's page by another method than GET (HEAD, a form's native POST
 * before its scripts ran, a fuzzer's PUT): its page is not rewritten, but its status follows the
 * page's 404 mark too, so a missing address is a 404 whatever the method.
 */
export function sitePageOtherMethod(req: Pick<IncomingMessage, "method" | "url" | "headers">): boolean {
  return !!req.method && req.method !== "GET" && sitePageRequest({ method: "GET", url: req.url, headers: req.headers });
}

/** Whether a page is a site's 404 (its <head> carries the mark). */
export function notFoundPage(html: string): boolean {
  const head = html.indexOf("</head>");
  return head > 0 && html.lastIndexOf(NOT_FOUND_MARK, head) >= 0;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Wraps Next's handler: a site page's HTML gets its scripts run late (above); everything else passes. */
export function withLateScripts(next: Handler): Handler {
  return (req, res) => {
    if (sitePageOtherMethod(req)) {
      // A HEAD is answered as its GET without the body (Node drops it for a HEAD's response): Next
      // draws no body for a HEAD, and the 404 mark is in the body.
      if (req.method === "HEAD") req.method = "GET";
      // Uncompressed, so the mark can be read (these answers are rare and mostly bodiless).
      delete req.headers["accept-encoding"];
      holdResponse(res, (body) => {
        const html = /^text\/html/i.test(String(res.getHeader("content-type") ?? "")) && !res.getHeader("content-encoding");
        if (html && res.statusCode === 200 && notFoundPage(body.toString("utf8"))) res.statusCode = 404;
        res.end(body);
      });
      return next(req, res);
    }
    if (!sitePageRequest(req)) return next(req, res);
    const acceptEncoding = req.headers["accept-encoding"];
    // Next answers uncompressed so the page can be read; it is compressed below.
    delete req.headers["accept-encoding"];
    holdResponse(res, (body) => {
      req.headers["accept-encoding"] = acceptEncoding;
      const html = /^text\/html/i.test(String(res.getHeader("content-type") ?? "")) && !res.getHeader("content-encoding");
      const text = html ? body.toString("utf8") : "";
      // A site's 404 drawn by its page (renderer/not-found-page.tsx NotFoundResponse) is answered as one.
      if (html && res.statusCode === 200 && notFoundPage(text)) res.statusCode = 404;
      const page = html ? Buffer.from(lateScriptsHtml(text), "utf8") : body;
      const coding = res.getHeader("content-encoding") ? null : acceptsEncoding(acceptEncoding, "br") ? "br" : acceptsEncoding(acceptEncoding, "gzip") ? "gzip" : null;
      const vary = String(res.getHeader("vary") ?? "");
      if (!/\baccept-encoding\b/i.test(vary)) res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
      const send = (out: Buffer) => {
        res.removeHeader("transfer-encoding");
        if (coding && out !== page) res.setHeader("content-encoding", coding);
        res.setHeader("content-length", out.length);
        res.end(out);
      };
      if (!coding || page.length < 1024) return send(page);
      (coding === "br" ? brotli(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: page.length } }) : gzipped(page)).then(send, () => send(page));
    });
    return next(req, res);
  };
}

/**
 * A script tag or script preload for one of Next's chunks that lateScriptsHtml left as it was, else
 * null. Next's `<script … noModule="">` (its polyfills for browsers without modules) is left alone:
 * a browser that runs modules neither downloads nor runs it.
 */
function earlyScriptTag(html: string): string | null {
  const rewritten = lateScriptsHtml(html);
  return (
    [...rewritten.matchAll(/<script\b[^>]* src="\/_next\/static\/[^"]*"[^>]*>/g)].map((m) => m[0]).find((tag) => !/ nomodule(="")?[ >]/i.test(tag)) ??
    /<link\b(?=[^>]* rel="preload")(?=[^>]* as="script")[^>]* href="\/_next\/static\/chunks\/[^"]*"[^>]*>/.exec(rewritten)?.[0] ??
    null
  );
}

/** What this layer expects of Next's pages (serving/contract.ts). */
export const contract: ServingContract = {
  layer: "late scripts",
  check({ home, vehicle, missing }) {
    const problems: string[] = [];
    for (const page of [home, vehicle]) {
      const type = page.headers["content-type"] ?? "";
      if (!/^text\/html/i.test(type)) problems.push(`Next answered ${page.path} as "${type}", not text/html, so its scripts are not made late`);
      if (page.headers["content-encoding"]) problems.push(`Next compressed ${page.path} (${page.headers["content-encoding"]}) though the request took no encoding, so the page cannot be read`);
      if (!new RegExp(BOOTSTRAP_SCRIPT.source).test(page.html)) problems.push(`Next's HTML of ${page.path} no longer has its chunk scripts as <script src="/_next/static/chunks/….js" async=""></script>`);
      const early = earlyScriptTag(page.html);
      if (early) problems.push(`Next's HTML of ${page.path} has a script of another shape, which would still run before the largest paint: ${early}`);
    }
    if (!notFoundPage(missing.html)) problems.push(`the page of a missing address (${missing.path}) no longer has the 404 mark in its <head>, so it would be answered 200`);
    return problems;
  },
};
