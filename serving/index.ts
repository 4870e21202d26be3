/**
 * The serving layer: the production server `npm start` runs (scripts/start.ts spawns this file after
 * building, migrating and seeding). Everything that rewrites or answers around Next's own output lives
 * in this folder; this file is its one entry point.
 *
 * From the socket inwards:
 *   node-server.ts     time limits, every answer's security headers, the 400 for a malformed path, the client's address
 *   shutdown.ts        SIGTERM: drain, finish the requests in flight, hand back the outbox's leases, close, exit 0
 *   static-brotli.ts   brotli copies of Next's scripts and stylesheets (Next itself only gzips)
 *   preview-links.ts   a preview's pages keep their token in every link
 *   page-cache.ts      the vehicle pages' response cache, which follows vehicle changes and publishes
 *   late-scripts.ts    a site page's scripts run after its largest paint; a site's 404 page answers 404
 *   Next's request handler
 * and, at build time, compile-hints.ts (run by `npm run build` and scripts/build.ts after `next build`).
 * Each module exports a `contract` with what it expects of Next's output; contract.test.ts checks them
 * all against a real `next build` (README, "The serving layer").
 *
 * Why these stay hand-written rather than Next 16's own primitives (tried for issue 31): see the
 * README's "The serving layer" section.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { join } from "node:path";
import next from "next";
import { getDb } from "../server/db";
import { shareSecret } from "../server/http/challenge-secret";
import { trustedProxyCount } from "../server/http/client-address";
import { listenForVehicleChanges, onVehiclesChanged } from "../server/inventory/changes";
import { PUBLISHED_CHANNEL } from "../server/tenants/store";
import { resealLines, resealStoredSecrets } from "../server/tenants/secrets-reseal";
import { checkSecretsKey } from "../server/tenants/secrets-key";
import { startLeadsOutbox } from "../server/leads/outbox";
import { services } from "../server/root/services";
import { runIfMain } from "../scripts/cli";
import { createSiteServer } from "./node-server";
import { PageCache, withPageCache } from "./page-cache";
import { withPreviewLinks } from "./preview-links";
import { withStaticBrotli } from "./static-brotli";
import { withLateScripts } from "./late-scripts";
import { listeningOn, metricsAddress, startMetricsServer } from "./metrics-server";
import { routeConsole } from "../server/log";
import { Shutdown, shutdownOptions } from "./shutdown";

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface ServingLayerOptions {
  /** The build's static folder (`.next/static`), whose scripts and stylesheets are sent brotli-compressed. */
  staticDir: string;
  /** How long a vehicle page may be served from the cache at most (ms). */
  pageCacheTtlMs: number;
  /** How many proxies in front of this server are trusted for the client's address (TRUSTED_PROXIES). */
  trustedProxies: number;
  /** True while the process drains before it stops (serving/shutdown.ts). */
  draining?: () => boolean;
}

/**
 * Next's request handler inside the rewriters, in an HTTP server (not listening yet); the page cache
 * is returned so that whoever hears vehicle changes and publishes can drop its pages.
 */
export function createServingLayer(nextHandler: Handler, opts: ServingLayerOptions): { server: Server; cache: PageCache } {
  const cache = new PageCache({ ttlMs: opts.pageCacheTtlMs });
  const handler = withStaticBrotli(withPreviewLinks(withPageCache(cache, withLateScripts(nextHandler))), { dir: opts.staticDir });
  return { server: createSiteServer(handler, { trustedProxies: opts.trustedProxies, draining: opts.draining }), cache };
}

/**
 * Starts Next in production mode behind the serving layer on `port`, and the metrics server when
 * METRICS_PORT is set (serving/metrics-server.ts); resolves once both listen.
 */
export async function serve(port: number): Promise<Server> {
  const started = Date.now();
  const metricsAt = metricsAddress();
  // A malformed FORECOURT_SECRETS_KEY stops the start here too, with what is wrong (scripts/start.ts says a missing one).
  checkSecretsKey(process.env, () => undefined);
  const handle = await getDb();
  // Instances on one PostgreSQL database sign challenges and reservation links with one secret (before Next's first use of it).
  await shareSecret(handle);
  // Site secrets stored before they were encrypted, or sealed with a previous key, are sealed with the
  // current key now (each once, whichever instance comes first); those no key opens are said.
  const resealed = resealLines(await resealStoredSecrets(handle.db));
  for (const line of resealed.said) console.log(`[secrets] ${line}`);
  for (const line of resealed.problems) console.warn(`[secrets] ${line.trim()}`);
  const app = next({ dev: false, dir: process.cwd(), port });
  await app.prepare();
  const shutdown = new Shutdown(shutdownOptions(process.env, closeProcess));
  const { server, cache } = createServingLayer(app.getRequestHandler(), {
    staticDir: join(process.cwd(), ".next", "static"),
    pageCacheTtlMs: Number(process.env.PAGE_CACHE_TTL_MS || 10 * 60_000),
    trustedProxies: trustedProxyCount(),
    draining: shutdown.draining,
  });
  // The cache follows vehicle changes (this process's feed writes, and other processes' imports
  // through the database) and publishes.
  onVehiclesChanged((ids) => cache.invalidateCars(ids));
  await listenForVehicleChanges(handle);
  await handle.listen(PUBLISHED_CHANNEL, () => cache.clear());
  // The database connection that hears changes was lost and is back: what changed meanwhile was not heard.
  handle.onReconnect(() => cache.clear());
  await new Promise<void>((resolve) => server.listen(port, resolve));
  const metricsServer = metricsAt && (await startMetricsServer(metricsAt));
  console.log(`✓ Ready in ${Date.now() - started}ms on port ${port}${metricsServer ? `; metrics at ${listeningOn(metricsServer)}` : ""}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      metricsServer?.close();
      // Bounded: whatever hangs in closing, the process ends soon after the requests' grace.
      setTimeout(() => process.exit(1), 30_000).unref();
      shutdown.stop(server).then(
        () => process.exit(0),
        (e: unknown) => {
          console.error("[serving] stopping failed:", e);
          process.exit(1);
        },
      );
    });
  }
  return server;
}

/** What the process holds besides the server: the outbox worker (its leases handed back after 2 s), the background work, the database pool. */
async function closeProcess(): Promise<void> {
  await (await startLeadsOutbox()).stop(2_000);
  await services().close();
  await (await getDb()).close();
}

runIfMain(import.meta.url, () => {
  // The production server logs JSON lines only: console (this code's, the app's, Next's) goes through pino (server/log).
  routeConsole();
  return serve(Number(process.env.PORT || 3000)).then(
    // Serving until a signal ends the process.
    () => new Promise<number>(() => {}),
    (e: unknown) => {
      // Not started (Next's build or the database): end the process, whatever handles are open.
      console.error(e);
      process.exit(1);
    },
  );
});
