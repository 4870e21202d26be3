import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { caravanVehicle, comingSoonVehicle, electricVehicle, fixtureVehicle, reservedVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { galleryModel, galleryVideo } from "./gallery";
import VehicleGallery from "./vehicle-gallery";

const PATH = "/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001";
const props: BlockProps<"vehicle-gallery"> = { thumbnails: true, fullscreen: true, hotspots: true, video: true };
const frames = Array.from({ length: 24 }, (_, i) => `/media/vehicles/hatch/f1f2ef/spin-${String(i).padStart(2, "0")}.webp`);
const enc = (s: string) => encodeURIComponent(s);

/** A car with 6 photos, a 24-frame spin, an interior panorama and hotspots. */
const spinCar = (o: Partial<StoredVehicle> = {}) =>
  fixtureVehicle({
    images: [
      ...["front-right", "right", "rear-right", "rear", "left"].map((v) => ({ url: `/media/vehicles/hatch/f1f2ef/${v}.jpg`, thumb_url: `/media/vehicles/hatch/f1f2ef/${v}.jpg`, kind: "exterior" as const })),
      { url: "/media/vehicles/hatch/24262a/interior-front.jpg", kind: "interior" as const },
    ],
    spin_images: frames,
    spin_interior_image: "/media/vehicles/hatch/24262a/interior-pano.jpg",
    hotspots: {
      exterior: [
        { id: "ext-1", description: "LED headlights", positions: [{ activeAngle: 0, posX: 22.5, posY: 48 }, { activeAngle: 1, posX: 24, posY: 48 }] },
        { id: "ext-2", description: "18-inch alloy wheels", positions: [{ activeAngle: 5, posX: 70, posY: 70 }] },
      ],
      interior: [{ id: "int-1", description: "Touchscreen with Apple CarPlay and Android Auto", positions: [{ activeAngle: 0, posX: 50, posY: 50 }] }],
    },
    ...o,
  });

const tenantWith = (change: (t: TenantDocument) => void) => {
  const t = structuredClone(fixtureTenant);
  change(t);
  return t;
};

async function render(car: StoredVehicle | null, p: Partial<BlockProps<"vehicle-gallery">> = {}, tenant: TenantDocument = fixtureTenant): Promise<string> {
  const el = await VehicleGallery({ id: "gallery", props: { ...props, ...p }, ctx: fixtureCtx(PATH, tenant, car) });
  return el ? renderToString(el as ReactElement) : "";
}

const count = (html: string, re: RegExp) => (html.match(new RegExp(re.source, "g")) ?? []).length;

describe("vehicle gallery: model", () => {
  it("offers Spin, Images and Interior in that order and opens on the site's default view (spinner by default)", () => {
    const m = galleryModel(spinCar(), fixtureTenant.features, props as Required<typeof props>);
    expect(m.tabs).toEqual(["spin", "images", "interior"]);
    expect(m.defaultTab).toBe("spin");
    expect(m.spinFrames).toHaveLength(24);
    expect(m.spinFrames[0]).toBe(`/_next/image?url=${enc(frames[0])}&w=850&q=90`);
    const gallery = galleryModel(spinCar(), { spinViewer: { enabled: true, defaultView: "gallery", autoRotate: false } }, props as Required<typeof props>);
    expect(gallery.defaultTab).toBe("images");
    const interior = galleryModel(spinCar(), { spinViewer: { enabled: true, defaultView: "interior", autoRotate: true } }, props as Required<typeof props>);
    expect(interior.defaultTab).toBe("interior");
    expect(interior.autoRotate).toBe(true);
  });

  it("falls back to Images when the default view is missing, and drops spin and interior when the viewer is off", () => {
    expect(galleryModel(fixtureVehicle(), fixtureTenant.features, props as Required<typeof props>)).toMatchObject({ tabs: ["images"], defaultTab: "images" });
    const off = galleryModel(spinCar(), { spinViewer: { enabled: false, defaultView: "spinner", autoRotate: false } }, props as Required<typeof props>);
    expect(off).toMatchObject({ tabs: ["images"], defaultTab: "images", spinFrames: [], interior: null });
  });

  it("has no tab at all for a car without pictures (and never throws on missing fields)", () => {
    const bare = fixtureVehicle({ images: undefined as never, hotspots: undefined });
    expect(galleryModel(bare, fixtureTenant.features, props as Required<typeof props>)).toMatchObject({ tabs: [], defaultTab: null, thumbnails: false });
  });

  it("shows thumbnails only for more than 3 images on an in-stock car (spec §5)", () => {
    const m = (car: StoredVehicle) => galleryModel(car, fixtureTenant.features, props as Required<typeof props>).thumbnails;
    expect(m(fixtureVehicle())).toBe(true); // 4 images
    expect(m(fixtureVehicle({ images: fixtureVehicle().images.slice(0, 3) }))).toBe(false);
    expect(m(soldVehicle())).toBe(false);
    expect(m(comingSoonVehicle())).toBe(false);
    expect(m(reservedVehicle())).toBe(true);
    expect(galleryModel(fixtureVehicle(), fixtureTenant.features, { ...(props as Required<typeof props>), thumbnails: false }).thumbnails).toBe(false);
  });

  it("plays a local video file and links to YouTube (no third-party frame)", () => {
    expect(galleryVideo({ video_url: "/uploads/walkaround.mp4" })).toEqual({ kind: "file", src: "/uploads/walkaround.mp4" });
    expect(galleryVideo({ external_video_url: "https://www.youtube.com/watch?v=abc123def45" })).toEqual({
      kind: "link",
      href: "https://www.youtube.com/watch?v=abc123def45",
      label: "Watch the video on YouTube",
    });
    expect(galleryVideo({ external_video_url: "not a url" })).toBeNull();
    const m = galleryModel(spinCar({ external_video_url: "https://youtu.be/abc" }), fixtureTenant.features, props as Required<typeof props>);
    expect(m.tabs).toEqual(["spin", "images", "interior", "video"]);
  });
});

describe("vehicle gallery: server HTML", () => {
  it("renders nothing without a car", async () => {
    expect(await render(null)).toBe("");
  });

  it("opens on the spin: first frame as an eager, high-priority placeholder with the 515 loading gauge", async () => {
    const html = await render(spinCar());
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Spin</);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>Images</);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>Interior</);
    expect(html).toContain('data-spin-state="loading"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(`src="/_next/image?url=${enc(frames[0])}&amp;w=850&amp;q=90"`);
    expect(html).toMatch(/<img[^>]*width="1200"[^>]*height="800"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html).toContain('stroke-dasharray="515"');
    expect(html).toContain('stroke-dashoffset="515"');
    expect(html).toContain("Loading 360° view");
    // Not interactive (and no hotspots) until every frame has loaded.
    expect(html).not.toContain('role="slider"');
    expect(html).not.toContain("Feature: LED headlights");
    // The other panels exist for their tabs but stay empty until opened.
    expect(html).toMatch(/id="gallery-panel-images"[^>]*hidden=""/);
    expect(html).toContain('aria-controls="gallery-panel-interior"');
  });

  it("opens on the gallery where the site says so: first image eager with srcset, prev/next, thumbnails as buttons", async () => {
    const tenant = tenantWith((t) => (t.features.spinViewer.defaultView = "gallery"));
    const html = await render(spinCar(), {}, tenant);
    const first = "/media/vehicles/hatch/f1f2ef/front-right.jpg";
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Images</);
    expect(html).toContain(`src="/_next/image?url=${enc(first)}&amp;w=850&amp;q=90"`);
    expect(html).toContain(`/_next/image?url=${enc(first)}&amp;w=640&amp;q=90 640w, /_next/image?url=${enc(first)}&amp;w=850&amp;q=90 850w, /_next/image?url=${enc(first)}&amp;w=1200&amp;q=90 1200w`);
    expect(html).toContain('sizes="(min-width: 1024px) 760px, 100vw"');
    expect(html).toMatch(/alt="2021 Toyota Corolla Ascent Sport ZWE211R, exterior image 1 of 6"[^>]*width="1200"[^>]*height="800"[^>]*loading="eager"[^>]*data-index="0"[^>]*fetchPriority="high"/);
    expect(html).toContain("Previous image");
    expect(html).toContain("Next image");
    expect(html).toContain('aria-label="Image 1 of 6. Use the left and right arrow keys to move through the images."');
    expect(html).toContain('aria-label="Thumbnails"');
    expect(count(html, /Show image \d+ of 6/)).toBe(6);
    expect(count(html, /aria-current="true"/)).toBe(1);
    expect(html).toContain(`src="/_next/image?url=${enc(first)}&amp;w=128&amp;q=90"`);
    // The thumbnails never compete with the picture shown (the page's largest paint).
    expect(count(html, /<img src="[^"]*w=128[^"]*"[^>]*loading="lazy"[^>]*fetchPriority="low"/g)).toBe(6);
  });

  it("a car with photos only has no tablist; a sold car has no thumbnails", async () => {
    const html = await render(fixtureVehicle());
    expect(html).not.toContain('role="tablist"');
    expect(html).not.toContain('role="tabpanel"');
    expect(html).toContain('aria-label="Thumbnails"');
    expect(html).toContain('aria-label="Fullscreen"');
    const sold = await render(soldVehicle());
    expect(sold).not.toContain('aria-label="Thumbnails"');
    expect(sold).toContain("Next image");
  });

  it("shows Image coming soon for a coming-soon car without pictures", async () => {
    const soon = comingSoonVehicle();
    soon.images = [];
    const html = await render(soon);
    expect(html).toContain("Image coming soon");
    expect(html).not.toContain("<img");
  });

  it("opens the interior panorama with its hotspots placed by position", async () => {
    const tenant = tenantWith((t) => (t.features.spinViewer.defaultView = "interior"));
    const html = await render(spinCar(), {}, tenant);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Interior</);
    expect(html).toContain('aria-label="2021 Toyota Corolla Ascent Sport ZWE211R interior panorama, scroll sideways"');
    expect(html).toContain(`/_next/image?url=${enc("/media/vehicles/hatch/24262a/interior-pano.jpg")}&amp;w=2048&amp;q=90`);
    expect(html).toContain('style="left:50%;top:50%"');
    expect(html).toContain('aria-label="Feature: Touchscreen with Apple CarPlay and Android Auto"');
    expect(await render(spinCar(), { hotspots: false }, tenant)).not.toContain("Feature:");
  });

  it("renders electric and caravan cars the same way (their pictures, their names)", async () => {
    const ev = await render(electricVehicle());
    expect(ev).toContain('alt="2024 BYD Atto 3 Extended, exterior image 1 of 4"');
    const van = await render(caravanVehicle());
    expect(van).toContain('alt="2022 Jayco Journey Outback, exterior image 1 of 4"');
  });

  it("leaves out the fullscreen button and the video when switched off", async () => {
    const car = spinCar({ external_video_url: "https://www.youtube.com/watch?v=abc123def45" });
    expect(await render(car)).toMatch(/role="tab"[^>]*>Video</);
    const html = await render(car, { fullscreen: false, video: false });
    expect(html).not.toContain("Fullscreen");
    expect(html).not.toMatch(/>Video</);
  });

  it("shows a YouTube video as a link opening in a new tab", async () => {
    const tenant = tenantWith((t) => (t.features.spinViewer.enabled = false));
    const html = await render(fixtureVehicle({ images: [], external_video_url: "https://www.youtube.com/watch?v=abc123def45" }), {}, tenant);
    expect(html).toContain('href="https://www.youtube.com/watch?v=abc123def45" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("Watch the video on YouTube");
    expect(html).not.toContain("<iframe");
  });
});
