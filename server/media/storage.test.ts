import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import { s3StandInForTests } from "../../tests/s3";
import { upsertAdminUser } from "../admin/accounts";
import { adminRoute, handleSignIn, handleUpload } from "../admin/http";
import type { DbHandle } from "../db";
import { mediaResponse } from "../inventory/http";
import { parsePicturePath } from "../../domain/media";
import { pictureKey } from "./vehicle-pictures";
import { createTenant } from "../tenants/store";
import { BAD_KEY, contentHashName, MAX_KEY, mediaStorage, STORAGE_DOWN, type MediaStorage } from "./storage";
import { LocalStorage } from "./storage-local";

// The S3 stand-in (s3rver) on this file's port of the media range 4100–4199; 4199 never listens.
const DEAD_PORT = 4199;
const s3 = s3StandInForTests(4101);
const scratch = s3.dir;
const localRoot = join(scratch, "data");
afterEach(() => {
  vi.unstubAllEnvs();
});

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

describe.each([
  ["the local folder", (): MediaStorage => new LocalStorage(localRoot)],
  ["S3 (s3rver)", (): MediaStorage => s3.store()],
])("media storage: %s", (_name, make) => {
  let store: MediaStorage;
  beforeAll(() => {
    store = make();
  });

  it("writes, reads, overwrites, lists by prefix and deletes", async () => {
    await store.put("uploads/alpha/a.webp", bytes("picture a"), "image/webp");
    await store.put("uploads/alpha/b.webp", bytes("picture b"), "image/webp");
    await store.put("uploads/beta/c.webp", bytes("picture c"), "image/webp");
    await store.put("trade-in/alpha/ev-1/d.heic", bytes("photo d"), "image/heic");
    expect((await store.get("uploads/alpha/a.webp"))?.toString()).toBe("picture a");
    await store.put("uploads/alpha/a.webp", bytes("picture a, again"));
    expect((await store.get("uploads/alpha/a.webp"))?.toString()).toBe("picture a, again");
    expect(await store.list("uploads/")).toEqual(["uploads/alpha/a.webp", "uploads/alpha/b.webp", "uploads/beta/c.webp"]);
    expect(await store.list("uploads/alpha/")).toEqual(["uploads/alpha/a.webp", "uploads/alpha/b.webp"]);
    expect(await store.list("nothing/")).toEqual([]);
    expect(await store.delete("uploads/alpha/a.webp")).toBe(true);
    expect(await store.delete("uploads/alpha/a.webp")).toBe(false);
    expect(await store.get("uploads/alpha/a.webp")).toBeNull();
    expect(await store.delete("trade-in/alpha/ev-1/d.heic")).toBe(true);
    expect(await store.list("")).toEqual(["uploads/alpha/b.webp", "uploads/beta/c.webp"]);
  });

  it("answers null for a missing object, in a folder that exists or not", async () => {
    expect(await store.get("uploads/alpha/0123456789abcdef0123456789abcdef.webp")).toBeNull();
    expect(await store.get("uploads/nobody/x.webp")).toBeNull();
  });

  it("refuses hostile keys with a 400 before the back-end sees them", async () => {
    const hostile = [
      "../x",
      "uploads/../../x",
      "/etc/passwd",
      "uploads//x",
      "uploads/alpha/",
      "",
      ".env",
      "a/./b",
      "C:\\x",
      "a\\..\\b",
      "x\u0000y",
      "é.webp",
      "x".repeat(201),
      `${"x/".repeat(MAX_KEY / 2)}x`,
    ];
    for (const key of hostile) {
      await expect(store.put(key, bytes("evil")), key).rejects.toMatchObject({
        status: 400,
        message: BAD_KEY,
      });
      await expect(store.get(key), key).rejects.toMatchObject({
        status: 400,
        message: BAD_KEY,
      });
      await expect(store.delete(key), key).rejects.toMatchObject({
        status: 400,
        message: BAD_KEY,
      });
    }
    await expect(store.list("../")).rejects.toMatchObject({ status: 400 });
    expect(existsSync(join(localRoot, "..", "x"))).toBe(false);
    // The longest key allowed still works.
    const long = `${"x".repeat(200)}/${"y".repeat(200)}/${"z".repeat(MAX_KEY - 402)}`;
    await store.put(long, bytes("long"));
    expect((await store.get(long))?.toString()).toBe("long");
    expect(await store.delete(long)).toBe(true);
  });
});

describe("content-hash names", () => {
  it("name a picture by the first 32 hex digits of its SHA-256; other bytes, another name", () => {
    expect(contentHashName(bytes("hello"), "webp")).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e.webp");
    expect(contentHashName(bytes("hello!"), "webp")).not.toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e.webp");
  });
});

describe("the local folder keeps today's paths", () => {
  it("stores key uploads/alpha/x.webp at DATA_DIR/uploads/alpha/x.webp, and removes an emptied folder", async () => {
    const store = new LocalStorage(localRoot);
    await store.put("trade-in/alpha/ev-2/x.webp", bytes("x"));
    expect(readFileSync(join(localRoot, "trade-in", "alpha", "ev-2", "x.webp"), "utf8")).toBe("x");
    await store.delete("trade-in/alpha/ev-2/x.webp");
    expect(existsSync(join(localRoot, "trade-in", "alpha", "ev-2"))).toBe(false);
  });
});

describe("generated vehicle pictures with S3_BUCKET set", () => {
  it("are stored in the bucket once drawn, and still drawn (not stored) while S3 does not answer", async () => {
    s3.stubEnv(join(scratch, "app-data"));
    const drawn = await mediaResponse(["vehicles", "suv", "9e1b22", "front-right.jpg"]);
    expect([drawn.status, drawn.headers.get("cache-control")]).toEqual([200, "public, max-age=86400, stale-while-revalidate=604800"]);
    const stored = await s3.store().get(pictureKey(parsePicturePath(["suv", "9e1b22", "front-right.jpg"])!));
    expect(stored?.equals(Buffer.from(await drawn.arrayBuffer()))).toBe(true);
    s3.stubEnv(join(scratch, "app-data"), DEAD_PORT);
    expect((await mediaResponse(["vehicles", "van", "1f3a6b", "rear.jpg"])).status).toBe(200);
    expect(await s3.store().get(pictureKey(parsePicturePath(["van", "1f3a6b", "rear.jpg"])!))).toBeNull();
  });
});

describe("S3 not answering", () => {
  it("is a 503 with the reason, for the store and for a picture's address", async () => {
    await expect(s3.store(DEAD_PORT).get("uploads/alpha/x.webp")).rejects.toMatchObject({ status: 503, message: STORAGE_DOWN });
    s3.stubEnv(join(scratch, "app-data"), DEAD_PORT);
    const res = await mediaResponse(["uploads", "alpha", "0123456789abcdef0123456789abcdef.webp"]);
    expect([res.status, await res.text(), res.headers.get("cache-control"), res.headers.get("retry-after")]).toEqual([503, STORAGE_DOWN, "no-store", "30"]);
  });
});

describe("an admin upload with S3_BUCKET set", () => {
  const ADMIN = "localhost:3000";
  let tdb: TestDatabase | null;
  let h: DbHandle;

  beforeAll(async () => {
    tdb = await backends[0][1]();
    h = await tdb!.open();
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors"), "seed");
    await upsertAdminUser(h.db, {
      email: "staff@test.example",
      password: "staff-password-1",
      role: "staff",
    });
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  it("lands in the bucket under its content hash and is served from there, immutable; a missing one is a 404", async () => {
    s3.stubEnv(join(scratch, "app-data"));
    {
      const post = (path: string, headers: Record<string, string>, body: BodyInit, handler = handleUpload, open = false) =>
        adminRoute(handler, { open, handle: async () => h })(
          new Request(`http://${ADMIN}${path}`, {
            method: "POST",
            headers: { host: ADMIN, origin: `http://${ADMIN}`, ...headers },
            body,
          }),
          { params: Promise.resolve({ slug: "alpha" }) },
        );
      const signIn = await post(
        "/api/admin/sign-in",
        { "content-type": "application/json" },
        JSON.stringify({
          email: "staff@test.example",
          password: "staff-password-1",
        }),
        handleSignIn,
        true,
      );
      const cookie = /fc_admin=([^;]+)/.exec(signIn.headers.get("set-cookie")!)![1];
      const before = await s3.store().list("uploads/alpha/");
      const png = await sharp({
        create: { width: 640, height: 320, channels: 3, background: "#2266aa" },
      })
        .png()
        .toBuffer();
      const res = await post("/api/admin/tenants/alpha/uploads", { cookie: `fc_admin=${cookie}`, "content-type": "image/png" }, new Uint8Array(png));
      expect(res.status).toBe(201);
      const { src } = await res.json();
      const file = src.split("/").pop();
      expect(await s3.store().list("uploads/alpha/")).toEqual([...before, `uploads/alpha/${file}`].sort());
      expect(mediaStorage().kind).toBe("s3");
      expect(existsSync(join(scratch, "app-data", "uploads"))).toBe(false);

      const served = await mediaResponse(src.split("/").slice(2));
      const body = new Uint8Array(await served.arrayBuffer());
      expect([served.status, served.headers.get("content-type"), served.headers.get("cache-control")]).toEqual([200, "image/webp", "public, max-age=31536000, immutable"]);
      expect(file).toBe(contentHashName(body, "webp"));
      expect((await sharp(body).metadata()).width).toBe(640);
      const missing = await mediaResponse(["uploads", "alpha", "0123456789abcdef0123456789abcdef.webp"]);
      expect(missing.status).toBe(404);
    }
  });
});
