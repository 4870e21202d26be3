// Trade-in pictures cannot fill the disk (issue 30): byte budgets, the HEIC bound, the sweep of
// pictures of evaluations that never became a lead, and concurrent uploads.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_IMAGES_MESSAGE } from "../../domain/trade-in";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { preparePicture } from "../media/uploads";
import type { DbHandle } from "../db";
import { leads, tradeInEvaluations } from "../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { withErrors } from "../http/site-route";
import { MemoryRateLimiter } from "../http/rate-limit";
import { smsProvider } from "../sms/provider";
import { addEvaluationImage, createEvaluation, type TradeInImage } from "../valuation/store";
import { HEIC_TOO_LARGE_MESSAGE, HEIC_TOO_MANY_PIXELS_MESSAGE, HEIC_UNREADABLE_MESSAGE } from "./heic";
import { EVALUATION_BYTES_MESSAGE, handleImageUpload, VISITOR_COOKIE, type TradeInContext } from "./http";
import { deleteStalePictures, PICTURE_RETENTION_DAYS, startStalePictureSweep } from "./stale-pictures";

const doc: TenantDocument = inventoryTenant("alpha", "Alpha Motors");
doc.features = { ...doc.features, tradeIn: { enabled: true, imageStep: true, maxAgeYears: 7, sendValuationToMiscellaneous: false } };

const enc = (s: string) => new TextEncoder().encode(s);
function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(enc(type), 4);
  let at = 8;
  for (const p of parts) out.set(p, (at += p.byteLength) - p.byteLength);
  return out;
}
const u32 = (...ns: number[]) => {
  const out = new Uint8Array(4 * ns.length);
  ns.forEach((n, i) => new DataView(out.buffer).setUint32(4 * i, n));
  return out;
};
/** A HEIC file's structure as an iPhone writes it (ftyp, meta → iprp → ipco → ispe, mdat); `pad` bytes of image data. */
const heicFile = (width: number, height: number, pad = 16) =>
  box(
    "",
    box("ftyp", enc("heic"), u32(0), enc("mif1heic")),
    box("meta", u32(0), box("hdlr", u32(0, 0), enc("pict"), u32(0, 0, 0), new Uint8Array(1)), box("iprp", box("ipco", box("ispe", u32(0, width, height))))),
    box("mdat", new Uint8Array(pad).fill(7)),
  ).subarray(8);

describe.each(backends)("trade-in pictures on %s", (_name, make) => {
  let h: DbHandle;
  let dataDir: string;
  const before = process.env.DATA_DIR;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tradein-up-"));
    process.env.DATA_DIR = dataDir;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = before;
  });
  const { need } = withTestDatabase(make, (opened) => {
    h = opened;
  });
  let limiter = new MemoryRateLimiter();
  const png = sharp({ create: { width: 64, height: 48, channels: 3, background: "#c00" } }).png().toBuffer();

  const evaluation = async () => {
    const visitor = randomUUID();
    const e = await createEvaluation(h.db, "alpha", { rego: "ABC123", state: "QLD", visitorId: visitor });
    return { id: e.id, visitor };
  };
  const upload = async (ev: { id: string; visitor: string }, bytes: Uint8Array, name: string, client = "198.51.100.7") => {
    const form = new FormData();
    form.set("evalid", ev.id);
    form.set("file", new Blob([new Uint8Array(bytes)]), name);
    const headers = { cookie: `${VISITOR_COOKIE}=${ev.visitor}`, [CLIENT_ADDRESS_HEADER]: client };
    const request = new Request("https://alpha.test/api/eval-expert/image-upload", { method: "POST", headers, body: form });
    const ctx: TradeInContext = { db: h.db, tenant: doc, sms: smsProvider(h.db), limiter };
    const res = await withErrors(handleImageUpload, request, ctx, (message) => ({ success: false, message }));
    return { status: res.status, body: await res.json() };
  };
  const imagesOf = async (id: string) => {
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, id));
    return row.images as TradeInImage[];
  };
  const filesOf = (id: string) => {
    const dir = join(dataDir, "trade-in", "alpha", id);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const hour = "Please try again in 60 minutes, or remove this picture to continue without it.";

  it("per client, network and site an hour, counted in stored bytes: a refused upload stores nothing and spends nothing", async (c) => {
    need(c);
    limiter = new MemoryRateLimiter();
    const size = (await preparePicture(await png)).data.byteLength; // what is stored (WebP), not what is sent
    const ev = await evaluation();
    // Client 198.51.100.7 has sent all but size − 1 bytes of its hour.
    await limiter.spend("trade-in-bytes:client:alpha:198.51.100.7", 100_000_000 - size + 1, 100_000_000, 3_600_000);
    expect(await upload(ev, await png, "car.png")).toEqual({
      status: 429,
      body: { success: false, message: `Pictures sent from your connection may add up to 100 MB an hour, and this one would go over. ${hour}` },
    });
    expect(await imagesOf(ev.id)).toEqual([]);
    expect(filesOf(ev.id)).toEqual([]);
    // Its network has room for exactly one more picture: the refused one took none of it.
    await limiter.spend("trade-in-bytes:network:alpha:198.51.100.0/24", 300_000_000 - size, 300_000_000, 3_600_000);
    expect(await upload(ev, await png, "car.png", "198.51.100.8")).toEqual({ status: 200, body: { success: true, count: 1 } });
    expect((await imagesOf(ev.id))[0].bytes).toBe(size);
    expect(await upload(ev, await png, "car.png", "198.51.100.9")).toEqual({
      status: 429,
      body: { success: false, message: `Pictures sent from your network may add up to 300 MB an hour, and this one would go over. ${hour}` },
    });
    // The site has room for one more; clients of other networks then get the site's message.
    await limiter.spend("trade-in-bytes:site:alpha", 2_000_000_000 - size * 2, 2_000_000_000, 3_600_000);
    expect((await upload(ev, await png, "car.png", "203.0.113.5")).status).toBe(200);
    expect(await upload(ev, await png, "car.png", "192.0.2.1")).toEqual({
      status: 429,
      body: { success: false, message: `This site is receiving more pictures than it can take right now. ${hour}` },
    });
    expect((await imagesOf(ev.id)).length).toBe(2);
    expect(filesOf(ev.id)).toHaveLength(2);
  });

  it("per evaluation 50 MB, also for uploads racing for the last bytes; a refused upload spends none of the client's hour", async (c) => {
    need(c);
    limiter = new MemoryRateLimiter();
    const size = (await preparePicture(await png)).data.byteLength;
    const ev = await evaluation();
    // Eight pictures already stored (their rows), leaving room for one and a half more.
    const stored = Math.floor((50_000_000 - 1.5 * size) / 8);
    for (let i = 0; i < 8; i++) {
      const added = await addEvaluationImage(h.db, { site: "alpha" }, ev.id, { name: `p${i}.heic`, type: "image/heic", bytes: stored, sha256: "0".repeat(64), path: `trade-in/alpha/${ev.id}/p${i}.heic`, addedAt: "2026-11-20T00:00:00Z" });
      expect(added.ok).toBe(true);
    }
    const raced = await Promise.all(Array.from({ length: 4 }, async () => upload(ev, await png, "car.png")));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of raced.filter((r) => r.status !== 200)) expect(r).toEqual({ status: 413, body: { success: false, message: EVALUATION_BYTES_MESSAGE } });
    expect(await imagesOf(ev.id)).toHaveLength(9);
    expect(filesOf(ev.id)).toHaveLength(1);
    // The client spent only the stored picture: exactly the rest of its hour still fits.
    await limiter.spend("trade-in-bytes:client:alpha:198.51.100.7", 100_000_000 - 2 * size, 100_000_000, 3_600_000);
    expect((await upload(await evaluation(), await png, "car.png")).status).toBe(200);
  });

  it("HEIC: stored as sent when under 8 MB and 100 megapixels with readable boxes; otherwise refused with its message, storing nothing", async (c) => {
    need(c);
    limiter = new MemoryRateLimiter();
    const ev = await evaluation();
    const photo = heicFile(4032, 3024, 2_000);
    expect(await upload(ev, photo, "IMG_0001.HEIC")).toEqual({ status: 200, body: { success: true, count: 1 } });
    const [image] = await imagesOf(ev.id);
    expect(image).toMatchObject({ type: "image/heic", name: "IMG_0001.HEIC", bytes: photo.byteLength });
    expect(new Uint8Array(readFileSync(join(dataDir, image.path)))).toEqual(photo);

    const refused = async (bytes: Uint8Array) => (await upload(ev, bytes, "IMG.HEIC")).body.message;
    expect(await refused(heicFile(4032, 3024, 8_000_001))).toBe(HEIC_TOO_LARGE_MESSAGE);
    expect(await upload(ev, heicFile(20_000, 5_001), "IMG.HEIC")).toEqual({ status: 413, body: { success: false, message: HEIC_TOO_MANY_PIXELS_MESSAGE } });
    // 100 megapixels is still a photo.
    expect((await upload(ev, heicFile(10_000, 10_000), "IMG.HEIC")).status).toBe(200);
    // Only the ftyp box (no meta, so no size), a box running past the end, an ispe of 0 × 0: unreadable.
    expect(await upload(ev, box("ftyp", enc("heic"), u32(0), enc("mif1heic")), "IMG.HEIC")).toEqual({ status: 415, body: { success: false, message: HEIC_UNREADABLE_MESSAGE } });
    const cut = heicFile(4032, 3024).subarray(0, 60);
    expect(await refused(cut)).toBe(HEIC_UNREADABLE_MESSAGE);
    expect(await refused(heicFile(0, 0))).toBe(HEIC_UNREADABLE_MESSAGE);
    expect(await imagesOf(ev.id)).toHaveLength(2);
    expect(filesOf(ev.id)).toHaveLength(2);
  });

  it("concurrent identical uploads never answer 500: all stored while there is room, then exactly one takes the 10th place and keeps its file", async (c) => {
    need(c);
    limiter = new MemoryRateLimiter();
    const bytes = await png;
    const ev = await evaluation();
    const first = await Promise.all(Array.from({ length: 8 }, () => upload(ev, bytes, "same.png")));
    expect(first.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await imagesOf(ev.id)).toHaveLength(8);
    expect((await upload(ev, await sharp(bytes).negate().png().toBuffer(), "ninth.png")).status).toBe(200);
    // A picture not stored yet: the uploads refused must not remove the winner's file.
    const tenth = await sharp(bytes).flip().tint("#00f").png().toBuffer();
    const last = await Promise.all(Array.from({ length: 8 }, () => upload(ev, tenth, "same.png")));
    expect(last.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of last.filter((r) => r.status !== 200)) expect(r).toEqual({ status: 409, body: { success: false, message: TOO_MANY_IMAGES_MESSAGE } });
    const images = await imagesOf(ev.id);
    expect(images).toHaveLength(10);
    // Every stored picture has its own file, and there is no other.
    expect(filesOf(ev.id)).toEqual(images.map((i) => i.path.split("/").pop()).sort());
  });

  it(`the sweep deletes the pictures of evaluations left ${PICTURE_RETENTION_DAYS} days without a lead, once, with two sweepers racing; others keep theirs`, async (c) => {
    need(c);
    limiter = new MemoryRateLimiter();
    const now = new Date();
    const bytes = await png;
    const make = async (ageDays: number, withLead: boolean, pictures = 2) => {
      const ev = await evaluation();
      for (let i = 0; i < pictures; i++) expect((await upload(ev, bytes, `p${i}.png`)).status).toBe(200);
      const set: Record<string, unknown> = { createdAt: new Date(now.getTime() - ageDays * 86_400_000) };
      if (withLead) {
        const leadId = randomUUID();
        await h.db.insert(leads).values({ id: leadId, tenant: "alpha", dealershipId: 1, idempotencyKey: leadId, payloadHash: "x", payload: {} });
        set.leadId = leadId;
      }
      await h.db.update(tradeInEvaluations).set(set).where(eq(tradeInEvaluations.id, ev.id));
      return ev.id;
    };
    // Evaluations of earlier tests are less than a day old.
    const stale = [await make(8, false), await make(30, false, 3), await make(7.01, false, 1)];
    const kept = [await make(6.9, false), await make(8, true), await make(30, true, 1)];
    const keptImages = await Promise.all(kept.map(imagesOf));
    const staleFiles = (await Promise.all(stale.map(imagesOf))).flat().map((i) => join(dataDir, i.path));
    expect(staleFiles).toHaveLength(6);

    const [a, b] = await Promise.all([deleteStalePictures(h.db, now, { batch: 1 }), deleteStalePictures(h.db, now, { batch: 1 })]);
    expect(a.evaluations + b.evaluations).toBe(3);
    expect(a.files + b.files).toBe(6);
    for (const file of staleFiles) expect(existsSync(file)).toBe(false);
    for (const id of stale) {
      expect(existsSync(join(dataDir, "trade-in", "alpha", id))).toBe(false);
      const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, id));
      expect(row.images).toEqual([]);
      expect(row.answer).toMatchObject({ picturesDeletedAt: now.toISOString() });
    }
    for (const [i, id] of kept.entries()) {
      expect(await imagesOf(id)).toEqual(keptImages[i]);
      for (const image of keptImages[i]) expect(existsSync(join(dataDir, image.path))).toBe(true);
    }
    expect(await deleteStalePictures(h.db, now)).toEqual({ evaluations: 0, files: 0 });

    // The server's sweep (as instrumentation.ts starts it) runs at once.
    const late = await make(9, false, 1);
    const stop = await startStalePictureSweep(Promise.resolve(h), 3_600_000);
    stop();
    expect(await imagesOf(late)).toEqual([]);
    expect(filesOf(late)).toEqual([]);
  });
});
