import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "../../app/media/[...path]/route";
import { PICTURE_BODIES } from "../../domain/media";
import { anchorPositions, exteriorSvg } from "./pictures";

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

const get = (path: string) => GET(new Request(`http://localhost/media/${path}`), { params: Promise.resolve({ path: path.split("/") }) });

describe("GET /media/vehicles/…", () => {
  it("draws a JPEG of the body in the colour, with long cache headers, and keeps it on disk", async () => {
    const res = await get("vehicles/suv/9e1b22/front-right.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
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

    const file = join(dataDir, "media", "vehicles", "suv", "9e1b22", "front-right.jpg");
    expect(readFileSync(file)).toEqual(bytes);
    writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xd9])); // served from the cache from now on
    expect([...Buffer.from(await (await get("vehicles/suv/9e1b22/front-right.jpg")).arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
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
    expect(existsSync(join(dataDir, "media", "vehicles", "van", "1f3a6b", "rear.jpg"))).toBe(true);
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

describe("vehicle drawings", () => {
  it("exist for every body and every angle", () => {
    for (const body of PICTURE_BODIES) {
      for (const angle of [-35, 0, 90, 180, 270]) {
        const svg = exteriorSvg(body, "9e1b22", angle);
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).not.toContain("NaN");
      }
    }
  });

  it("place hotspots on the frames that face them, inside the picture", () => {
    const front = anchorPositions("suv", "front");
    expect(front.length).toBeGreaterThan(3);
    expect(front.length).toBeLessThan(24);
    for (const p of front) {
      expect(p.posX).toBeGreaterThan(0);
      expect(p.posX).toBeLessThan(100);
      expect(p.posY).toBeGreaterThan(0);
      expect(p.posY).toBeLessThan(100);
    }
    // The front faces the camera in the first frame (front three-quarter) and not half a turn later.
    expect(front.map((p) => p.activeAngle)).toContain(0);
    expect(front.map((p) => p.activeAngle)).not.toContain(12);
  });
});
