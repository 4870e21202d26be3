import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { auditLog } from "../db/schema";
import { createTenant } from "../tenants/store";
import { mediaResponse } from "../inventory/http";
import { upsertAdminUser } from "../admin/accounts";
import { adminRoute, handleSignIn, handleUpload } from "../admin/http";
import { MAX_UPLOAD_BYTES, NOT_A_PICTURE, preparePicture, TOO_LARGE } from "./uploads";

const ADMIN = "localhost:3000";
const png = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: { r: 200, g: 30, b: 40, alpha: alpha ? 0.5 : 1 } } }).png().toBuffer();

let dataDir = "";
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "forecourt-uploads-"));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("preparePicture", () => {
  it("scales a large picture down to 2560 px on its long side, as WebP", async () => {
    const out = await preparePicture(await png(4000, 1000));
    expect(out).toMatchObject({ width: 2560, height: 640 });
    expect((await sharp(out.data).metadata()).format).toBe("webp");
  });

  it("keeps a small picture's size and its transparency", async () => {
    const out = await preparePicture(await png(320, 80, true));
    const meta = await sharp(out.data).metadata();
    expect([out.width, out.height, meta.hasAlpha]).toEqual([320, 80, true]);
  });

  it("turns a photo upright from its EXIF orientation and drops the metadata", async () => {
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Camera owner" } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const out = await preparePicture(photo);
    expect([out.width, out.height]).toEqual([100, 200]);
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("refuses what is not a picture, and SVG (it can carry scripts)", async () => {
    for (const bytes of [Buffer.from("hello, not a picture"), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')]) {
      await expect(preparePicture(bytes)).rejects.toMatchObject({ message: NOT_A_PICTURE, status: 415 });
    }
  });
});

describe.each(backends)("POST /api/admin/tenants/{slug}/uploads on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  const cookies: Record<string, string> = {};
  const route = adminRoute(handleUpload, { handle: async () => h });
  const upload = (slug: string, body: Buffer, cookie = cookies.staff, type = "image/png") =>
    route(
      new Request(`http://${ADMIN}/api/admin/tenants/${slug}/uploads`, {
        method: "POST",
        headers: { host: ADMIN, origin: `http://${ADMIN}`, cookie: `fc_admin=${cookie}`, "content-type": type },
        body: new Uint8Array(body),
      }),
      { params: Promise.resolve({ slug }) },
    );

  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors"), "seed");
    await createTenant(h.db, makeTenant("beta", "Beta Cars"), "seed");
    const users: [string, Parameters<typeof upsertAdminUser>[1]][] = [
      ["staff", { email: "staff@test.example", password: "staff-password-1", role: "staff" }],
      ["dealer", { email: "dealer@test.example", password: "dealer-password-1", role: "dealer", tenants: ["alpha"] }],
    ];
    const signIn = adminRoute(handleSignIn, { open: true, handle: async () => h });
    for (const [key, user] of users) {
      await upsertAdminUser(h.db, user);
      const res = await signIn(
        new Request(`http://${ADMIN}/api/admin/sign-in`, {
          method: "POST",
          headers: { host: ADMIN, origin: `http://${ADMIN}`, "content-type": "application/json" },
          body: JSON.stringify({ email: user.email, password: user.password }),
        }),
      );
      cookies[key] = /fc_admin=([^;]+)/.exec(res.headers.get("set-cookie")!)![1];
    }
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

  it("stores the picture once under its hash, serves it at its address and logs who uploaded it", async (ctx) => {
    need(ctx);
    const bytes = await png(1200, 600);
    const res = await upload("alpha", bytes, cookies.dealer);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ width: 1200, height: 600 });
    expect(body.src).toMatch(/^\/media\/uploads\/alpha\/[a-f0-9]{32}\.webp$/);
    const again = await (await upload("alpha", bytes)).json();
    expect(again.src).toBe(body.src);

    const served = await mediaResponse(body.src.split("/").slice(2));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1200);

    const log = await h.db.select().from(auditLog).where(eq(auditLog.action, "upload"));
    expect(log.map((r) => r.actor).sort()).toEqual(["dealer@test.example", "staff@test.example"]);
    expect(log[0].detail).toMatchObject({ src: body.src, width: 1200, height: 600 });
  });

  it("stores 8 identical uploads sent at once: every one succeeds with the same address, one file, no temp files left", async (ctx) => {
    need(ctx);
    const bytes = await png(900, 300);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload("alpha", bytes)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const srcs = new Set(await Promise.all(answers.map(async (r) => (await r.json()).src)));
    expect(srcs.size).toBe(1);
    const file = [...srcs][0].split("/").pop();
    expect(readdirSync(join(dataDir, "uploads", "alpha")).filter((f) => f.startsWith(file))).toEqual([file]);
  });

  it("refuses a dealer's upload to another dealer's site, an unknown site, a non-picture and an empty body", async (ctx) => {
    need(ctx);
    const bytes = await png(10, 10);
    const other = await upload("beta", bytes, cookies.dealer);
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: "You do not have access to this site." });
    expect((await upload("gamma", bytes)).status).toBe(404);
    const text = await upload("alpha", Buffer.from("just words"), cookies.staff, "text/plain");
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ message: NOT_A_PICTURE });
    const empty = await upload("alpha", Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("The upload was empty. Choose a picture to upload.");
  });

  it("refuses a picture over 10 MB with the reason", async (ctx) => {
    need(ctx);
    const res = await upload("alpha", Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: TOO_LARGE });
  });

  it("answers 404, not an error, for addresses that are not uploads", async () => {
    for (const path of [["uploads", "alpha", "nope.webp"], ["uploads", "..", "x"], ["uploads", "alpha", "0123456789abcdef0123456789abcdef.webp"], ["uploads"]]) {
      expect((await mediaResponse(path)).status).toBe(404);
    }
  });
});
