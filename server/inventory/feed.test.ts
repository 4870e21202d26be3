import { afterAll, describe, expect, it } from "vitest";
import { DELETE, PUT } from "../../app/api/feed/vehicles/[id]/route";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant, publish } from "../tenants/store";
import { MAX_FEED_BODY_BYTES } from "./feed-http";
import { createApiKey, revokeApiKey } from "./keys";
import { Services, useServices } from "../root/services";
import { database } from "../db";
import { getVehicle, onVehiclesChanged, upsertVehicle } from "./store";

// The route handlers take the process's database from getDb(); point it at the test database.

const request = (method: string, id: string, opts: { key?: string; auth?: string; body?: BodyInit | null; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
  if (opts.auth !== undefined) headers.authorization = opts.auth;
  else if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const init: RequestInit & { duplex?: string } = { method, headers, body: opts.body ?? null };
  if (opts.body instanceof ReadableStream) init.duplex = "half";
  return new Request(`http://localhost/api/feed/vehicles/${encodeURIComponent(id)}`, init);
};
const put = (id: string, body: unknown, opts: Parameters<typeof request>[2] = {}) =>
  PUT(request("PUT", id, { body: typeof body === "string" ? body : JSON.stringify(body), ...opts }), { params: Promise.resolve({ id }) });
const del = (id: string, opts: Parameters<typeof request>[2] = {}) => DELETE(request("DELETE", id, opts), { params: Promise.resolve({ id }) });

describe.each(backends)("feed endpoint on %s", (_name, make) => {
  let h: DbHandle;
  let key1: string;
  let key2: string;
  let keyUnknown: string;
  let saved: Services | undefined;
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, inventoryTenant("alpha"), "test");
    await publish(h, "alpha", { actor: "test" });
    key1 = (await createApiKey(h.db, 1, "DMS")).key;
    key2 = (await createApiKey(h.db, 2)).key;
    keyUnknown = (await createApiKey(h.db, 5)).key;
    saved = useServices(new Services().with(database, h));
  });
  afterAll(async () => {
    if (saved) useServices(saved);
  }); // before the database closes

  it("wants a valid key", async (ctx) => {
    need(ctx);
    const none = await put("f1", feedVehicle("f1"));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(await none.json()).toEqual({ error: "A feed key is required: send Authorization: Bearer <feed key>." });
    expect((await put("f1", feedVehicle("f1"), { auth: `Basic ${key1}` })).status).toBe(401);
    expect((await put("f1", feedVehicle("f1"), { key: "fck_nottherightkey" })).status).toBe(401);
    const revoked = await createApiKey(h.db, 1);
    await revokeApiKey(h.db, revoked.id);
    const r = await put("f1", feedVehicle("f1"), { key: revoked.key });
    expect(r.status).toBe(401);
    expect((await r.json()).error).toBe("The feed key is not valid (unknown or revoked).");
    expect(await getVehicle(h.db, "f1")).toBeNull();
  });

  it("creates (201) then replaces (200) a vehicle of the key's dealership, and announces it", async (ctx) => {
    need(ctx);
    const seen: string[][] = [];
    const off = onVehiclesChanged((ids) => seen.push(ids));
    try {
      const { dealership_id: _, ...withoutDealership } = feedVehicle("f1");
      const created = await put("f1", withoutDealership, { key: key1 });
      expect(created.status).toBe(201);
      const body = await created.json();
      expect(body.vehicle).toMatchObject({ id: "f1", dealership_id: 1, slug: expect.stringMatching(/^2021-toyota-corolla/) });
      const replaced = await put("f1", feedVehicle("f1", { price: 19990 }), { key: key1 });
      expect(replaced.status).toBe(200);
      expect((await getVehicle(h.db, "f1"))!.price).toBe(19990);
      // The id may be left out of the body: the URL names it.
      const { id: __, ...withoutId } = feedVehicle("f1", { price: 18990 });
      expect((await put("f1", withoutId, { key: key1 })).status).toBe(200);
      expect(seen).toEqual([["f1"], ["f1"], ["f1"]]);
    } finally {
      off();
    }
  });

  it("refuses another dealership's vehicles (403)", async (ctx) => {
    need(ctx);
    const other = await put("f2", feedVehicle("f2", { dealership_id: 2, location_id: 20 }), { key: key1 });
    expect(other.status).toBe(403);
    expect((await other.json()).error).toBe("This key belongs to dealership 1; it cannot write vehicles of dealership 2.");
    await upsertVehicle(h.db, feedVehicle("f3", { dealership_id: 2, location_id: 20 }));
    const takeover = await put("f3", { ...feedVehicle("f3"), dealership_id: undefined }, { key: key1 });
    expect(takeover.status).toBe(403);
    expect((await getVehicle(h.db, "f3"))!.dealership_id).toBe(2);
    expect((await del("f3", { key: key1 })).status).toBe(403);
    expect(await getVehicle(h.db, "f3")).not.toBeNull();
  });

  it("answers invalid vehicles with 422 and every reason", async (ctx) => {
    need(ctx);
    const r = await put("f4", { ...feedVehicle("f4"), price: "cheap", car_type: "old", colr: "red" }, { key: key1 });
    expect(r.status).toBe(422);
    expect(await r.json()).toEqual({
      error: "The vehicle was not saved:",
      errors: [
        { pointer: "/colr", message: "is not a vehicle field" },
        { pointer: "/car_type", message: 'must be one of "new", "demo", "used"' },
        { pointer: "/price", message: "must be number" },
      ],
    });
    const mismatch = await put("f4", feedVehicle("f5"), { key: key1 });
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).errors).toEqual([{ pointer: "/id", message: 'is "f5" but the URL names "f4"' }]);
    expect((await put("bad id!", feedVehicle("bad id!"), { key: key1 })).status).toBe(422);
    const unknown = await put("f6", feedVehicle("f6", { dealership_id: 5, location_id: undefined }), { key: keyUnknown });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual([{ pointer: "/dealership_id", message: "dealership 5 is not listed by any site" }]);
  });

  it("answers unreadable and oversized bodies with 400 and 413", async (ctx) => {
    need(ctx);
    const broken = await put("f7", "{ not json", { key: key1 });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toMatch(/^The body is not valid JSON/);
    expect((await put("f7", "", { key: key1 })).status).toBe(400);
    const huge = JSON.stringify({ ...feedVehicle("f7"), dealercomments: "x".repeat(MAX_FEED_BODY_BYTES) });
    expect((await put("f7", huge, { key: key1 })).status).toBe(413);
    // Streamed without a length: cut off once past the limit.
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 20) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await PUT(request("PUT", "f7", { key: key1, body: stream }), { params: Promise.resolve({ id: "f7" }) });
    expect(streamed.status).toBe(413);
    expect(await getVehicle(h.db, "f7")).toBeNull();
  });

  it("never answers odd input with a server error", async (ctx) => {
    need(ctx);
    for (const body of ["null", '"text"', "123", "[]", '{"id": 5}', '{"images": "x"}', '{"finance": {"": {}}}', '{"hotspots": {"exterior": [{}]}}', '{"year": 1e400}']) {
      const r = await put("odd", body, { key: key1 });
      expect(r.status, body).toBeGreaterThanOrEqual(400);
      expect(r.status, body).toBeLessThan(500);
      expect(typeof (await r.json()).error).toBe("string");
    }
  });

  it("deletes the key's own vehicles, 404 for ones that do not exist", async (ctx) => {
    need(ctx);
    expect((await del("f1")).status).toBe(401);
    const gone = await del("f1", { key: key1 });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ deleted: "f1" });
    expect(await getVehicle(h.db, "f1")).toBeNull();
    const missing = await del("f1", { key: key1 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'There is no vehicle "f1".' });
    expect((await del("../etc", { key: key2 })).status).toBe(404);
  });
});
