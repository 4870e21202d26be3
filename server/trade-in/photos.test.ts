// Trade-in photos in S3 (issue 32): uploaded through the trade-in API into the bucket, fetched only by
// an admin of that site (private, never cached by a proxy), no public address, swept from the bucket.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { s3StandInForTests } from "../../tests/s3";
import { upsertAdminUser } from "../admin/accounts";
import { adminRoute, handleSignIn } from "../admin/http";
import type { DbHandle } from "../db";
import { tradeInEvaluations } from "../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { MemoryRateLimiter } from "../http/rate-limit";
import { withErrors } from "../http/site-route";
import { mediaResponse } from "../inventory/http";
import { smsProvider } from "../sms/provider";
import { createEvaluation, type TradeInImage } from "../valuation/store";
import { handleImageUpload, VISITOR_COOKIE, type TradeInContext } from "./http";
import { PHOTO_NOT_FOUND } from "./photos";
import { handleTradeInPhoto } from "./photos-http";
import { deleteStalePictures } from "./stale-pictures";

const ADMIN = "localhost:3000";
const doc: TenantDocument = inventoryTenant("alpha", "Alpha Motors");
doc.features = { ...doc.features, tradeIn: { enabled: true, imageStep: true, maxAgeYears: 7, sendValuationToMiscellaneous: false } };
const s3 = s3StandInForTests(4102);
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("trade-in photos in S3", () => {
  let h: DbHandle;
  const { need } = withTestDatabase(backends[0][1], (opened) => {
    h = opened;
  });
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    if (!h) return;
    const signIn = adminRoute(handleSignIn, { open: true, handle: async () => h });
    const users = [
      { email: "staff@test.example", password: "staff-password-1", role: "staff" as const },
      { email: "alpha@test.example", password: "alpha-password-1", role: "dealer" as const, tenants: ["alpha"] },
      { email: "beta@test.example", password: "beta-password-1", role: "dealer" as const, tenants: ["beta"] },
    ];
    for (const user of users) {
      await upsertAdminUser(h.db, user);
      const headers = { host: ADMIN, origin: `http://${ADMIN}`, "content-type": "application/json" };
      const res = await signIn(new Request(`http://${ADMIN}/api/admin/sign-in`, { method: "POST", headers, body: JSON.stringify({ email: user.email, password: user.password }) }));
      cookies[user.email.split("@")[0]] = /fc_admin=([^;]+)/.exec(res.headers.get("set-cookie")!)![1];
    }
  });
  const fetchPhoto = (who: string, id: string, file: string, slug = "alpha") =>
    adminRoute(handleTradeInPhoto, { handle: async () => h })(new Request(`http://${ADMIN}/api/admin/tenants/${slug}/trade-in/${id}/${file}`, { headers: { host: ADMIN, cookie: `fc_admin=${cookies[who]}` } }), {
      params: Promise.resolve({ slug, id, file }),
    });

  it("are stored in the bucket, served to the site's admins only, privately, and swept from the bucket", async (c) => {
    need(c);
    s3.stubEnv(join(s3.dir, "app-data"));
    const visitor = randomUUID();
    const evaluation = await createEvaluation(h.db, "alpha", { rego: "ABC123", state: "QLD", visitorId: visitor });
    const form = new FormData();
    form.set("evalid", evaluation.id);
    form.set("file", new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c00" } }).png().toBuffer())]), "car.png");
    const request = new Request("https://alpha.test/api/eval-expert/image-upload", { method: "POST", headers: { cookie: `${VISITOR_COOKIE}=${visitor}`, [CLIENT_ADDRESS_HEADER]: "198.51.100.7" }, body: form });
    const ctx: TradeInContext = { db: h.db, tenant: doc, sms: smsProvider(h.db), limiter: new MemoryRateLimiter() };
    expect((await withErrors(handleImageUpload, request, ctx, (message) => ({ success: false, message }))).status).toBe(200);
    const [row] = await h.db.select().from(tradeInEvaluations).where(eq(tradeInEvaluations.id, evaluation.id));
    const [image] = row.images as TradeInImage[];
    expect(await s3.store().list(`trade-in/alpha/${evaluation.id}/`)).toEqual([image.path]);
    const file = image.path.split("/").pop()!;

    for (const who of ["staff", "alpha"]) {
      const res = await fetchPhoto(who, evaluation.id, file);
      expect([res.status, res.headers.get("content-type"), res.headers.get("cache-control"), res.headers.get("content-disposition")]).toEqual([200, "image/webp", "private, no-store", 'inline; filename="car.png"']);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(64);
    }
    const other = await fetchPhoto("beta", evaluation.id, file);
    expect([other.status, await other.json()]).toEqual([403, { message: "You do not have access to this site." }]);
    for (const [id, name] of [[evaluation.id, "0123456789abcdef0123456789abcdef-000000000000.webp"], [randomUUID(), file], ["not-an-id", file], [evaluation.id, "..%2F..%2Fx"]]) {
      const res = await fetchPhoto("staff", id, name);
      expect([res.status, await res.json()]).toEqual([404, { message: PHOTO_NOT_FOUND }]);
    }
    expect((await mediaResponse(image.path.split("/"))).status).toBe(404); // no public address

    await h.db.update(tradeInEvaluations).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(tradeInEvaluations.id, evaluation.id));
    expect(await deleteStalePictures(h.db, new Date())).toEqual({ evaluations: 1, files: 1 });
    expect(await s3.store().list("trade-in/")).toEqual([]);
    expect((await fetchPhoto("staff", evaluation.id, file)).status).toBe(404);
  });
});
