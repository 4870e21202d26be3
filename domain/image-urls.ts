/** Image URLs through Next's image optimisation with the spec's width (850) and quality (90; 75 sidebar); next.config.ts lists the same widths and qualities. */

/** Spec §7: media load with width 850 by default … */
export const DEFAULT_IMAGE_WIDTH = 850;
/** … and quality 90 … */
export const IMAGE_QUALITY = 90;
/** … or 75 in the sidebar variant. */
export const SIDEBAR_IMAGE_QUALITY = 75;
/** Widths the optimiser accepts (next.config.ts images.deviceSizes + imageSizes). */
export const IMAGE_DEVICE_SIZES = [640, 750, 828, 850, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_QUALITIES = [75, 90] as const;
const ALL_WIDTHS = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES];

/** The allowed width nearest above `width` (the optimiser answers 400 to any other). */
export function allowedWidth(width: number): number {
  return ALL_WIDTHS.find((w) => w >= width) ?? ALL_WIDTHS[ALL_WIDTHS.length - 1];
}

function allowedQuality(quality: number): number {
  return IMAGE_QUALITIES.reduce((best, q) => (Math.abs(q - quality) < Math.abs(best - quality) ? q : best), IMAGE_QUALITIES[0]);
}

/**
 * The URL of `src` resized to `width` at `quality` through /_next/image (which also picks WebP
 * when the browser takes it). Local pictures only: remote URLs, data: URLs and SVGs come back
 * unchanged.
 */
export function imageUrl(src: string, opts: { width?: number; quality?: number } = {}): string {
  if (!src.startsWith("/") || src.startsWith("//") || /\.svg(\?|$)/i.test(src)) return src;
  const w = allowedWidth(opts.width ?? DEFAULT_IMAGE_WIDTH);
  const q = allowedQuality(opts.quality ?? IMAGE_QUALITY);
  return `/_next/image?url=${encodeURIComponent(src)}&w=${w}&q=${q}`;
}

/** A srcset for `src` at the given widths (default: phone to desktop). */
export function imageSrcSet(src: string, opts: { widths?: readonly number[]; quality?: number } = {}): string {
  const widths = [...new Set((opts.widths ?? [640, 850, 1200]).map(allowedWidth))];
  return widths.map((w) => `${imageUrl(src, { width: w, quality: opts.quality })} ${w}w`).join(", ");
}

/** For next/image's `loader` prop (client components) or a loaderFile. */
export const imageLoader = ({ src, width, quality }: { src: string; width: number; quality?: number }) => imageUrl(src, { width, quality });
