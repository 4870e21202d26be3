import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "../../app/media/[...path]/route";
import { parsePicturePath } from "../../domain/media";
import { pictureSvg } from "../demo/pictures";
import { drawingHash, renderPicture } from "./vehicle-pictures";

const dataDir = mkdtempSync(join(tmpdir(), "forecourt-media-"));
const saved = process.env.DATA_DIR;
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
});
afterAll(() => {
  process.env.DATA_DIR = saved;
  if (saved === undefined) delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers?: HeadersInit) =>
  GET(new Request(`http://localhost/media/${path}`, { headers }), { params: Promise.resolve({ path: path.split("/") }) });
const hashOf = (path: string) => drawingHash(parsePicturePath(path.split("/").slice(1))!);

describe("GET /media/vehicles/…", () => {
  it("draws a JPEG of the body in the colour, cached a day under its drawing's hash, and keeps it on disk by that hash", async () => {
    const res = await get("vehicles/suv/9e1b22/front-right.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    const hash = hashOf("vehicles/suv/9e1b22/front-right.jpg");
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get("etag")).toBe(`"${hash}"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 800]);
    // The paint shows: the picture's red channel outweighs its blue somewhere in the middle.
    const { data } = await sharp(bytes).extract({ left: 300, top: 250, width: 600, height: 300 }).raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i] > data[i + 2] + 60) red++;
    expect(red).toBeGreaterThan(5000);

    const file = join(dataDir, "media", "vehicles", "suv", "9e1b22", `front-right.${hash}.jpg`);
    expect(readFileSync(file)).toEqual(bytes);
    writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xd9])); // served from the cache from now on
    expect([...Buffer.from(await (await get("vehicles/suv/9e1b22/front-right.jpg")).arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    // A browser that holds this drawing is told so without the bytes; one that holds another drawing gets this one.
    const again = await get("vehicles/suv/9e1b22/front-right.jpg", { "if-none-match": `W/"${hash}"` });
    expect([again.status, again.headers.get("etag"), (await again.arrayBuffer()).byteLength]).toEqual([304, `"${hash}"`, 0]);
    expect((await get("vehicles/suv/9e1b22/front-right.jpg", { "if-none-match": '"0123456789abcdef"' })).status).toBe(200);
  });

  it("names a stored picture by its drawing: another colour or view is another drawing, the same one the same name", () => {
    const hashes = ["vehicles/suv/9e1b22/front-right.jpg", "vehicles/suv/1f3a6b/front-right.jpg", "vehicles/suv/9e1b22/rear.jpg"].map(hashOf);
    expect(new Set(hashes).size).toBe(3);
    expect(hashOf("vehicles/suv/9e1b22/front-right.webp")).toBe(hashes[0]);
  });

  it("makes WebP, spin frames and cabin views", async () => {
    const webp = Buffer.from(await (await get("vehicles/caravan/f4f4f1/spin-05.webp")).arrayBuffer());
    expect(webp.subarray(0, 4).toString()).toBe("RIFF");
    expect(webp.subarray(8, 12).toString()).toBe("WEBP");
    const pano = await get("vehicles/ute/cdb893/interior-pano.jpg");
    expect(pano.status).toBe(200);
    expect(await sharp(Buffer.from(await pano.arrayBuffer())).metadata()).toMatchObject({ width: 2000, height: 1000 });
    const [a, b] = await Promise.all([get("vehicles/van/1f3a6b/rear.jpg"), get("vehicles/van/1f3a6b/rear.jpg")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(existsSync(join(dataDir, "media", "vehicles", "van", "1f3a6b", `rear.${hashOf("vehicles/van/1f3a6b/rear.jpg")}.jpg`))).toBe(true);
  });

  it("answers 404, never 500, to anything else", async () => {
    for (const path of [
      "vehicles/boat/9e1b22/front.jpg",
      "vehicles/suv/123456/front.jpg",
      "vehicles/suv/9e1b22/top.jpg",
      "vehicles/suv/9e1b22/front.gif",
      "vehicles/suv/9e1b22/spin-99.jpg",
      "vehicles/motorcycle/24262a/interior-front.jpg",
      "vehicles/suv/9e1b22",
      "vehicles/suv/9e1b22/front.jpg/more",
      "vehicles/suv/mazda-cx-99/9e1b22/front.jpg", // no such model
      "vehicles/sedan/mazda-cx-5/9e1b22/front.jpg", // a model, but not of that body
      "vehicles/suv/mazda-cx-5/123456/front.jpg",
      "vehicles/suv/mazda-cx-5/9e1b22/top.jpg",
      "vehicles/suv/mazda-cx-5/9e1b22/front.jpg/more",
      "vehicles/suv/Mazda-CX-5/9e1b22/front.jpg",
      "vehicles/suv/..%2F..%2Fetc/9e1b22/front.jpg",
      "vehicles/suv/-cx-5/9e1b22/front.jpg",
      "vehicles/motorcycle/yamaha-mt-07/24262a/interior-front.jpg",
      "vehicles/../../etc/passwd",
      "photos/suv/9e1b22/front.jpg",
      "",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    const res = await GET(new Request("http://localhost/media"), { params: Promise.resolve({ path: undefined as unknown as string[] }) });
    expect(res.status).toBe(404);
  });
});

describe("model drawings", () => {
  it("answer at /media/vehicles/{body}/{model}/{hex}/{view}, beside the old generic URL", async () => {
    const generic = await get("vehicles/suv/9e1b22/right.jpg");
    const cx5 = await get("vehicles/suv/mazda-cx-5/9e1b22/right.jpg");
    expect([generic.status, cx5.status]).toEqual([200, 200]);
    const [a, b] = [Buffer.from(await generic.arrayBuffer()), Buffer.from(await cx5.arrayBuffer())];
    expect(a.equals(b)).toBe(false);
    expect(await sharp(b).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 800 });
    expect(existsSync(join(dataDir, "media", "vehicles", "suv", "mazda-cx-5", "9e1b22", `right.${hashOf("vehicles/suv/mazda-cx-5/9e1b22/right.jpg")}.jpg`))).toBe(true);
    expect(parsePicturePath(["suv", "mazda-cx-5", "9e1b22", "right.jpg"])).toEqual({ body: "suv", model: "mazda-cx-5", hex: "9e1b22", view: "right", format: "jpg", angle: 0 });
  });

  it("are the same bytes for the same request", async () => {
    const req = { body: "ute" as const, model: "ford-ranger", hex: "b9bcbf", view: "front-right", format: "jpg" as const, angle: -35 };
    expect(pictureSvg("ute", "b9bcbf", "rear", "ford-ranger")).toBe(pictureSvg("ute", "b9bcbf", "rear", "ford-ranger"));
    expect((await renderPicture(req)).equals(await renderPicture({ ...req }))).toBe(true);
  });
});
