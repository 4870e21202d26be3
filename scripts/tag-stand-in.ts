/**
 * A local stand-in for Google's gtag.js and Meta's fbevents.js, for `bench:lighthouse --consent`: their
 * hosts are out of reach on this machine, so with analytics on the page would otherwise measure a tag
 * that fails at once. The site's server fetches the tags' scripts (server/analytics/tag-scripts-http.ts) from
 * here when started with TAG_SCRIPT_ORIGIN=http://127.0.0.1:{scriptPort} (plain HTTP), and the tags'
 * events come back over HTTPS (a certificate openssl makes for the run; Chromium is started with
 * --ignore-certificate-errors and its host rules send the tags' hosts here). It answers:
 * - `/gtag/js?id=…&l=…` and `/en_US/fbevents.js` with a script that first keeps its thread busy for
 *   `costMs` (unthrottled; Lighthouse multiplies it by its CPU slowdown), is padded to `kb` kilobytes
 *   like the real tags' size, reads the page `domReads` times (title, cookie, address, referrer, window
 *   size: in Partytown's worker each read is a synchronous round trip the main thread answers, as the
 *   real tags' reads are), then does what the tag does with the page's queue: gtag reads the data
 *   layer's `event` commands (and later pushes), fbq the `track` calls in fbq.queue (and later
 *   calls), and each event becomes one request back here (`/g/collect?en=…`, `/tr?ev=…`);
 * - those requests, counted in `hits` so the bench can show that the tags really ran.
 * It stands in for the tags' size and CPU time, not for what the real scripts compute.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The hosts the stand-in answers for (the tags' scripts and where they send their events). */
export const TAG_HOSTS = ["www.googletagmanager.com", "region1.google-analytics.com", "www.google-analytics.com", "connect.facebook.net", "www.facebook.com"];

const busy = (costMs: number) => `var t0=performance.now();while(performance.now()-t0<${costMs});`;
const pad = (kb: number) => (kb > 0 ? `function __pad(){return ${JSON.stringify("x".repeat(kb * 1024))}}` : "");
const reads = (n: number) => (n > 0 ? `for(var r=0,k="";r<${Math.ceil(n / 5)};r++)k=document.title+document.cookie+location.href+document.referrer+innerWidth;` : "");

/** The site's server fetches the scripts from here: TAG_SCRIPT_ORIGIN=http://127.0.0.1:{this}. */
export const STAND_IN_SCRIPT_PORT = 4479;

function gtagScript(costMs: number, kb: number, domReads: number, id: string, layer: string): string {
  return `(function(){${busy(costMs)}${pad(kb)}${reads(domReads)}
var dl=window[${JSON.stringify(layer)}]=window[${JSON.stringify(layer)}]||[];var id=${JSON.stringify(id)};
function send(a){if(a&&a[0]==="event"){var p=new URLSearchParams({v:"2",tid:id,en:String(a[1])});var o=a[2]||{};for(var k in o)p.set("ep."+k,String(o[k]));navigator.sendBeacon("https://region1.google-analytics.com/g/collect?"+p)}}
for(var i=0;i<dl.length;i++)send(dl[i]);var push=dl.push.bind(dl);dl.push=function(a){send(a);return push(a)};})();`;
}

function fbeventsScript(costMs: number, kb: number, domReads: number): string {
  return `(function(){${busy(costMs)}${pad(kb)}${reads(domReads)}
var f=window.fbq,pixel="";function call(){var a=arguments;if(a[0]==="init")pixel=String(a[1]);if(a[0]!=="track")return;
var p=new URLSearchParams({id:pixel,ev:String(a[1])});var o=a[2]||{};for(var k in o)p.set("cd["+k+"]",String(o[k]));if(a[3]&&a[3].eventID)p.set("eid",a[3].eventID);
new Image().src="https://www.facebook.com/tr?"+p}
f.callMethod=call;var q=f.queue||[];f.queue=[];for(var i=0;i<q.length;i++)call.apply(null,q[i]);})();`;
}

export interface TagStandIn {
  port: number;
  /** Chromium's host rules sending the tags' hosts to this server (put them before any catch-all rule). */
  hostRules: string;
  /** The events the tags sent, as "ga4 <name>" and "meta <name>", since the last `take`. */
  take(): string[];
  stop(): void;
}

export async function startTagStandIn(options: { costMs: number; kb: number; domReads?: number; scriptPort?: number }): Promise<TagStandIn> {
  const dir = mkdtempSync(join(tmpdir(), "tag-stand-in-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=tag-stand-in", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
  const tls = { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  rmSync(dir, { recursive: true, force: true });
  const fbevents = fbeventsScript(options.costMs, options.kb, options.domReads ?? 0);
  let hits: string[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "https://stand-in");
    const script =
      url.pathname === "/gtag/js" ? gtagScript(options.costMs, options.kb, options.domReads ?? 0, url.searchParams.get("id") ?? "", url.searchParams.get("l") || "dataLayer") : url.pathname === "/en_US/fbevents.js" ? fbevents : null;
    if (script) {
      res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" }).end(script);
      return;
    }
    if (url.pathname === "/g/collect") hits.push(`ga4 ${url.searchParams.get("en")}`);
    else if (url.pathname === "/tr") hits.push(`meta ${url.searchParams.get("ev")}`);
    req.resume();
    res.writeHead(204).end();
  };
  const server = createServer(tls, answer);
  const scripts = createHttpServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve, reject) => scripts.once("error", reject).listen(options.scriptPort ?? STAND_IN_SCRIPT_PORT, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hostRules: TAG_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(", "),
    take: () => [hits, (hits = [])][0],
    stop: () => {
      server.close();
      scripts.close();
    },
  };
}
