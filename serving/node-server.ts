/**
 * The HTTP server in front of Next (serving/index.ts), with what it decides before Next sees a request:
 * - time limits: a request (headers and body) must arrive within REQUEST_TIMEOUT_MS, its headers within
 *   HEADERS_TIMEOUT_MS, and an idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS; a
 *   client too slow is answered 408 with REQUEST_TIMEOUT_MESSAGE and the connection is closed (a
 *   trickled body held a connection and its handler for minutes);
 * - the security headers every answer carries (server/http/security-headers.ts): set here first, so
 *   answers nothing else dresses (this file's 400 and 408, Next's trailing-slash 308) carry them too;
 *   proxy.ts and next.config.ts replace them with a page's own;
 * - the request's id (X-Request-Id, from the proxy or made here), its access log line and duration
 *   (request-log.ts); the handler runs in the request's context, so every line it logs carries the id;
 * - a malformed request path answers 400 (server/http/request-target.ts);
 * - the client's address, from the socket and TRUSTED_PROXIES (server/http/client-address.ts); with no
 *   proxy trusted, a visitor's X-Forwarded-Proto is dropped (it made Next's request URL https);
 * - while the process drains before it stops (serving/shutdown.ts): every answer closes its connection,
 *   and /api/health answers 503 DRAINING_MESSAGE, so the load balancer sends nothing new here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "../server/http/client-address";
import { MALFORMED_PATH, malformedPath, withoutNulInQuery } from "../server/http/request-target";
import { baselineSecurityHeaders } from "../server/http/security-headers";
import { log, requestContext } from "../server/log";
import { services } from "../server/root/services";
import { observeRequest } from "./request-log";

export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 20_000;
/**
 * An idle kept-alive connection closes after this. Longer than any client or proxy keeps an idle
 * connection to reuse, so none writes a request on a connection this server is closing (its answer
 * would be ECONNRESET): Node's http.Agent with keepAlive and no timeout of its own (Playwright's
 * request context, tests' and scripts' clients) ignores the `Keep-Alive: timeout=` hint and reuses
 * a socket after any idle time, and a load balancer's idle timeout is often 60 s (Caddy here drops
 * its idle upstream connections after 3 s: deploy/Caddyfile). At Node's 5 s, an e2e request sent
 * about 5 s after the one before met the close. The idle time is not counted towards the two limits
 * above (Node >= 18 times a request from its first byte), and a stopping instance closes its idle
 * connections at once (shutdown.ts), so neither needs to be longer than this.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node checks the two limits above (its default, 30 s, let a request run up to twice its limit). */
export const TIMEOUT_CHECK_MS = 1_000;
export const REQUEST_TIMEOUT_MESSAGE = "The request took too long to arrive, so it was not read. Try again.";
export const BAD_REQUEST_MESSAGE = "The request could not be read.";
export const HEADERS_TOO_LARGE_MESSAGE = "The request's headers are too large.";
export const DRAINING_MESSAGE = "This instance is stopping.";

export interface ServerLimits {
  requestMs: number;
  headersMs: number;
  keepAliveMs: number;
  checkEveryMs: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

const textAnswer = (status: number, reason: string, message: string, headers: Record<string, string>) => {
  const body = Buffer.from(message);
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    "connection: close",
    "content-type: text/plain; charset=utf-8",
    "cache-control: no-store",
    `content-length: ${body.byteLength}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body]);
};

/** The server: `handler` (Next behind the caches) gets only requests with a sound path, with the client's address set. */
export function createSiteServer(handler: Handler, opts: { trustedProxies: number; limits?: Partial<ServerLimits>; draining?: () => boolean }): Server {
  const limits: ServerLimits = {
    requestMs: REQUEST_TIMEOUT_MS,
    headersMs: HEADERS_TIMEOUT_MS,
    keepAliveMs: KEEP_ALIVE_TIMEOUT_MS,
    checkEveryMs: TIMEOUT_CHECK_MS,
    ...opts.limits,
  };
  const server = createServer(
    { requestTimeout: limits.requestMs, headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    (req, res) => {
      // Its id, access line and duration (request-log.ts); every line logged while it is handled carries the id.
      const requestId = observeRequest(req, res, opts.trustedProxies > 0);
      return services().get(requestContext).run({ requestId }, () => {
        for (const [name, value] of Object.entries(baselineSecurityHeaders(req.headers, req.url ?? "/", opts.trustedProxies))) res.setHeader(name, value);
        if (opts.draining?.()) {
          res.setHeader("connection", "close");
          if (req.url?.split("?")[0] === "/api/health") {
            res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
            return res.end(DRAINING_MESSAGE);
          }
        }
        if (malformedPath(req.url)) {
          res.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
          return res.end(MALFORMED_PATH);
        }
        if (req.url) req.url = withoutNulInQuery(req.url);
        // With no proxy trusted, X-Forwarded-Proto is the visitor's say-so: Next would build an https
        // request URL from it (a Secure cookie and HSTS on plain http). Only a trusted proxy's counts.
        if (opts.trustedProxies === 0) delete req.headers["x-forwarded-proto"];
        req.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], opts.trustedProxies);
        return handler(req, res);
      });
    },
  );
  server.keepAliveTimeout = limits.keepAliveMs;
  // Node's own answers to a request too slow, too large or unreadable, with the security headers and a message.
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (err.code === "ECONNRESET" || !socket.writable || current?.headersSent) return void socket.destroy();
    const [status, reason, message] =
      err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", REQUEST_TIMEOUT_MESSAGE]
        : err.code === "HPE_HEADER_OVERFLOW"
          ? [431, "Request Header Fields Too Large", HEADERS_TOO_LARGE_MESSAGE]
          : [400, "Bad Request", BAD_REQUEST_MESSAGE];
    const answer = textAnswer(status, reason, message, baselineSecurityHeaders({}, "/", 0));
    // The access line: a request being handled logs its own (with this status) when its connection closes.
    if (current) current.statusCode = status;
    else log().info({ status, code: err.code, kind: "other" }, "request not read");
    // Nothing more is read from this client: the answer is flushed, then the connection is gone.
    socket.end(answer, () => socket.destroy());
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
  return server;
}
