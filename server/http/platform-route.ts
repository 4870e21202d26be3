/**
 * The platform family of endpoints: the ones no dealer site owns (health, Stripe's webhook, generated
 * media, robots.txt and sitemaps by host, a preview's search; the dealer feed API has its own context,
 * the key's dealership: server/inventory/feed-http.ts).
 * Their context is only the process's database, opened when a handler asks for it; the rest is the
 * one wrapper (./endpoint.ts).
 */
import { getDb, type Db } from "../db";
import type { ErrorBody } from "../errors";
import { endpoint, type Endpoint, type Handler } from "./endpoint";

export interface PlatformContext {
  /** The process's database (opened on first use). */
  db: () => Promise<Db>;
}

const processDb = async () => (await getDb()).db;

export function platformRoute(
  handler: Handler<PlatformContext>,
  opts: { errorBody?: (fields: ErrorBody, status: number) => unknown; unexpected?: string; log?: string; db?: () => Promise<Db> } = {},
): Endpoint {
  const db = opts.db ?? processDb;
  return endpoint({ context: () => ({ db }), errorBody: opts.errorBody, unexpected: opts.unexpected, log: opts.log ?? "[platform] request failed:" }, handler);
}
