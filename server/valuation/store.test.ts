import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leads } from "../db/schema";
import { addEvaluationImage, createEvaluation, getEvaluation, updateEvaluation, type TradeInImage } from "./store";

const image = (n: number): TradeInImage => ({
  name: `photo-${n}.jpg`,
  type: "image/jpeg",
  bytes: 1000 + n,
  sha256: String(n).padStart(64, "0"),
  path: `trade-in/${n}.webp`,
  addedAt: "2026-11-25T00:00:00.000Z",
});

describe.each(backends)("trade-in evaluations on %s", (_name, make) => {
  let h: DbHandle;
  const { need } = withTestDatabase(make, (opened) => (h = opened));

  it("creates an evaluation with an unguessable id, read back on its own site only", async (c) => {
    need(c);
    const created = await createEvaluation(h.db, "alpha", { rego: "825MZD", state: "QLD", visitorId: "visitor-1", carId: "hm-1001", request: { rego: "825MZD", state: "QLD" }, answer: { lookup: { kind: "none" } } });
    expect(created).toMatchObject({ site: "alpha", stage: "initial", rego: "825MZD", state: "QLD", visitorId: "visitor-1", carId: "hm-1001", leadId: null, images: [] });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await getEvaluation(h.db, { site: "alpha" }, created.id)).toEqual(created);
    expect(await getEvaluation(h.db, { site: "alpha", visitorId: "visitor-1" }, created.id)).toEqual(created);
    // Another site, another visitor, an unknown id or no UUID at all: nothing (and no database error).
    expect(await getEvaluation(h.db, { site: "beta" }, created.id)).toBeNull();
    expect(await getEvaluation(h.db, { site: "alpha", visitorId: "visitor-2" }, created.id)).toBeNull();
    expect(await getEvaluation(h.db, { site: "alpha" }, randomUUID())).toBeNull();
    expect(await getEvaluation(h.db, { site: "alpha" }, "1' or '1'='1")).toBeNull();
    const second = await createEvaluation(h.db, "alpha", { rego: "825MZD", state: "QLD" });
    expect(second.id).not.toBe(created.id);
  });

  it("updates stage, answers and the lead in place, merging request and answer", async (c) => {
    need(c);
    const e = await createEvaluation(h.db, "alpha", { rego: "310TYA", state: "QLD", request: { rego: "310TYA", state: "QLD" }, answer: { lookup: "candidates" } });
    const [lead] = await h.db
      .insert(leads)
      .values({ id: randomUUID(), tenant: "alpha", dealershipId: 1, idempotencyKey: `k-${e.id}`, payloadHash: "x", payload: {} })
      .returning({ id: leads.id });
    const updated = await updateEvaluation(h.db, { site: "alpha" }, e.id, {
      stage: "valuation",
      leadId: lead.id,
      dealershipId: 2,
      request: { desc: "2020 Toyota Corolla SX Hybrid", odometer: 60000 },
      answer: { valuation: { kind: "offer", offerPrice: 17500 } },
    });
    expect(updated).toMatchObject({
      stage: "valuation",
      leadId: lead.id,
      dealershipId: 2,
      request: { rego: "310TYA", state: "QLD", desc: "2020 Toyota Corolla SX Hybrid", odometer: 60000 },
      answer: { lookup: "candidates", valuation: { kind: "offer", offerPrice: 17500 } },
    });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(e.updatedAt.getTime());
    const again = await updateEvaluation(h.db, { site: "alpha" }, e.id, { stage: "offer-accepted", answer: { valuation: { kind: "offer", offerPrice: 17600 } } });
    expect(again?.answer).toEqual({ lookup: "candidates", valuation: { kind: "offer", offerPrice: 17600 } });
    expect(await getEvaluation(h.db, { site: "alpha" }, e.id)).toEqual(again);
  });

  it("changes nothing through another site's scope", async (c) => {
    need(c);
    const e = await createEvaluation(h.db, "alpha", { rego: "825MZD", state: "QLD", visitorId: "v1" });
    expect(await updateEvaluation(h.db, { site: "beta" }, e.id, { stage: "offer-accepted" })).toBeNull();
    expect(await updateEvaluation(h.db, { site: "alpha", visitorId: "v2" }, e.id, { stage: "offer-accepted" })).toBeNull();
    expect(await updateEvaluation(h.db, { site: "alpha" }, "not-a-uuid", { stage: "offer-accepted" })).toBeNull();
    expect(await addEvaluationImage(h.db, { site: "beta" }, e.id, image(1))).toEqual({ ok: false, reason: "not-found" });
    expect(await getEvaluation(h.db, { site: "alpha" }, e.id)).toEqual(e);
  });

  it("keeps at most 10 images, also when 12 arrive at once", async (c) => {
    need(c);
    const e = await createEvaluation(h.db, "alpha", { rego: "825MZD", state: "QLD" });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => addEvaluationImage(h.db, { site: "alpha" }, e.id, image(i))));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: "too-many" },
      { ok: false, reason: "too-many" },
    ]);
    const stored = await getEvaluation(h.db, { site: "alpha" }, e.id);
    expect(stored!.images).toHaveLength(10);
    expect(new Set(stored!.images.map((i) => i.name)).size).toBe(10);
    expect(await addEvaluationImage(h.db, { site: "alpha" }, e.id, image(99))).toEqual({ ok: false, reason: "too-many" });
  });

  it("adds an image's metadata in order", async (c) => {
    need(c);
    const e = await createEvaluation(h.db, "alpha", { rego: "825MZD", state: "QLD" });
    await addEvaluationImage(h.db, { site: "alpha" }, e.id, image(1));
    const second = await addEvaluationImage(h.db, { site: "alpha" }, e.id, image(2));
    expect(second.ok && second.evaluation.images).toEqual([image(1), image(2)]);
  });
});
