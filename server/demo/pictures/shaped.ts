/** Motorcycles, trucks and caravans drawn from their model's shape parameters (./shapes.ts). */
import type { PictureBody } from "../../../domain/media";
import { MODELS } from "./generic";
import { caravanWindows, drawbar, truckCab, truckChassis } from "./generic-parts";
import { mirrored, rect, type Decal, type Fill, type Model, type P2, type Part } from "./model";
import type { BikeShape, TruckShape, VanShape } from "./shapes";

export function shapedBike(s: BikeShape): Model {
  if (s.style === "scooter") {
    const m = MODELS.scooter();
    if (s.engine > 0.3) m.parts.push({ profile: [[1.52, 1.1], [1.6, 1.1], [1.5, 1.42], [1.44, 1.42]], halfWidth: 0.2, fill: "glass" });
    return stretch(m, s.length / m.length);
  }
  const L = s.length;
  const off = s.style === "offroad", adv = s.style === "adventure", cru = s.style === "cruiser", faired = s.style === "sports" || s.style === "touring";
  const rr = off || adv ? 0.34 : cru ? 0.31 : 0.32;
  const fr = off ? 0.37 : adv ? 0.36 : rr;
  const xr = rr + 0.06, xf = L - fr - 0.02;
  const sz = { naked: 0.84, sports: 0.86, adventure: 0.94, touring: 0.88, cruiser: 0.68, classic: 0.8, offroad: 1.0, scooter: 0.8 }[s.style];
  const head: P2 = [xf - (cru ? 0.42 : 0.26), sz + (cru ? 0.3 : faired ? 0.16 : 0.22)];
  const t0 = head[0] - 0.08 - s.tankLength, t1 = head[0] - 0.06;
  const tailUp = s.style === "sports" ? 0.14 : off ? 0.04 : cru || s.style === "classic" ? -0.04 : 0.08;
  const frame: Fill = s.frame === "alloy" ? "alloy" : s.frame === "red" ? "red" : s.frame === "amber" ? "amber" : "dark";
  const eng = 0.22 + s.engine * 0.16;
  const parts: Part[] = [
    // frame: headstock down to the swingarm pivot
    { profile: [[t0 + 0.05, 0.5], [t0 + 0.18, 0.5], [head[0] + 0.02, head[1] - 0.05], [head[0] - 0.1, head[1] + 0.02]], halfWidth: 0.13, fill: frame },
    // tank
    { profile: [[t0, sz - 0.04], [t1, sz + 0.02], [t1 + 0.02, sz + 0.14], [t0 + s.tankLength * 0.55, sz + (cru ? 0.2 : 0.22)], [t0 + 0.04, sz + 0.12]], halfWidth: cru || s.style === "classic" ? 0.17 : 0.19, fill: "paint" },
    // seat and tail
    { profile: [[0.22, sz + tailUp - 0.04], [t0 + 0.02, sz - 0.06], [t0 + 0.04, sz + 0.05], [0.28, sz + tailUp + 0.05]], halfWidth: 0.14, fill: "plastic" },
    { profile: [[0.12, sz + tailUp - 0.02], [0.5, sz - 0.12], [t0, sz - 0.1], [t0, sz - 0.04], [0.22, sz + tailUp - 0.03]], halfWidth: 0.12, fill: off ? "white" : "paint" },
    // engine
    { profile: [[t0 - 0.05, 0.28], [t0 + eng * 1.6, 0.3], [t0 + eng * 1.5, 0.32 + eng], [t0, 0.32 + eng * 0.9]], halfWidth: 0.19, fill: "steel" },
    // swingarm
    { profile: [[xr, rr - 0.02], [t0, 0.36], [t0, 0.44], [xr, rr + 0.05]], halfWidth: 0.12, fill: "dark" },
    // fork
    { profile: [[xf - 0.03, fr], [xf + 0.05, fr], [head[0] + 0.06, head[1]], [head[0] - 0.02, head[1]]], halfWidth: 0.09, fill: off || adv ? "amber" : "chrome" },
    // bars
    { profile: rect(head[0] - (s.style === "sports" ? 0.02 : 0.1), head[1] + (s.style === "sports" ? -0.04 : 0.08), head[0] + 0.0, head[1] + (s.style === "sports" ? 0.0 : 0.13)), halfWidth: s.style === "sports" ? 0.3 : adv || off ? 0.44 : cru ? 0.46 : 0.38, fill: "dark" },
    // front mudguard
    off || adv
      ? { profile: [[head[0] + 0.02, head[1] - 0.18], [xf + 0.35, head[1] - 0.25], [xf + 0.3, head[1] - 0.2], [head[0] + 0.02, head[1] - 0.12]], halfWidth: 0.08, fill: off ? "white" : "paint" }
      : { profile: [[xf - fr * 0.7, fr + fr * 0.75], [xf + fr * 0.3, fr * 2.02], [xf + fr * 0.8, fr + fr * 0.5], [xf + fr * 0.7, fr + fr * 0.6], [xf + fr * 0.3, fr * 1.92]], halfWidth: 0.07, fill: "paint" },
    // exhaust
    s.exhaustHigh
      ? { profile: [[t0 + 0.1, 0.4], [0.25, sz - 0.12], [0.2, sz - 0.04], [t0 + 0.12, 0.5]], halfWidth: 0.05, y: -0.17, fill: "chrome" }
      : { profile: [[t0 + 0.2, 0.26], [0.15, cru ? 0.3 : 0.42], [0.12, cru ? 0.38 : 0.5], [t0 + 0.2, 0.34]], halfWidth: 0.05, y: -0.17, fill: "chrome" },
    { profile: rect(0.1, sz + tailUp - 0.06, 0.14, sz + tailUp - 0.01), halfWidth: 0.06, fill: "red", layer: 1 },
  ];
  if (faired) {
    parts.push(
      { profile: [[t0 + 0.15, 0.42], [xf - 0.1, 0.5], [head[0] + 0.32, head[1] - 0.05], [head[0] + 0.12, head[1] + 0.12], [t1 - 0.02, sz + 0.12]], halfWidth: 0.24, fill: "paint" },
      { profile: [[head[0] + 0.12, head[1] + 0.12], [head[0] + 0.3, head[1] - 0.03], [head[0] + 0.06, head[1] + (s.style === "touring" ? 0.48 : 0.22)]], halfWidth: 0.18, fill: "glass" },
      { profile: rect(head[0] + 0.26, head[1] - 0.12, head[0] + 0.33, head[1] - 0.04), halfWidth: 0.14, fill: "light", layer: 1 },
    );
  } else if (adv) {
    parts.push(
      { profile: [[head[0] - 0.05, head[1] - 0.2], [head[0] + 0.16, head[1] - 0.16], [head[0] + 0.1, head[1] + 0.08], [head[0] - 0.05, head[1] + 0.05]], halfWidth: 0.2, fill: "paint" },
      { profile: [[head[0] + 0.0, head[1] + 0.06], [head[0] + 0.1, head[1] + 0.08], [head[0] + 0.02, head[1] + 0.4], [head[0] - 0.04, head[1] + 0.38]], halfWidth: 0.15, fill: "glass" },
      { profile: rect(head[0] + 0.13, head[1] - 0.12, head[0] + 0.17, head[1] - 0.02), halfWidth: 0.08, fill: "light", layer: 1 },
    );
  } else if (off) {
    parts.push({ profile: rect(head[0] + 0.04, head[1] - 0.2, head[0] + 0.08, head[1] + 0.02), halfWidth: 0.13, fill: "white" });
  } else {
    // a round headlamp
    for (const [hz, hw] of [[0.09, 0.04], [0.065, 0.075], [0.035, 0.09]] as const) parts.push({ profile: rect(head[0] + 0.05, head[1] - 0.08 - hz, head[0] + 0.12, head[1] - 0.08 + hz), halfWidth: hw, fill: "light", layer: 1 });
  }
  if (s.style === "touring" || (adv && s.engine > 0.8)) {
    parts.push(...mirrored({ profile: rect(0.1, 0.45, 0.62, 0.82), halfWidth: 0.1, fill: adv ? "alloy" : "plastic" }, 0.32));
    if (s.style === "touring") parts.push({ profile: rect(0.05, sz + tailUp + 0.02, 0.45, sz + tailUp + 0.3), halfWidth: 0.2, fill: "plastic" });
  }
  if (cru) parts.push(...mirrored({ profile: [[t0 + 0.1, 0.5], [t0 + 0.25, 0.5], [t0 + 0.4, 0.5 + eng], [t0 + 0.3, 0.55 + eng]], halfWidth: 0.06, fill: "chrome" }, 0.1));
  return {
    length: L + 0.05, width: 0.85, height: Math.max(head[1] + 0.3, sz + 0.3),
    parts,
    wheels: [
      { x: xr, r: rr, track: 0, width: cru ? 0.22 : off ? 0.12 : 0.18, spokes: off || s.style === "classic" || adv ? 14 : 5 },
      { x: xf, r: fr, track: 0, width: off ? 0.09 : 0.13, spokes: off || s.style === "classic" || adv ? 14 : 5 },
    ],
  };
}

/** A model stretched along its length (pop-tops and camper trailers of other lengths). */
function stretch(m: Model, k: number): Model {
  const sx = (pts: P2[]) => pts.map(([x, z]): P2 => [x * k, z]);
  return {
    ...m,
    length: m.length * k,
    parts: m.parts.map((p) => ({ ...p, profile: sx(p.profile), decals: p.decals?.map((d) => ({ ...d, poly: sx(d.poly) })) })),
    wheels: m.wheels.map((w) => ({ ...w, x: w.x * k })),
  };
}

export function shapedTruck(body: PictureBody, s: TruckShape): Model {
  const L = s.length;
  const hw = s.cabHalfWidth;
  const cabX = L - 1.7;
  const fx = L - 1.05;
  const rx = fx - s.wheelbase;
  const prime = body === "prime-mover";
  const parts: Part[] = [...truckCab(cabX, L, s.roof, hw), ...truckChassis(cabX + 0.1, prime ? 0.72 : 0.62)];
  // the grille's own pattern
  const gz0 = 1.18, gz1 = Math.min(1.5, s.roof - 0.7);
  for (let i = 0; i < 3; i++) {
    if (s.grille === "bars") parts.push({ profile: rect(L + 0.03, gz0 + 0.04 + i * 0.1, L + 0.045, gz0 + 0.08 + i * 0.1), halfWidth: hw * 0.55, fill: "chrome", layer: 1 });
    else if (s.grille === "slats") parts.push({ profile: rect(L + 0.03, gz0, L + 0.045, gz1), halfWidth: 0.03, y: (i - 1) * hw * 0.3, fill: "alloy", layer: 1 });
  }
  if (s.grille === "mesh") parts.push({ profile: rect(L + 0.03, gz1 - 0.05, L + 0.045, gz1), halfWidth: hw * 0.6, fill: "alloy", layer: 1 });
  const cabDecals = parts[0].decals!;
  if (s.stripe !== "none") cabDecals.push({ poly: [[cabX + 0.05, 0.95], [L - 0.1, 0.95], [L - 0.05, 1.05], [cabX + 0.05, 1.05]], fill: s.stripe === "red" ? "red" : s.stripe });
  const deck = cabX - 0.08;
  if (body === "truck-tray") parts.push({ profile: rect(0.0, 0.95, deck, 1.15), halfWidth: 1.2, fill: "alloy" }, { profile: rect(deck - 0.14, 1.15, deck, Math.min(2.35, s.roof - 0.2)), halfWidth: 1.2, fill: "alloy" });
  if (body === "truck-box") {
    const top = Math.max(s.roof + 0.3, 2.9);
    const decals: Decal[] = [{ poly: rect(0.1, 1.0, deck - 0.12, 1.12), fill: "alloy" }, { poly: rect(0.1, top - 0.12, deck - 0.12, top), fill: "alloy" }];
    if (s.curtain) for (let x = 0.4; x < deck - 0.3; x += 0.55) decals.push({ poly: rect(x, 1.12, x + 0.05, top - 0.12), fill: "steel" });
    parts.push({ profile: rect(0.0, 1.0, deck, top), halfWidth: 1.22, fill: s.curtain ? "canvas" : "white", decals });
  }
  if (body === "truck-tipper") parts.push({ profile: [[0.0, 1.0], [deck - 0.12, 1.0], [deck - 0.12, 2.15], [0.05, 2.15]], halfWidth: 1.15, fill: "steel", decals: [{ poly: rect(0.2, 1.9, deck - 0.3, 2.0), fill: "dark" }] });
  if (prime) {
    parts.push(
      { profile: rect(rx - 0.55, 1.02, rx + 0.55, 1.14), halfWidth: 1.0, fill: "dark" },
      ...mirrored({ profile: rect(cabX - 0.18, 1.0, cabX - 0.08, s.roof + 0.4), halfWidth: 0.07, fill: "chrome", layer: 1 }, hw - 0.1),
      { profile: [[cabX + 0.1, s.roof], [L - 0.5, s.roof], [cabX + 0.3, s.roof + 0.45], [cabX + 0.1, s.roof + 0.45]], halfWidth: hw - 0.05, fill: "paint" },
    );
  }
  const rears = s.tandem ? [rx + 0.68, rx - 0.68] : [rx];
  return {
    length: L + 0.1, width: 2.5, height: Math.max(s.roof + (prime ? 0.45 : 0), body === "truck-box" ? Math.max(s.roof + 0.3, 2.9) : 0),
    parts,
    wheels: [{ x: fx, r: s.r, track: hw - 0.12, width: 0.28 }, ...rears.map((x) => ({ x, r: s.r, track: 0.74, width: 0.56 }))],
  };
}

export function shapedCaravan(body: PictureBody, s: VanShape): Model {
  if (body !== "caravan") {
    const m = MODELS[body]();
    const k = (s.length - (body === "pop-top" ? 1.2 : 1.4)) / (body === "pop-top" ? 5.2 : 3.6);
    m.parts[0].decals = [...(m.parts[0].decals ?? []), { poly: [[0.5, 0.9], [body === "pop-top" ? 5.0 : 3.4, 1.05], [body === "pop-top" ? 5.0 : 3.4, 1.12], [0.5, 1.0]], fill: s.swoosh }];
    return stretch(m, Math.max(0.8, Math.min(1.3, k)));
  }
  const lift = s.offRoad ? 0.22 : 0;
  const B = s.length - 1.3; // the box; the drawbar is the rest
  const z0 = 0.55 + lift, H = s.height + lift;
  const profile: P2[] =
    s.front === "curved" ? [[0.2, z0], [B, z0], [B + 0.08, H - 0.75], [B - 0.15, H - 0.18], [B - 0.5, H - 0.03], [0.35, H], [0.2, H - 0.18]]
    : s.front === "raked" ? [[0.2, z0], [B, z0], [B + 0.05, H - 0.65], [B - 0.3, H - 0.02], [0.35, H], [0.2, H - 0.15]]
    : [[0.2, z0], [B, z0], [B, H - 0.08], [B - 0.08, H], [0.3, H], [0.2, H - 0.1]];
  const wz0 = z0 + 0.95, wz1 = z0 + 1.6;
  const door = B * 0.42;
  const decals: Decal[] = [
    { poly: rect(0.2, z0, B, z0 + 0.3), fill: s.offRoad ? "alloy" : "plastic" },
    // the maker's swoosh, rising to the front
    { poly: [[0.2, z0 + 0.45], [B * 0.55, z0 + 0.5], [B, z0 + 0.95], [B, z0 + 1.1], [B * 0.5, z0 + 0.62], [0.2, z0 + 0.58]], fill: s.swoosh },
    { poly: rect(door, z0 + 0.17, door + 0.65, z0 + 1.9), fill: "white" },
    { poly: rect(door + 0.12, z0 + 1.3, door + 0.53, z0 + 1.75), fill: "glass" },
    { poly: rect(0.2, H - 0.4, B - 0.3, H - 0.33), fill: "dark" },
  ];
  const slots = s.windows === 3 ? [0.12, door / B + 0.22, 0.78] : [0.14, 0.72];
  for (const f of slots) decals.push(...caravanWindows(B * f, B * f + 1.1, wz0, wz1));
  const parts: Part[] = [
    { profile, halfWidth: 1.2, fill: "paint", glass: s.front === "square" ? [] : [2], decals },
    ...drawbar(B, s.length, 0.5 + lift),
    { profile: rect(B + 0.1, 0.64 + lift, B + 0.6, 1.2 + lift), halfWidth: 0.7, fill: s.offRoad ? "alloy" : "white" },
    ...mirrored({ profile: rect(0.15, z0 + 0.35, 0.21, z0 + 0.5), halfWidth: 0.12, fill: "red", layer: 1 }, 0.95),
  ];
  if (s.offRoad) parts.push({ profile: rect(B + 0.6, 0.7 + lift, B + 0.85, 1.15 + lift), halfWidth: 0.45, fill: "dark" });
  const mid = B * 0.48;
  const r = s.offRoad ? 0.4 : 0.36;
  return {
    length: s.length, width: 2.4, height: H,
    parts,
    wheels: (s.axles === 2 ? [mid - 0.4, mid + 0.4] : [mid]).map((x) => ({ x, r, track: 1.0, width: s.offRoad ? 0.27 : 0.22, spokes: 6 })),
  };
}
