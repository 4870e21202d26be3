/** Exterior views and spin frames: faces projected, turned-away ones dropped, shaded and painted far to near. */
import type { PictureBody } from "../../../domain/media";
import { FILLS, mix, shade } from "./colour";
import type { Fill, P3, Part, Wheel } from "./model";
import { model } from "./models";
import { camera, directionToCamera, EXTERIOR_SIZE, screen, toCamera, type Camera } from "./projection";

interface Face {
  pts: [number, number][];
  depth: number;
  colour: string;
  /** Camera-space corners (for occlusion tests of surface details). */
  cam: P3[];
}

const path = (pts: [number, number][]) => `M${pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join("L")}Z`;

function widthAt(p: Part, z: number) {
  return p.taper && z > p.taper.above + 1e-6 ? p.halfWidth * p.taper.factor : p.halfWidth;
}

function partFaces(c: Camera, p: Part, paint: string): Face[] {
  const faces: Face[] = [];
  const base = (f: Fill) => (f === "paint" ? paint : f === "highlight" ? mix(paint, "#ffffff", 0.28) : f === "shadow" ? mix(paint, "#000000", 0.35) : FILLS[f]);
  const y0 = p.y ?? 0;
  const n = p.profile.length;
  const at = (i: number, side: 1 | -1): P3 => [p.profile[i][0], y0 + side * widthAt(p, p.profile[i][1]), p.profile[i][1]];
  const meanDepth = (pts: P3[]) => pts.reduce((s, q) => s + toCamera(c, q)[2], 0) / pts.length;
  for (const side of [1, -1] as const) {
    const normal = directionToCamera(c, [0, side, 0]);
    if (normal[2] >= -1e-6) continue;
    const pts = p.profile.map((_, i) => at(i, side));
    faces.push({ pts: pts.map((q) => screen(c, q)), depth: meanDepth(pts), colour: shade(base(p.fill), normal, p.fill), cam: pts.map((q) => toCamera(c, q)) });
    for (const d of p.decals ?? []) {
      const dp = d.poly.map(([x, z]): P3 => [x, y0 + side * (widthAt(p, z) + 0.004), z]);
      // Decals belong to their face: same depth, painted right after it.
      faces.push({ pts: dp.map((q) => screen(c, q)), depth: meanDepth(pts) - 1e-4, colour: shade(base(d.fill), normal, d.fill), cam: [] });
    }
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [x1, z1] = p.profile[i];
    const [x2, z2] = p.profile[j];
    const len = Math.hypot(x2 - x1, z2 - z1);
    if (len < 1e-9) continue;
    const normal = directionToCamera(c, [(z2 - z1) / len, 0, -(x2 - x1) / len]);
    if (normal[2] >= -1e-6) continue;
    const quad = [at(i, 1), at(j, 1), at(j, -1), at(i, -1)];
    const fill: Fill = p.glass?.includes(i) ? "glass" : p.dark?.includes(i) ? "plastic" : p.fill;
    faces.push({ pts: quad.map((q) => screen(c, q)), depth: meanDepth(quad), colour: shade(base(fill), normal, fill), cam: quad.map((q) => toCamera(c, q)) });
  }
  return faces;
}

/** Whether a camera-space point lies behind one of the (camera-facing) faces. */
function hidden(point: P3, faces: Face[]): boolean {
  const [px, pu, pd] = point;
  for (const f of faces) {
    const q = f.cam;
    if (q.length < 3) continue;
    let inside = false;
    for (let i = 0, j = q.length - 1; i < q.length; j = i++) {
      const [xi, ui] = q[i];
      const [xj, uj] = q[j];
      if (ui > pu !== uj > pu && px < ((xj - xi) * (pu - ui)) / (uj - ui) + xi) inside = !inside;
    }
    if (!inside) continue;
    // Newell's normal and the face's plane depth at this point.
    let nx = 0, nu = 0, nd = 0, cx = 0, cu = 0, cd = 0;
    for (let i = 0; i < q.length; i++) {
      const [x1, u1, d1] = q[i];
      const [x2, u2, d2] = q[(i + 1) % q.length];
      nx += (u1 - u2) * (d1 + d2);
      nu += (d1 - d2) * (x1 + x2);
      nd += (x1 - x2) * (u1 + u2);
      cx += x1 / q.length;
      cu += u1 / q.length;
      cd += d1 / q.length;
    }
    if (Math.abs(nd) < 1e-9) continue;
    const depth = cd - (nx * (px - cx) + nu * (pu - cu)) / nd;
    if (depth < pd - 0.02) return true;
  }
  return false;
}

function wheelFaces(c: Camera, w: Wheel, side: 1 | -1): Face[] {
  const faces: Face[] = [];
  const N = 24;
  const yOut = side * (w.track + w.width / 2);
  const yIn = side * (w.track - w.width / 2);
  const ring = (y: number, r: number) => Array.from({ length: N }, (_, k): P3 => [w.x + r * Math.cos((2 * Math.PI * k) / N), y, w.r + r * Math.sin((2 * Math.PI * k) / N)]);
  const outer = ring(yOut, w.r);
  const inner = ring(yIn, w.r);
  const depth = (q: P3[]) => q.reduce((s, p) => s + toCamera(c, p)[2], 0) / q.length;
  for (let k = 0; k < N; k++) {
    const k2 = (k + 1) % N;
    const a = (2 * Math.PI * (k + 0.5)) / N;
    const normal = directionToCamera(c, [Math.cos(a), 0, Math.sin(a)]);
    if (normal[2] >= 0) continue;
    const quad = [outer[k], outer[k2], inner[k2], inner[k]];
    faces.push({ pts: quad.map((q) => screen(c, q)), depth: depth(quad), colour: shade("#202022", normal, "dark"), cam: [] });
  }
  const normal = directionToCamera(c, [0, side, 0]);
  if (normal[2] < 0) {
    const d = depth(outer) - 1e-3;
    faces.push({ pts: outer.map((q) => screen(c, q)), depth: d, colour: shade("#232325", normal, "dark"), cam: [] });
    const rimR = w.rim ?? 0.64;
    const rim = ring(yOut + side * 0.005, w.r * rimR);
    faces.push({ pts: rim.map((q) => screen(c, q)), depth: d - 1e-3, colour: shade(w.darkRim ? "#4a4d52" : "#b9bdc2", normal, "chrome"), cam: [] });
    const spokes = w.spokes ?? 5;
    // (The generic drawings keep their wheels exactly: holes of 0.12 r at 0.38 r.)
    const custom = w.rim !== undefined || w.spokes !== undefined;
    const holeR = custom ? (w.r * rimR * 0.19 * 5) / Math.max(5, spokes) : w.r * 0.12;
    const holeAt = custom ? w.r * rimR * 0.6 : w.r * 0.38;
    for (let s = 0; s < spokes; s++) {
      const a = (2 * Math.PI * s) / spokes + 0.3;
      const hole = Array.from({ length: 8 }, (_, k): P3 => {
        const t = (2 * Math.PI * k) / 8;
        return [w.x + holeAt * Math.cos(a) + holeR * Math.cos(t), yOut + side * 0.006, w.r + holeAt * Math.sin(a) + holeR * Math.sin(t)];
      });
      faces.push({ pts: hole.map((q) => screen(c, q)), depth: d - 2e-3, colour: shade("#3a3d42", normal, "dark"), cam: [] });
    }
    const hub = ring(yOut + side * 0.007, w.r * 0.13);
    faces.push({ pts: hub.map((q) => screen(c, q)), depth: d - 3e-3, colour: shade("#7d8287", normal, "chrome"), cam: [] });
  }
  return faces;
}

const centroid = (q: P3[]): P3 => q.reduce((s, p) => [s[0] + p[0] / q.length, s[1] + p[1] / q.length, s[2] + p[2] / q.length], [0, 0, 0] as P3);

/** An exterior view or spin frame of `body` (or of its model `key`) in paint `hex` (no #), turned by `angleDeg`. */
export function exteriorSvg(body: PictureBody, hex: string, angleDeg: number, key?: string): string {
  const m = model(body, key);
  const c = camera(m, angleDeg);
  const { width: W, height: H } = EXTERIOR_SIZE;
  const paint = `#${hex}`;
  const centreDepth = toCamera(c, [m.length / 2, 0, m.height / 2])[2];

  const main: Face[] = [];
  const detail: Face[] = [];
  for (const p of m.parts) (p.layer === 1 ? detail : main).push(...partFaces(c, p, paint));
  const far: Face[] = [];
  const near: Face[] = [];
  for (const w of m.wheels) {
    // A motorcycle's wheel sits on the centre line: both tyre walls belong to one wheel.
    const sides = w.track === 0 ? [[-1, 1] as const] : [[1] as const, [-1] as const];
    for (const group of sides) {
      const faces = group.flatMap((side) => wheelFaces(c, w, side));
      // A wheel on the side facing the camera goes over the body; the others go behind it.
      const isNear =
        group.length === 2 ? toCamera(c, [w.x, 0, w.r])[2] < centreDepth - 0.05 : directionToCamera(c, [0, group[0], 0])[2] < -1e-6;
      (isNear ? near : far).push(...faces);
    }
  }
  const byDepth = (a: Face, b: Face) => b.depth - a.depth;
  // Surface details (lights, rails) go over the body, except where the body stands in front of them.
  const visibleDetail = detail.filter((f) => !hidden(centroid(f.cam), main));
  const ordered = [...far.sort(byDepth), ...main.sort(byDepth), ...visibleDetail.sort(byDepth), ...near.sort(byDepth)];

  const footprint = [[0, -m.width / 2], [m.length, -m.width / 2], [m.length, m.width / 2], [0, m.width / 2]].map(([x, y]) => screen(c, [x, y * 1.05, 0]));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f6f8"/><stop offset="0.62" stop-color="#e9ebee"/><stop offset="1" stop-color="#d6d9dd"/></linearGradient>`,
    `<filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="14"/></filter></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<path d="${path(footprint)}" fill="#1a1c20" opacity="0.38" filter="url(#blur)"/>`,
    `<g stroke-linejoin="round" stroke-width="0.8">`,
    ...ordered.map((f) => `<path d="${path(f.pts)}" fill="${f.colour}" stroke="${f.colour}"/>`),
    `</g></svg>`,
  ].join("");
}
