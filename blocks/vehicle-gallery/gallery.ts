/**
 * The image area of a vehicle detail page as data (spec §2 "Image area", §4 "Image viewer",
 * §5 thumbnails): which tabs the car has, the default one, the gallery images with their URLs,
 * the spin frames, the interior panorama, hotspots and the video. Pure and serialisable: the
 * server builds it once and the client leaf renders it.
 */
import { imageSrcSet, imageUrl } from "../../domain/image-urls";
import { showThumbnails } from "../../domain/vdp-rules";
import { vehicleHeading } from "../../domain/vehicle-display";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Hotspot, Vehicle } from "../../schemas/generated/vehicle";

export type GalleryTab = "spin" | "images" | "interior" | "video";

/** Tab labels, in the order they show (spec §2: Spin, Images and Interior; a Video tab when the car has one). */
export const TAB_LABELS: Record<GalleryTab, string> = { spin: "Spin", images: "Images", interior: "Interior", video: "Video" };
const TAB_ORDER: GalleryTab[] = ["spin", "images", "interior", "video"];

/** features.spinViewer.defaultView → tab. */
const VIEW_TAB = { spinner: "spin", gallery: "images", interior: "interior" } as const satisfies Record<string, GalleryTab>;

/** The gallery's main image: 850 wide at quality 90 (spec §7), with a srcset from phone to desktop. */
export const GALLERY_SIZES = "(min-width: 1024px) 760px, 100vw";
/** The demo pictures (and most dealer photos) are 3:2; the panorama is 2:1. */
export const IMAGE_RATIO = { width: 1200, height: 800 } as const;
export const PANO_RATIO = { width: 2000, height: 1000 } as const;
export const THUMB_WIDTH = 128;

export interface GalleryImage {
  src: string;
  srcSet?: string;
  thumb: string;
  alt: string;
  kind: "exterior" | "interior";
}

export interface GalleryHotspots {
  exterior: Hotspot[];
  interior: Hotspot[];
}

export interface GalleryModel {
  title: string;
  tabs: GalleryTab[];
  defaultTab: GalleryTab | null;
  images: GalleryImage[];
  thumbnails: boolean;
  /** Spin frames as loaded and shown (850 q90). */
  spinFrames: string[];
  interior: string | null;
  hotspots: GalleryHotspots;
  autoRotate: boolean;
  fullscreen: boolean;
  video: { kind: "file"; src: string } | { kind: "link"; href: string; label: string } | null;
}

export interface GalleryOptions {
  thumbnails: boolean;
  fullscreen: boolean;
  hotspots: boolean;
  video: boolean;
}

const isLocal = (src: string) => src.startsWith("/") && !src.startsWith("//");
const nonEmpty = (s: string | null | undefined): s is string => typeof s === "string" && s.trim() !== "";

/** A video: a local file plays in a <video>; anything else (YouTube …) is a link, never a third-party frame. */
export function galleryVideo(car: Pick<Vehicle, "video_url" | "external_video_url">): GalleryModel["video"] {
  const local = [car.video_url, car.external_video_url].find((u) => nonEmpty(u) && isLocal(u));
  if (local) return { kind: "file", src: local };
  const remote = [car.external_video_url, car.video_url].find((u): u is string => nonEmpty(u) && /^https?:\/\//i.test(u));
  if (!remote) return null;
  let host: string;
  try {
    host = new URL(remote).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
  const label = /(^|\.)youtube\.com$|(^|\.)youtu\.be$/.test(host) ? "Watch the video on YouTube" : `Watch the video on ${host}`;
  return { kind: "link", href: remote, label };
}

export function galleryModel(
  car: Pick<Vehicle, "year" | "make" | "model" | "badge" | "series" | "status" | "images" | "spin_images" | "spin_interior_image" | "hotspots" | "video_url" | "external_video_url">,
  features: Pick<TenantDocument["features"], "spinViewer">,
  options: GalleryOptions,
): GalleryModel {
  const { title, subtitle } = vehicleHeading(car);
  const name = [title, subtitle].filter(Boolean).join(" ");
  const raw = (car.images ?? []).filter((i) => i && nonEmpty(i.url));
  const images: GalleryImage[] = raw.map((img, i) => ({
    src: imageUrl(img.url),
    ...(isLocal(img.url) ? { srcSet: imageSrcSet(img.url, { widths: [640, 850, 1200] }) } : {}),
    thumb: imageUrl(nonEmpty(img.thumb_url) ? img.thumb_url : img.url, { width: THUMB_WIDTH }),
    alt: `${name}, ${img.kind === "interior" ? "interior" : "exterior"} image ${i + 1} of ${raw.length}`,
    kind: img.kind === "interior" ? "interior" : "exterior",
  }));
  const spin = features.spinViewer?.enabled !== false;
  const spinFrames = spin ? (car.spin_images ?? []).filter(nonEmpty).map((u) => imageUrl(u)) : [];
  const interior = spin && nonEmpty(car.spin_interior_image) ? imageUrl(car.spin_interior_image, { width: 2048 }) : null;
  const video = options.video ? galleryVideo(car) : null;

  const has: Record<GalleryTab, boolean> = { spin: spinFrames.length > 0, images: images.length > 0, interior: !!interior, video: !!video };
  const tabs = TAB_ORDER.filter((t) => has[t]);
  const wanted = VIEW_TAB[features.spinViewer?.defaultView ?? "spinner"] ?? "spin";
  const defaultTab = has[wanted] ? wanted : (["images", "spin", "interior", "video"] as const).find((t) => has[t]) ?? null;

  const clean = (list: Hotspot[] | undefined) =>
    options.hotspots ? (list ?? []).filter((h) => h && nonEmpty(h.description) && Array.isArray(h.positions)) : [];
  return {
    title: name,
    tabs,
    defaultTab,
    images,
    thumbnails: options.thumbnails && showThumbnails({ images: raw, status: car.status }),
    spinFrames,
    interior,
    hotspots: { exterior: clean(car.hotspots?.exterior), interior: clean(car.hotspots?.interior) },
    autoRotate: !!features.spinViewer?.autoRotate,
    fullscreen: options.fullscreen,
    video,
  };
}
