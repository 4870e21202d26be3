// Shared by the server/leads tests (not a test file itself).
import { readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { validateTenant } from "../../domain/tenant-validation";
import type { DbHandle } from "../db";
import type { LiveDocument } from "../tenants/store";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { handleLeadPost, type LeadDeps } from "./http";
import { MemoryRateLimiter, type RateLimiter } from "../http/rate-limit";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../db";
import { leadDeliveries } from "../db/schema";
import { setEventSecret } from "../tenants/event-secrets";
import { leadEventSender } from "./lead-event-sender";
import { OutboxWorker } from "./outbox";

export const SITE_HOST = "harbourline.localhost:3000";

/** The harbourline demo site as the server serves it, with CRM URLs of the caller's choosing. */
export function demoSite(crmUrl?: string | null): LiveDocument {
  const raw = JSON.parse(readFileSync(join(process.cwd(), "tenants/harbourline.json"), "utf8"));
  const v = validateTenant(raw);
  if (!v.ok) throw new Error(`harbourline.json is invalid: ${JSON.stringify(v.errors)}`);
  // Set after validation: a test's CRM runs on 127.0.0.1, which the validator refuses in a document.
  for (const d of v.document.dealerships) {
    if (crmUrl === null) delete d.crmUrl;
    else if (crmUrl) d.crmUrl = crmUrl;
  }
  return { slug: "harbourline", version: 1, document: v.document };
}

export const NO_LIMITS = { perClient: { limit: 1e9, windowMs: 60_000 }, perNetwork: { limit: 1e9, windowMs: 60_000 }, perSite: { limit: 1e9, windowMs: 60_000 } };

export function deps(h: DbHandle, site: LiveDocument, over: Partial<LeadDeps> = {}): LeadDeps {
  const limiter: RateLimiter = new MemoryRateLimiter();
  return {
    db: async () => h.db,
    tenantForHost: async (host) => (host === SITE_HOST ? site : null),
    limiter: async () => limiter,
    limits: NO_LIMITS,
    ...over,
  };
}

/** A lead from harbourline's Enquire Now dialog on a car page (form vehicle-enquiry), as the browser sends it. */
export function validLead(over: Record<string, unknown> = {}) {
  return {
    url: "https://harbourline.localhost/cars/2021-toyota-corolla",
    source: "Website",
    user_agent: "Mozilla/5.0 (test)",
    car_dealership_id: 101,
    lead_attributes: { visited_pages: ["/", "/search"], linked_query_params: { utm_source: "google" } },
    form: "vehicle-enquiry",
    category: "Vehicle Enquiry",
    subcategory: "Enquiry",
    fields: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000", postcode: "4000", message: "Is it still available?" },
    additional_services: ["Finance"],
    isLastStep: true,
    ...over,
  };
}

/** POSTs a lead from client address `opts.ip` (as serving/index.ts determines it; `headers` adds any others, e.g. a spoofed X-Forwarded-For). */
export function post(
  deps: LeadDeps,
  body: unknown,
  opts: { key?: string | null; host?: string; ip?: string; raw?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { host: opts.host ?? SITE_HOST, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: opts.ip ?? "203.0.113.7", ...opts.headers };
  if (opts.key !== null) headers["idempotency-key"] = opts.key ?? `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const text = opts.raw ? String(body) : JSON.stringify(body);
  return handleLeadPost(new Request("http://harbourline.localhost:3000/api/leads", { method: "POST", headers, body: text }), deps);
}

/** A CRM endpoint that answers 503 to the first `down` POSTs, then 200; it records what it accepted. */
export function fakeCrm() {
  const state = { down: 0, requests: 0, accepted: [] as string[] };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      state.requests++;
      if (state.down > 0) {
        state.down--;
        res.writeHead(503).end("down");
      } else {
        state.accepted.push(body);
        res.writeHead(200).end("ok");
      }
    });
  });
  return {
    state,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/adf`,
    listen: () => new Promise<void>((r) => server.listen(0, "127.0.0.1", r)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * GA4's Measurement Protocol and Meta's Conversions API as the tests' local receiver: each request's
 * shape is checked as the real service would (a wrong shape or credential is a 400 with the reason),
 * the first `down` requests answer 503, and what was accepted is kept.
 */
export function eventReceiver(credentials: { apiSecret: string; token: string }) {
  const state = { down: 0, ga4: [] as { query: URLSearchParams; body: Record<string, any> }[], meta: [] as { pixel: string; body: Record<string, any> }[], refused: [] as string[] };
  const refuse = (res: ServerResponse, why: string) => {
    state.refused.push(why);
    res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: why, type: "OAuthException", code: 100 } }));
  };
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      if (state.down > 0) {
        state.down--;
        return void res.writeHead(503).end("unavailable");
      }
      const url = new URL(req.url ?? "/", "http://receiver");
      let body: Record<string, any>;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(res, "body is not JSON");
      }
      if (req.method !== "POST" || req.headers["content-type"] !== "application/json") return refuse(res, "POST application/json expected");
      if (url.pathname === "/mp/collect") {
        if (!/^G-[A-Z0-9]+$/.test(url.searchParams.get("measurement_id") ?? "")) return refuse(res, "measurement_id missing");
        if (url.searchParams.get("api_secret") !== credentials.apiSecret) return refuse(res, "api_secret wrong");
        if (typeof body.client_id !== "string" || !body.client_id) return refuse(res, "client_id missing");
        if (!Array.isArray(body.events) || !body.events.length || body.events.length > 25) return refuse(res, "events must hold 1 to 25 events");
        for (const e of body.events) {
          if (typeof e.name !== "string" || !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(e.name)) return refuse(res, "event name invalid");
          if (!e.params || typeof e.params !== "object") return refuse(res, "params missing");
          for (const [k, v] of Object.entries(e.params)) if (k.length > 40 || (typeof v === "string" && v.length > 100 && k !== "page_location")) return refuse(res, `param ${k} too long`);
        }
        state.ga4.push({ query: url.searchParams, body });
        return void res.writeHead(204).end();
      }
      const m = /^\/v21\.0\/(\d+)\/events$/.exec(url.pathname);
      if (m) {
        if (body.access_token !== credentials.token) return refuse(res, "Invalid OAuth access token");
        if (!Array.isArray(body.data) || !body.data.length) return refuse(res, "data missing");
        for (const e of body.data) {
          if (e.event_name !== "Lead" || !Number.isInteger(e.event_time) || typeof e.event_id !== "string" || e.action_source !== "website") return refuse(res, "event fields invalid");
          if (typeof e.event_source_url !== "string" || !e.user_data) return refuse(res, "website events need event_source_url and user_data");
          for (const k of ["em", "ph", "fn", "ln", "zp", "country"]) {
            const v = e.user_data[k];
            if (v !== undefined && !(Array.isArray(v) && v.every((x: unknown) => typeof x === "string" && /^[0-9a-f]{64}$/.test(x)))) return refuse(res, `user_data.${k} is not hashed`);
          }
          if (!e.user_data.client_user_agent) return refuse(res, "client_user_agent missing");
        }
        state.meta.push({ pixel: m[1], body });
        return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ events_received: body.data.length }));
      }
      res.writeHead(404).end();
    });
  });
  return {
    state,
    base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    listen: () => new Promise<void>((r) => server.listen(0, "127.0.0.1", r)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * The arrange step of the tests that send a lead's events (server/leads and server/reservations
 * lead-events tests): the receiver above, listening for the enclosing describe block; the site's two
 * secrets set to the ones it takes; an outbox worker that sends the events to it.
 */
export function useEventReceiver(credentials: { apiSecret: string; token: string }) {
  const rx = eventReceiver(credentials);
  beforeAll(() => rx.listen());
  afterAll(() => rx.close());
  /** A lead's event rows, ga4 then meta. */
  const rows = async (db: Db, leadId: string) =>
    (await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId))).filter((r) => r.channel === "ga4" || r.channel === "meta").sort((a, b) => a.channel.localeCompare(b.channel));
  /** An outbox worker whose events go to the receiver (e-mails kept, ADF taken), retrying after 10 ms × 2^n. */
  const worker = (db: Db, log: (m: string) => void = () => undefined) =>
    new OutboxWorker(db, {
      senders: { email: null, adf: async () => undefined, leadEvent: leadEventSender(db, { GA4_MP_ENDPOINT: `${rx.base()}/mp/collect`, META_CAPI_ENDPOINT: `${rx.base()}/v21.0/{pixel}/events` }) },
      baseDelayMs: 10,
      log,
    });
  return {
    ...rx,
    rows,
    worker,
    /** Sets the site's GA4 API secret and Meta access token to the ones the receiver takes. */
    async setSecrets(db: Db, tenant: string) {
      await setEventSecret(db, tenant, "ga4ApiSecret", credentials.apiSecret, "staff@forecourt.test");
      await setEventSecret(db, tenant, "metaAccessToken", credentials.token, "staff@forecourt.test");
    },
    /** Runs the outbox until none of the lead's event rows is pending; other leads' pending rows are set aside first, so only this lead's are sent. */
    async drain(db: Db, leadId: string, log?: (m: string) => void) {
      await db.update(leadDeliveries).set({ status: "replaced" }).where(and(eq(leadDeliveries.status, "pending"), ne(leadDeliveries.leadId, leadId)));
      const w = worker(db, log);
      for (let i = 0; i < 40 && (await rows(db, leadId)).some((r) => r.status === "pending"); i++) {
        await w.runOnce();
        await new Promise((r) => setTimeout(r, 15));
      }
    },
  };
}
