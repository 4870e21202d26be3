import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_IMAGES_MESSAGE } from "../../domain/trade-in";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import type { DbHandle } from "../db";
import { tradeInEvaluations } from "../db/schema";
import { withErrors } from "../http/site-route";
import { MemoryRateLimiter } from "../http/rate-limit";
import { smsProvider } from "../sms/provider";
import { createTenant, publish } from "../tenants/store";
import { addEvaluationImage, createEvaluation } from "../valuation/store";
import { handleImageUpload, VISITOR_COOKIE } from "./http";

// The same picture uploaded twice at once for the last place of an evaluation (the fuzz's upload
// race, tests/e2e/fuzz-races.ts): one is kept, the other is refused (409) — and the refused one
// must not delete the file the kept one lists (the same picture is the same file). It did: the
// loser compared with the pictures it had read before either upload was added.

const site = inventoryTenant("alpha", "Alpha Motors");
site.features = { ...site.features, tradeIn: { enabled: true, imageStep: true, maxAgeYears: 7, sendValuationToMiscellaneous: false } };

describe.each(backends)("trade-in pictures raced for the last place, on %s", (_name, make) => {
  let h: DbHandle;
  let dataDir: string;
  const before = process.env.DATA_DIR;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tradein-race-"));
    process.env.DATA_DIR = dataDir;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = before;
  });
  const { need } = withTestDatabase(make, async (opened) => {
    h = opened;
    await createTenant(h.db, site, "test");
    await publish(h, "alpha", { actor: "test" });
  });

  const upload = async (evalid: string, visitor: string, bytes: Buffer) => {
    const form = new FormData();
    form.set("evalid", evalid);
    form.set("file", new Blob([new Uint8Array(bytes)]), "car.png");
    const request = new Request("https://alpha.test/api/eval-expert/image-upload", { method: "POST", headers: { cookie: `${VISITOR_COOKIE}=${visitor}` }, body: form });
    const ctx = { db: h.db, tenant: site, sms: smsProvider(h.db), limiter: new MemoryRateLimiter() };
    const res = await withErrors(handleImageUpload, request, ctx, (message) => ({ success: false, message }));
    return { status: res.status, body: await res.json() };
  };

  it("the upload refused for want of room keeps the file of the same picture kept a moment before", async (c) => {
    need(c);
    const visitor = crypto.randomUUID();
    const evaluation = await createEvaluation(h.db, "alpha", { rego: "RACE01", state: "QLD", visitorId: visitor, request: {}, answer: {} });
    const scope = { site: "alpha", visitorId: visitor };
    for (let i = 0; i < 9; i++) {
      const added = await addEvaluationImage(h.db, scope, evaluation.id, { name: `p${i}.webp`, type: "image/png", bytes: 1, sha256: `${i}`.repeat(64), path: `trade-in/alpha/${evaluation.id}/p${i}.webp`, addedAt: new Date().toISOString() });
      expect(added.ok).toBe(true);
    }
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png().toBuffer();

    const answers = await Promise.all([upload(evaluation.id, visitor, picture), upload(evaluation.id, visitor, picture)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)!.body).toEqual({ success: true, count: 10 });
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ success: false, message: TOO_MANY_IMAGES_MESSAGE });
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evaluation.id));
    const images = row.images as { path: string }[];
    expect(images).toHaveLength(10);
    const kept = images[9].path;
    expect(kept).toMatch(new RegExp(`^trade-in/alpha/${evaluation.id}/[0-9a-f]{32}-[0-9a-f]{12}\\.webp$`));
    expect(existsSync(join(dataDir, kept))).toBe(true);
  });
});
