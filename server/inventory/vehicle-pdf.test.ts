import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "../../app/api/cars/[slug]/pdf/route";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import { vehicleSheet } from "../../domain/vehicle-sheet";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { makeTenant } from "../../tests/fixtures/tenant";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant, publish } from "../tenants/store";
import { Services, useServices } from "../root/services";
import { database } from "../db";
import { upsertVehicle } from "./store";
import { localPhoto, PDF_FONT_FILES, pdfFonts, pdfText, renderVehiclePdf } from "./vehicle-pdf";

/** A PDF's objects by number: the dictionary's text and the stream's bytes (inflated), if any. */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream?: Buffer }> {
  const raw = pdf.toString("latin1");
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  for (const m of raw.matchAll(/(?:^|\n)(\d+) 0 obj\n(<<[^]*?>>)\n(stream\n)?/g)) {
    const dict = m[2];
    let stream: Buffer | undefined;
    if (m[3]) {
      const start = m.index! + m[0].length;
      stream = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dict)![1]));
      if (/\/FlateDecode/.test(dict)) stream = inflateSync(stream);
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  return objects;
}

/**
 * The text a PDF draws, read back as a reader would: each font's ToUnicode map turns the glyph
 * codes of every TJ (show text) operation into characters; one operation per line.
 */
function pdfTextOf(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ""), "hex").swap16().toString("utf16le");
  // Font object number → glyph code → text.
  const maps = new Map<number, Map<number, string>>();
  for (const [n, { dict }] of objects) {
    const ref = /\/Type \/Font[^]*\/ToUnicode (\d+) 0 R/.exec(dict);
    if (!ref) continue;
    const map = new Map<number, string>();
    const cmap = objects.get(Number(ref[1]))!.stream!.toString("latin1");
    for (const r of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/g)) {
      [...r[3].matchAll(/<([0-9a-f ]*)>/g)].forEach((e, i) => map.set(parseInt(r[1], 16) + i, utf16(e[1])));
    }
    maps.set(n, map);
  }
  // Font resource name (F1 …) → font object number.
  const names = new Map<string, number>();
  for (const { dict } of objects.values()) for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) names.set(f[1], Number(f[2]));
  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Subtype|\/Length1|\/Type/.test(dict)) continue; // content streams only
    let map: Map<number, string> | undefined;
    for (const op of stream.toString("latin1").matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) map = maps.get(names.get(op[1])!);
      else {
        const hex = [...op[2].matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join("");
        lines.push((hex.match(/.{4}/g) ?? []).map((code) => map?.get(parseInt(code, 16)) ?? "\ufffd").join(""));
      }
    }
  }
  return lines.join("\n").replace(/\u00a0/g, " ");
}

const PHOTO = "/media/vehicles/hatch/f1f2ef/front-right.jpg";
const car = fixtureVehicle({
  id: "pdf-1",
  slug: "2021-toyota-corolla-ascent-sport-hatch-pdf001",
  stocknum: "PDF1",
  dealership_id: 1,
  location_id: 10,
  images: [{ url: PHOTO, kind: "exterior" }],
  standard_equipment: [{ name: "Safety", items: ["Reversing camera", "Lane keep assist"] }],
  dealercomments: "One owner, full service history.",
  finance: undefined,
});

let tdb: TestDatabase;
let h: DbHandle;
const savedDataDir = process.env.DATA_DIR;

function site(slug: string, change: (t: TenantDocument) => void = () => {}) {
  const t = makeTenant(slug, slug === "alpha" ? "Alpha Motors" : "Beta Cars");
  t.features = { pdfDownload: true } as TenantDocument["features"];
  t.locations[0].dealer_license_number = "MD 12345";
  t.locations[0].contact_detail = { phone: "0730001234" } as TenantDocument["locations"][number]["contact_detail"];
  change(t);
  return t;
}

beforeAll(async () => {
  tdb = pgliteDatabase();
  // Pictures are drawn into DATA_DIR/media: keep them in the test's own folder.
  process.env.DATA_DIR = tdb.env.DATA_DIR;
  h = await tdb.open();
  useServices(new Services().with(database, h));
  const beta = site("beta", (t) => {
    t.dealerships[0].id = 2;
    t.locations[0].dealership_id = 2;
  });
  // A dealership belongs to one site: gamma has its own (3), with a car of its own.
  const gamma = site("gamma", (t) => {
    t.features = { pdfDownload: false } as TenantDocument["features"];
    t.dealerships[0].id = 3;
    t.locations[0].dealership_id = 3;
  });
  for (const doc of [site("alpha"), beta, gamma]) {
    await createTenant(h.db, doc, "test");
    await publish(h, doc.identity.slug, { actor: "test" });
  }
  await upsertVehicle(h.db, car);
  await upsertVehicle(h.db, fixtureVehicle({ id: "pdf-gamma", slug: "gamma-car-pdf003", stocknum: "PDF3", dealership_id: 3, location_id: 10 }));
  await upsertVehicle(h.db, { ...fixtureVehicle({ id: "pdf-hidden", slug: "hidden-car-pdf002", stocknum: "PDF2", dealership_id: 1, location_id: 10 }), show_on_dealer_website: false });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await tdb?.cleanup();
  process.env.DATA_DIR = savedDataDir;
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
});

const get = (host: string, slug: string) =>
  GET(new Request(`http://${host}/api/cars/${slug}/pdf`, { headers: { host } }), { params: Promise.resolve({ slug }) });

describe("GET /api/cars/{slug}/pdf", () => {
  it("answers the site's car as a PDF attachment named {slug}.pdf with its name, price, details, location and photo", async () => {
    const res = await get("alpha.localhost:3000", car.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="2021-toyota-corolla-ascent-sport-hatch-pdf001.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(pdf.byteLength));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toMatch(/%%EOF\s*$/);
    // The first photo is embedded as a JPEG.
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image[^]*?\/Filter \/DCTDecode/);
    const text = pdfTextOf(pdf);
    for (const line of [
      "Alpha Motors",
      "2021 Toyota Corolla",
      "Ascent Sport ZWE211R",
      "$27,990",
      "Drive Away",
      "42,123 km",
      "JTNKB3BE10J012345",
      "Reversing camera",
      "One owner, full service history.",
      "Alpha Motors Brisbane",
      "1 Test St, Brisbane QLD 4000",
      "Phone: 07 3000 1234",
      "Dealer licence MD 12345",
      "View online: https://www.alpha.test/cars/2021-toyota-corolla-ascent-sport-hatch-pdf001",
    ]) {
      expect(text, line).toContain(line);
    }
    expect(text.replace(/\n/g, " ")).toContain("Please confirm all details with Alpha Motors Sales before");
  });

  it("is a 404 with a JSON message for a car the site does not show: unknown, hidden, or another site's", async () => {
    for (const [host, slug] of [
      ["alpha.localhost", "no-such-car-000000"],
      ["alpha.localhost", "hidden-car-pdf002"],
      ["beta.localhost", car.slug],
      ["alpha.localhost", "../../etc/passwd"],
    ]) {
      const res = await get(host, slug);
      expect(res.status, `${host} ${slug}`).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: "That car is not listed on this site." });
    }
  });

  it("is a 404 on a site without PDF downloads, and on a host that is no site", async () => {
    const off = await get("gamma.localhost", "gamma-car-pdf003");
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ message: "This site does not offer PDF downloads." });
    const nobody = await get("nobody.localhost", car.slug);
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toEqual({ message: "No dealer site answers at this address." });
  });
});

describe("PDF drawing", () => {
  it("reads the photo from this server: generated pictures (WebP asked for as JPEG) and public files; nothing remote", async () => {
    const jpeg = await localPhoto(PHOTO.replace(".jpg", ".webp"));
    expect([...jpeg!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await localPhoto("https://cdn.example.com/car.jpg")).toBeNull();
    expect(await localPhoto("/media/vehicles/hatch/zzzzzz/front.jpg")).toBeNull();
    expect(await localPhoto("/demo/../../package.json")).toBeNull();
    expect(await localPhoto("/demo/missing.jpg")).toBeNull();
    expect(await localPhoto(null)).toBeNull();
  });

  it("goes without a photo when there is none, and draws a sold car as SOLD", async () => {
    const t = site("alpha");
    const pdf = await renderVehiclePdf(vehicleSheet({ ...car, status: "sold", images: [] }, t), null, { compress: false });
    expect(pdf.toString("latin1")).not.toContain("/Subtype /Image");
    const text = pdfTextOf(pdf);
    expect(text).toContain("SOLD");
    expect(text).toContain("This vehicle has recently sold.");
    expect(text).not.toContain("$27,990");
  });

  it("embeds Noto Sans, regular and bold (subsets), so every letter keeps its accents: Māori, Polish, Vietnamese, € and $", async () => {
    const t = site("alpha", (doc) => (doc.identity.name = "Kōwhai Motors"));
    t.locations[0].name = "Kōwhai Motors Ōtāhuhu";
    const sheet = vehicleSheet(
      { ...car, images: [], dealercomments: "Ā ā Ē ē Ī ī Ō ō Ū ū. Zażółć gęślą jaźń. Tiếng Việt: Đà Nẵng, Huế. Was €21.500, now $27,990." },
      t,
    );
    const pdf = await renderVehiclePdf(sheet, null);
    const bytes = pdf.toString("latin1");
    // Two embedded TrueType subsets (a six-letter tag before the name) and no standard font.
    expect(bytes).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular\b/);
    expect(bytes).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold\b/);
    expect(bytes.match(/\/FontFile2 \d+ 0 R/g)).toHaveLength(2);
    expect(bytes).not.toMatch(/Helvetica/);
    // Subsets keep the file small (each font file is over 600 kB whole).
    expect(pdf.byteLength).toBeLessThan(80_000);
    const text = pdfTextOf(pdf);
    for (const line of [
      "Kōwhai Motors", // bold (the site's name)
      "Kōwhai Motors Ōtāhuhu",
      "Ā ā Ē ē Ī ī Ō ō Ū ū.",
      "Zażółć gęślą jaźń.",
      "Tiếng Việt: Đà Nẵng, Huế.",
      "Was €21.500, now $27,990.",
      "$27,990",
    ]) {
      expect(text, line).toContain(line);
    }
    expect(text).not.toContain("\ufffd");
    expect(text).not.toMatch(/Kowhai/);
  });

  it("reads and parses the fonts once per process, from node_modules", async () => {
    expect(pdfFonts()).toBe(pdfFonts());
    const fonts = await pdfFonts();
    expect(PDF_FONT_FILES).toEqual(["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"]);
    expect([fonts.regular.postscriptName, fonts.bold.postscriptName]).toEqual(["NotoSans-Regular", "NotoSans-Bold"]);
    expect(["ō", "ą", "ệ", "€", "$"].every((ch) => fonts.draws(ch.codePointAt(0)!))).toBe(true);
    expect(fonts.draws("★".codePointAt(0)!)).toBe(false);
  });

  it("draws text composed and whole; only characters the font lacks are left out", async () => {
    const { draws } = await pdfFonts();
    expect(pdfText("Kōwhai Motors — Café • “Best” 5★ 😀", draws)).toBe("Kōwhai Motors — Café • “Best” 5 ");
    // A letter followed by a combining macron becomes the one precomposed letter.
    expect(pdfText("Ko\u0304whai", draws)).toBe("Kōwhai");
    expect(pdfText("line one\r\nline\ttwo\u0007", draws)).toBe("line one\nline two");
  });

  it("flows a long car onto more pages", async () => {
    const items = Array.from({ length: 60 }, (_, i) => `Feature number ${i + 1} with a longer description`);
    const sheet = vehicleSheet({ ...car, standard_equipment: [1, 2, 3, 4, 5].map((g) => ({ name: `Group ${g}`, items })), dealercomments: "Long text. ".repeat(400) }, site("alpha"));
    const pdf = await renderVehiclePdf(sheet, null, { compress: false });
    const pages = Number(/\/Type \/Pages[^]*?\/Count (\d+)/.exec(pdf.toString("latin1"))?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(pdfTextOf(pdf)).toContain("Dealer licence MD 12345");
  });
});
