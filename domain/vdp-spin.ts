/** The vehicle page's 360° spin viewer (spec search-and-vehicle-detail §8, §9): dragging and stepping frames, the loading gauge, hotspots per frame. */
import type { Hotspot } from "../schemas/generated/vehicle";

/** Spec §9: dragging 20 px turns one frame; auto-rotate every 100 ms; the loading gauge circle's length 515. */
export const SPIN_PX_PER_FRAME = 20;
export const SPIN_INTERVAL_MS = 100;
export const SPIN_GAUGE_CIRCLE = 515;
/** Spec §8: logged when frames or the external viewer fail to load. */
export const SPIN_IMAGES_ERROR = "Error loading images:";
export const ORBIT_ASSETS_ERROR = "Error loading Orbit assets:";

const wrap = (i: number, n: number) => ((i % n) + n) % n;

/** The frame after dragging `dx` px from `startFrame` (whole frames of 20 px, wrapping around). */
export const frameAfterDrag = (startFrame: number, dx: number, frameCount: number) =>
  frameCount > 0 ? wrap(startFrame + Math.trunc(dx / SPIN_PX_PER_FRAME), frameCount) : 0;

/** The frame `delta` steps on (arrow keys, auto-rotate), wrapping around. */
export const stepFrame = (frame: number, delta: number, frameCount: number) => (frameCount > 0 ? wrap(frame + delta, frameCount) : 0);

/** The gauge's stroke-dashoffset while frames load: 515 when none, 0 when all. */
export const spinGaugeOffset = (loaded: number, total: number) =>
  total > 0 ? SPIN_GAUGE_CIRCLE * (1 - Math.min(Math.max(loaded / total, 0), 1)) : SPIN_GAUGE_CIRCLE;

/** The hotspots on a frame, each at its position there (posX / posY in percent). */
export function hotspotsForFrame(hotspots: readonly Hotspot[] | undefined, frame: number): { id: string; description: string; posX: number; posY: number }[] {
  return (hotspots ?? []).flatMap((h) =>
    h.positions.filter((p) => p.activeAngle === frame).map((p) => ({ id: h.id, description: h.description, posX: p.posX, posY: p.posY })),
  );
}
