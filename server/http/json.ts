/**
 * The JSON answer of every API route: UTF-8 JSON, not stored by any cache unless the caller passes
 * its own cache-control (the delivery quote and price comparison are cacheable).
 */
const NO_STORE = { "cache-control": "no-store" };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE, ...headers } });
