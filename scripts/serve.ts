/**
 * The production server `npm start` runs (after building, migrating and seeding): Next's request
 * handler, with the sites' pages' scripts made to run after their largest paint
 * (server/http/late-scripts.ts), behind the vehicle-page cache (server/http/page-cache.ts), which follows vehicle changes
 * (this process's feed writes, and other processes' imports through the database) and publishes;
 * in front of both, brotli copies of Next's scripts and stylesheets (server/http/static-brotli.ts).
 */
import { join } from "node:path";
import next from "next";
import { getDb } from "../server/db";
import { trustedProxyCount } from "../server/http/client-address";
import { createSiteServer } from "../server/http/node-server";
import { PageCache, withPageCache } from "../server/http/page-cache";
import { withPreviewLinks } from "../server/http/preview-links";
import { withStaticBrotli } from "../server/http/static-brotli";
import { withLateScripts } from "../server/http/late-scripts";
import { listenForVehicleChanges, onVehiclesChanged } from "../server/inventory/changes";
import { PUBLISHED_CHANNEL } from "../server/tenants/store";

const port = Number(process.env.PORT || 3000);
const started = Date.now();
const app = next({ dev: false, dir: process.cwd(), port });
await app.prepare();

const cache = new PageCache({ ttlMs: Number(process.env.PAGE_CACHE_TTL_MS || 10 * 60_000) });
onVehiclesChanged((ids) => cache.invalidateCars(ids));
const handle = await getDb();
await listenForVehicleChanges(handle);
await handle.listen(PUBLISHED_CHANNEL, () => cache.clear());
// The database connection that hears changes was lost and is back: what changed meanwhile was not heard.
handle.onReconnect(() => cache.clear());

// A site page's scripts run after its largest paint (server/http/late-scripts.ts); a preview's pages
// keep their token in every link (server/http/preview-links.ts); Next's scripts and stylesheets go
// out brotli-compressed once Next has sent them (server/http/static-brotli.ts).
const serve = withStaticBrotli(withPreviewLinks(withPageCache(cache, withLateScripts(app.getRequestHandler()))), { dir: join(process.cwd(), ".next", "static") });
// Time limits, the security headers of every answer, the 400 for a malformed path and the client's
// address, worked out where the socket is known (server/http/node-server.ts).
const server = createSiteServer(serve, { trustedProxies: trustedProxyCount() });
server.listen(port, () => console.log(`✓ Ready in ${Date.now() - started}ms on port ${port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
