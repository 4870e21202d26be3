/** A car drawn from its model's shape parameters (./shapes.ts): body, glass, lines, lamps and grille. */
import { arch, pillar } from "./generic-parts";
import { mirrored, rect, type Decal, type Fill, type Model, type P2, type Part } from "./model";
import type { CarShape } from "./shapes";

const lerpX = (a: P2, b: P2, z: number) => (Math.abs(b[1] - a[1]) < 1e-6 ? a[0] : a[0] + ((b[0] - a[0]) * (z - a[1])) / (b[1] - a[1]));

export function shapedCar(s: CarShape): Model {
  const L = s.length, H = s.height, w = s.width / 2;
  const fx = L - s.frontOverhang;
  const rx = fx - s.wheelbase;
  const pts: P2[] = [];
  const glass: number[] = [];
  const dark: number[] = [];
  const to = (p: P2, fill?: "glass" | "dark") => {
    if (fill === "glass") glass.push(pts.length - 1);
    if (fill === "dark") dark.push(pts.length - 1);
    pts.push(p);
  };
  const cabX = rx + s.r + 0.55; // back of a ute's cab
  const x0 = s.tail === "tray" ? cabX : 0;
  to([x0 + 0.1, s.sill]);
  to([L - 0.12, s.sill]);
  to([L, s.sill + 0.14]);
  to([L, s.noseZ]);
  to([L - Math.min(0.2, s.bonnet * 0.3), s.noseZ + (s.cowlZ - s.noseZ) * 0.4]);
  const cowl: P2 = [L - s.bonnet, s.cowlZ];
  to(cowl);
  const roofFront: P2 = [L - s.bonnet - s.rake, H];
  let rearTop: P2, rearBase: P2, cOff: number;
  if (s.tail === "open") {
    rearTop = [0, 0];
    rearBase = [0, 0];
    cOff = 0;
    to([L - s.bonnet - 0.22, s.deckZ + 0.03]);
    to([L * 0.3, s.deckZ + 0.05]);
    to([0.06, s.deckZ]);
    to([0, s.deckZ - 0.18]);
    to([0.02, s.sill + 0.14]);
  } else {
    to(roofFront, "glass");
    const roofEnd = (x: number): P2 => [x, H - s.roofDrop];
    if (s.tail === "notch") {
      const deck = 0.55 * (L / 4.7);
      rearTop = roofEnd(deck + s.tailRake);
      rearBase = [deck, s.deckZ];
      cOff = 0.24;
      to(rearTop, s.blackRoof ? "dark" : undefined);
      to(rearBase, "glass");
      to([0.06, s.deckZ - 0.02]);
      to([0, s.deckZ - 0.22]);
      to([0.02, s.sill + 0.14]);
    } else if (s.tail === "fastback") {
      rearTop = roofEnd(0.3 + s.tailRake);
      rearBase = [0.3, s.deckZ + 0.02];
      cOff = 0.3;
      to(rearTop, s.blackRoof ? "dark" : undefined);
      to(rearBase, "glass");
      to([0.05, s.deckZ - 0.03]);
      to([0, s.deckZ - 0.22]);
      to([0.02, s.sill + 0.14]);
    } else if (s.tail === "hatch" || s.tail === "box") {
      const hatch = s.tail === "hatch";
      rearTop = roofEnd((hatch ? 0.08 : 0.1) + s.tailRake);
      rearBase = [hatch ? 0.06 + s.tailRake * 0.12 : 0.03, s.beltZ + (hatch ? 0.04 : 0.08)];
      cOff = hatch ? 0.2 : 0.12;
      to(rearTop, s.blackRoof ? "dark" : undefined);
      to(rearBase, "glass");
      if (hatch) to([0.02, s.beltZ - 0.12]);
      to([0, s.sill + 0.18]);
    } else {
      // ute and cab-chassis: the cab's back wall, then the tub (ute) or nothing (the tray is its own part)
      rearTop = roofEnd(cabX + 0.14);
      rearBase = [cabX + 0.03, H - 0.12];
      cOff = 0.1;
      to(rearTop, s.blackRoof ? "dark" : undefined);
      to(rearBase);
      to([cabX, s.beltZ]);
      if (s.tail === "tub") {
        to([0.05, s.beltZ]);
        to([0, s.beltZ - 0.17]);
        to([0, s.sill + 0.18]);
      } else to([cabX, s.sill]);
    }
  }

  const decals: Decal[] = [];
  const pillarXs: number[] = [];
  if (s.tail !== "open") {
    const zLow = s.beltZ + 0.04;
    const zHigh = H - s.roofDrop * 0.3 - 0.07;
    const xa0 = lerpX(cowl, roofFront, zLow) - 0.1;
    const xa1 = lerpX(cowl, roofFront, zHigh) - 0.08;
    let xr0 = lerpX(rearTop, rearBase, zLow) + cOff;
    let xr1 = lerpX(rearTop, rearBase, zHigh - s.roofDrop * 0.7) + cOff;
    if (s.cabOnly) {
      xr0 = xr1 = roofFront[0] - 0.55;
      pillarXs.push(xr0 - 0.07);
    }
    decals.push({ poly: [[xa0, zLow], [xa1, zHigh], [xr1, zHigh - s.roofDrop * 0.7], [xr0, zLow]], fill: "glass" });
    if (!s.cabOnly && s.tail !== "fastback") {
      pillarXs.push((xa0 + xr0) / 2 - 0.06);
      if (xa0 - xr0 > 2.2) pillarXs.push(xr0 + (xa0 - xr0) * 0.2);
    }
    for (const x of pillarXs) decals.push(pillar(x, zLow - 0.01, zHigh + 0.01));
  }
  // A crease: a light line over a shadow, rising to the rear.
  if (s.crease > s.sill + 0.15) {
    const xf = fx + s.r * 0.6, xb = Math.max(0.15, rx - s.r * 0.9);
    const zf = s.crease, zb = s.crease + s.creaseRise;
    decals.push({ poly: [[xb, zb], [xf, zf], [xf, zf + 0.025], [xb, zb + 0.025]], fill: "highlight" });
    decals.push({ poly: [[xb, zb - 0.025], [xf, zf - 0.025], [xf, zf], [xb, zb]], fill: "shadow" });
  }
  decals.push({ poly: rect(rx - s.r, s.sill, fx + s.r, s.sill + 0.07), fill: s.cladding ? "plastic" : "dark" });
  if (s.cladding) for (const x of [rx, fx]) decals.push({ poly: arch(x, s.r + 0.08, s.r, s.sill), fill: "plastic" });
  for (const x of [rx, fx]) decals.push({ poly: arch(x, s.r + 0.03, s.r, s.sill), fill: "dark" });
  if (pillarXs.length && !s.cabOnly) for (const x of [pillarXs[0] + 0.5, pillarXs[0] - 0.45]) decals.push({ poly: rect(x, s.beltZ - 0.12, x + 0.16, s.beltZ - 0.09), fill: "plastic" });

  const parts: Part[] = [
    { profile: pts, halfWidth: w, fill: "paint", taper: { above: s.beltZ, factor: s.tail === "box" ? 0.91 : s.tail === "open" ? 0.9 : 0.85 }, glass, dark, decals },
    ...shapedFace(s, w),
  ];
  // mirrors
  parts.push(...mirrored({ profile: [[cowl[0] - 0.2, s.beltZ + 0.03], [cowl[0] - 0.04, s.beltZ + 0.03], [cowl[0] - 0.07, s.beltZ + 0.13], [cowl[0] - 0.18, s.beltZ + 0.13]], halfWidth: 0.06, fill: s.blackRoof ? "plastic" : "paint", layer: 1 }, w * 0.86 + 0.05));
  if (s.rails && s.tail !== "open") {
    const a = roofFront[0] - 0.15, b = rearTop[0] + 0.1;
    parts.push(...mirrored({ profile: [[b, H - s.roofDrop - 0.01], [a, H - 0.01], [a, H + 0.05], [b, H - s.roofDrop + 0.05]], halfWidth: 0.035, fill: "plastic", layer: 1 }, w * 0.72));
  }
  if (s.tail === "tub") parts.push({ profile: rect(0.35, s.beltZ, cabX - 0.05, s.beltZ + 0.02), halfWidth: w - 0.07, fill: "plastic", layer: 1 });
  if (s.tail === "tray") {
    parts.push(
      { profile: rect(0.3, s.sill + 0.1, cabX + 0.05, s.sill + 0.3), halfWidth: 0.45, fill: "dark" },
      { profile: rect(0.0, s.sill + 0.42, cabX - 0.05, s.sill + 0.6), halfWidth: w + 0.06, fill: "alloy" },
      { profile: rect(cabX - 0.15, s.sill + 0.6, cabX - 0.05, H - 0.18), halfWidth: w + 0.06, fill: "alloy" },
    );
  }
  if (s.tail === "open") {
    const wx = cowl[0];
    parts.push(
      { profile: [[wx - 0.12, s.cowlZ], [wx, s.cowlZ], [wx - s.rake - 0.05, H], [wx - s.rake - 0.14, H]], halfWidth: w * 0.78, fill: "glass" },
      ...mirrored({ profile: [[wx - 1.0, s.deckZ], [wx - 0.7, s.deckZ], [wx - 0.72, s.deckZ + 0.25], [wx - 0.92, s.deckZ + 0.27]], halfWidth: 0.2, fill: "plastic" }, w * 0.42),
    );
  }
  if (s.cabOnly) parts.push({ profile: rect(-0.01, s.beltZ + 0.1, 0.01, H - 0.2), halfWidth: w * 0.82, fill: "glass", layer: 1 });
  const wheel = { r: s.r, track: w - 0.13, width: 0.23, spokes: s.spokes, rim: s.rimSize, darkRim: s.darkRims };
  return { length: L, width: s.width, height: H, parts, wheels: [{ x: rx, ...wheel }, { x: fx, ...wheel }] };
}

/** Lamps, grille and plates of a shaped car. */
function shapedFace(s: CarShape, w: number): Part[] {
  const L = s.length;
  const z = s.noseZ - 0.07;
  const out: Part[] = [];
  const lamp = (z0: number, z1: number, hw: number, y: number, back = 0.22): Part[] =>
    mirrored({ profile: [[L - back, z0], [L + 0.03, z0], [L + 0.03, z1], [L - back - 0.04, z1 + 0.01]], halfWidth: hw, fill: "light", layer: 1 }, y);
  if (s.lamp === "slim") out.push(...lamp(z - 0.03, z + 0.035, 0.19, w * 0.66));
  else if (s.lamp === "tall") out.push(...lamp(z - 0.09, z + 0.05, 0.15, w * 0.68));
  else if (s.lamp === "split") out.push(...lamp(z + 0.005, z + 0.04, 0.2, w * 0.66), ...lamp(z - 0.24, z - 0.12, 0.09, w * 0.7, 0.1));
  else {
    // round: an octagon seen from the front, as three slabs
    for (const [hz, hw] of [[0.1, 0.05], [0.075, 0.085], [0.045, 0.1]] as const) out.push(...lamp(z - 0.02 - hz, z - 0.02 + hz, hw, w * 0.64, 0.12));
  }
  const grille = (z0: number, z1: number, hw: number, fill: Fill = "plastic"): Part => ({ profile: rect(L - 0.01, z0, L + 0.01, z1), halfWidth: hw, fill, layer: 1 });
  const low = s.sill + 0.28;
  switch (s.grille) {
    case "wide":
      out.push(grille(z - 0.26, z - 0.07, w * 0.55));
      break;
    case "tall":
      out.push(grille(low, z - 0.01, w * 0.34));
      break;
    case "slot":
      out.push(grille(z - 0.1, z - 0.065, w * 0.3), grille(low, Math.min(low + 0.1, z - 0.14), w * 0.55));
      break;
    case "bars":
      out.push(grille(z - 0.25, z + 0.04, w * 0.5));
      for (const zz of [z - 0.17, z - 0.06]) out.push({ profile: rect(L + 0.008, zz, L + 0.02, zz + 0.03), halfWidth: w * 0.5, fill: "chrome", layer: 1 });
      break;
    case "shield":
      for (const [z0, z1, hw] of [[z - 0.06, z + 0.02, 0.5], [z - 0.16, z - 0.06, 0.42], [z - 0.26, z - 0.16, 0.32]] as const) out.push(grille(z0, z1, w * hw));
      break;
  }
  if (s.lightBar) out.push({ profile: rect(L - 0.01, z + 0.005, L + 0.025, z + 0.025), halfWidth: w * 0.62, fill: "light", layer: 1 });
  out.push({ profile: rect(L - 0.01, s.sill + 0.15, L + 0.012, s.sill + 0.25), halfWidth: 0.24, fill: "white", layer: 1 });
  // rear lamps and plate
  const rz = s.tail === "notch" || s.tail === "fastback" || s.tail === "open" ? s.deckZ - 0.1 : s.tail === "tub" ? s.beltZ - 0.15 : s.tail === "tray" ? s.sill + 0.3 : s.beltZ - 0.08;
  const rear = (z0: number, z1: number, hw: number, y: number, fill: Fill = "red"): Part[] =>
    mirrored({ profile: [[-0.04, z0], [0.16, z0], [0.2, z1], [-0.04, z1]], halfWidth: hw, fill, layer: 1 }, y);
  if (s.tailLamp === "corner") out.push(...rear(rz - 0.07, rz + 0.06, 0.15, w * 0.74));
  else if (s.tailLamp === "wide") out.push(...rear(rz - 0.035, rz + 0.035, 0.3, w * 0.58));
  else out.push({ profile: [[-0.04, rz - 0.02], [0.16, rz - 0.02], [0.2, rz + 0.02], [-0.04, rz + 0.02]], halfWidth: w * 0.9, fill: "red", layer: 1 }, ...rear(rz - 0.06, rz + 0.04, 0.12, w * 0.76));
  if (s.tail !== "tray") out.push({ profile: rect(-0.012, rz - 0.32, 0.01, rz - 0.21), halfWidth: 0.24, fill: "white", layer: 1 });
  return out;
}
