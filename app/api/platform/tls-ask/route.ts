import { tlsAsk } from "../../../../server/domains/http";

export const dynamic = "force-dynamic";

/** Caddy's on-demand TLS ask (server/domains/http.ts). */
export const GET = tlsAsk;
