/**
 * Vehicle pictures drawn from nothing but a body type and a colour, as SVG.
 *
 * Each body type is a few "parts": a side profile (x forward, z up, metres) extruded across the
 * vehicle's width, plus wheels. A view turns the model about its vertical axis, projects it with
 * a slightly raised camera, drops faces turned away, shades the rest by their angle to a light and
 * paints them far to near. The same model gives the gallery angles and every 360° spin frame, and
 * ./anchors.ts tells where a point of it lands in a frame (hotspots). Cabin views are flat
 * drawings in the trim colour. Rasterising (sharp) and caching are in server/media/vehicle-pictures.ts.
 *
 * The pieces: ./model.ts (what a drawing is), ./generic*.ts (one per body type), ./shapes.ts and
 * ./shaped*.ts (one per catalogue model), ./models.ts (which to draw), ./projection.ts, ./colour.ts,
 * ./exterior.ts, ./interior.ts and ./anchors.ts.
 */
import { EXTERIOR_VIEWS, spinAngle, type PictureBody } from "../../../domain/media";
import { exteriorSvg } from "./exterior";
import { interiorSvg } from "./interior";

/** The SVG for a parsed picture request (`key`: the model's own drawing). */
export function pictureSvg(body: PictureBody, hex: string, view: string, key?: string): string {
  if (view in EXTERIOR_VIEWS) return exteriorSvg(body, hex, EXTERIOR_VIEWS[view as keyof typeof EXTERIOR_VIEWS], key);
  const spin = /^spin-(\d\d)$/.exec(view);
  if (spin) return exteriorSvg(body, hex, spinAngle(Number(spin[1])), key);
  return interiorSvg(body, hex, view as "interior-front", key);
}
