/**
 * Vehicle pictures drawn from nothing but a body type and a colour, as SVG.
 *
 * Each body type is a few "parts": a side profile (x forward, z up, metres) extruded across the
 * vehicle's width, plus wheels. A view turns the model about its vertical axis, projects it with
 * a slightly raised camera, drops faces turned away, shades the rest by their angle to a light and
 * paints them far to near. The same model gives the gallery angles and every 360° spin frame, and
 * projectAnchor() tells where a point of it lands in a frame (hotspots). Cabin views are flat
 * drawings in the trim colour. Rasterising (sharp) and caching are in ./media.ts.
 */
import { EXTERIOR_VIEWS, hasInterior, SPIN_FRAMES, spinAngle, type PictureBody } from "../../domain/media";
import { pictureShape, type BikeShape, type CarShape, type Shape, type TruckShape, type VanShape } from "./picture-models";

type P2 = readonly [number, number];
type P3 = [number, number, number];
type Fill =
  | "paint" | "glass" | "dark" | "plastic" | "alloy" | "chrome" | "light" | "red" | "canvas" | "steel" | "white" | "amber"
  | "blue" | "green" | "grey" | "highlight" | "shadow";

interface Decal {
  poly: P2[];
  fill: Fill;
}

interface Part {
  profile: P2[];
  halfWidth: number;
  /** Centre across the vehicle (default 0). */
  y?: number;
  fill: Fill;
  /** Points above `above` are narrowed by `factor` (the cabin leans in). */
  taper?: { above: number; factor: number };
  /** Skin segments (profile[i] → profile[i+1]) that are glass, and that are black (a black roof). */
  glass?: number[];
  dark?: number[];
  /** Drawn on both side faces. */
  decals?: Decal[];
  /** 1: surface detail (lights, rails) painted after the main body. */
  layer?: 0 | 1;
}

interface Wheel {
  x: number;
  r: number;
  /** Distance from the centre line to the middle of the tyre. */
  track: number;
  width: number;
  /** Rim: holes between its spokes (5), its size against the tyre (0.64), dark or silver. */
  spokes?: number;
  rim?: number;
  darkRim?: boolean;
}

interface Model {
  length: number;
  width: number;
  height: number;
  parts: Part[];
  wheels: Wheel[];
}

// ---------------------------------------------------------------------------------------------
// Models

const rect = (x0: number, z0: number, x1: number, z1: number): P2[] => [[x0, z0], [x1, z0], [x1, z1], [x0, z1]];
const pillar = (x: number, z0: number, z1: number, w = 0.07): Decal => ({ poly: [[x, z0], [x + w, z0], [x + w * 1.3, z1], [x + w * 0.3, z1]], fill: "dark" });

/** Lights, grille and plates of a car-like front and rear. */
function carFace(o: { length: number; halfWidth: number; lightZ: number; rearLightZ: number; grilleZ: [number, number]; rearX?: number }): Part[] {
  const { length: L, halfWidth: w, lightZ: z, rearLightZ: rz } = o;
  const rx = o.rearX ?? 0;
  return [
    { profile: [[L - 0.2, z - 0.05], [L + 0.03, z - 0.05], [L + 0.03, z + 0.05], [L - 0.24, z + 0.06]], halfWidth: 0.17, y: w * 0.66, fill: "light", layer: 1 },
    { profile: [[L - 0.2, z - 0.05], [L + 0.03, z - 0.05], [L + 0.03, z + 0.05], [L - 0.24, z + 0.06]], halfWidth: 0.17, y: -w * 0.66, fill: "light", layer: 1 },
    { profile: rect(L - 0.01, o.grilleZ[0], L + 0.008, o.grilleZ[1]), halfWidth: w * 0.42, fill: "plastic", layer: 1 },
    { profile: rect(L - 0.01, o.grilleZ[0] - 0.13, L + 0.012, o.grilleZ[0] - 0.03), halfWidth: 0.24, fill: "white", layer: 1 },
    { profile: [[rx - 0.04, rz - 0.06], [rx + 0.16, rz - 0.06], [rx + 0.2, rz + 0.05], [rx - 0.04, rz + 0.05]], halfWidth: 0.16, y: w * 0.72, fill: "red", layer: 1 },
    { profile: [[rx - 0.04, rz - 0.06], [rx + 0.16, rz - 0.06], [rx + 0.2, rz + 0.05], [rx - 0.04, rz + 0.05]], halfWidth: 0.16, y: -w * 0.72, fill: "red", layer: 1 },
    { profile: rect(rx - 0.012, rz - 0.3, rx + 0.01, rz - 0.19), halfWidth: 0.24, fill: "white", layer: 1 },
  ];
}

function car(o: {
  length: number;
  width: number;
  height: number;
  profile: P2[];
  glass: number[];
  taper: number;
  windows: P2[];
  pillars: number[];
  beltZ: number;
  wheels: [number, number];
  r: number;
  sill: number;
  lightZ: number;
  rearLightZ: number;
  extra?: Part[];
  cladding?: boolean;
}): Model {
  const w = o.width / 2;
  const decals: Decal[] = [...(o.windows.length > 2 ? [{ poly: o.windows, fill: "glass" as const }] : []), ...o.pillars.map((x) => pillar(x, o.beltZ + 0.03, o.height - 0.06))];
  decals.push({ poly: rect(o.wheels[0] - o.r, o.sill, o.wheels[1] + o.r, o.sill + 0.07), fill: o.cladding ? "plastic" : "dark" });
  if (o.cladding) {
    for (const x of o.wheels) decals.push({ poly: arch(x, o.r + 0.07, o.r, o.sill), fill: "plastic" });
  }
  for (const x of o.wheels) decals.push({ poly: arch(x, o.r + 0.03, o.r, o.sill), fill: "dark" });
  // door handles
  for (const x of o.pillars.length ? [o.pillars[0] + 0.5, o.pillars[0] - 0.45] : []) decals.push({ poly: rect(x, o.beltZ - 0.12, x + 0.16, o.beltZ - 0.09), fill: "plastic" });
  return {
    length: o.length,
    width: o.width,
    height: o.height,
    parts: [
      { profile: o.profile, halfWidth: w, fill: "paint", taper: { above: o.beltZ, factor: o.taper }, glass: o.glass, decals },
      ...carFace({ length: o.length, halfWidth: w, lightZ: o.lightZ, rearLightZ: o.rearLightZ, grilleZ: [o.lightZ - 0.24, o.lightZ - 0.06] }),
      ...(o.extra ?? []),
    ],
    wheels: o.wheels.map((x) => ({ x, r: o.r, track: w - 0.13, width: 0.23 })),
  };
}

/** A wheel arch: an arc above the wheel down to the sill. */
function arch(cx: number, radius: number, cz: number, bottom: number): P2[] {
  const pts: P2[] = [];
  const from = Math.asin(Math.max(-1, Math.min(1, (bottom - cz) / radius)));
  for (let i = 0; i <= 16; i++) {
    const a = from + ((Math.PI - 2 * from) * i) / 16;
    pts.push([cx + radius * Math.cos(a), cz + radius * Math.sin(a)]);
  }
  return pts;
}

const truckCab = (x0: number, L: number, roof: number, hw = 1.0): Part[] => [
  {
    profile: [[x0, 0.62], [L - 0.05, 0.62], [L + 0.02, 0.95], [L, 1.55], [L - 0.1, roof - 0.17], [L - 0.3, roof], [x0 + 0.05, roof], [x0, roof - 0.22]],
    halfWidth: hw,
    fill: "paint",
    glass: [3],
    decals: [
      { poly: [[L - 0.25, 1.6], [L - 0.32, roof - 0.27], [x0 + 0.7, roof - 0.27], [x0 + 0.7, 1.6]], fill: "glass" },
      { poly: rect(x0 + 0.62, 0.9, x0 + 0.66, roof - 0.2), fill: "dark" },
      { poly: rect(L - 0.55, 0.62, L - 0.05, 0.8), fill: "plastic" },
    ],
  },
  { profile: rect(L - 0.1, 0.6, L + 0.06, 0.9), halfWidth: hw + 0.02, fill: "plastic", layer: 1 },
  { profile: rect(L - 0.02, 1.0, L + 0.04, 1.14), halfWidth: 0.17, y: hw * 0.78, fill: "light", layer: 1 },
  { profile: rect(L - 0.02, 1.0, L + 0.04, 1.14), halfWidth: 0.17, y: -hw * 0.78, fill: "light", layer: 1 },
  { profile: rect(L - 0.01, 1.18, L + 0.03, 1.5), halfWidth: hw * 0.55, fill: "plastic", layer: 1 },
  { profile: rect(L - 0.3, roof - 0.5, L - 0.18, roof - 0.25), halfWidth: 0.05, y: hw + 0.12, fill: "dark", layer: 1 },
  { profile: rect(L - 0.3, roof - 0.5, L - 0.18, roof - 0.25), halfWidth: 0.05, y: -hw - 0.12, fill: "dark", layer: 1 },
];

const truckChassis = (L: number, z = 0.62): Part[] => [
  { profile: rect(0.15, z, L, z + 0.3), halfWidth: 0.45, fill: "dark" },
  { profile: rect(L - 1.4, z - 0.08, L - 0.6, z + 0.24), halfWidth: 0.2, y: -0.72, fill: "chrome" },
  { profile: rect(0.0, z - 0.05, 0.12, z + 0.25), halfWidth: 1.0, fill: "dark" },
  { profile: rect(-0.01, z + 0.05, 0.01, z + 0.17), halfWidth: 0.15, y: 0.75, fill: "red", layer: 1 },
  { profile: rect(-0.01, z + 0.05, 0.01, z + 0.17), halfWidth: 0.15, y: -0.75, fill: "red", layer: 1 },
];

const truckWheels = (front: number, rears: number[]): Wheel[] => [
  { x: front, r: 0.46, track: 0.88, width: 0.28 },
  ...rears.map((x) => ({ x, r: 0.46, track: 0.74, width: 0.56 })),
];

function truck(body: Part[]): Model {
  return { length: 7.2, width: 2.44, height: 3.1, parts: [...truckCab(5.5, 7.2, 2.72), ...truckChassis(5.6), ...body], wheels: truckWheels(6.15, [1.95]) };
}

const drawbar = (x0: number, x1: number, z = 0.5): Part[] => [
  { profile: [[x0, z], [x1, z], [x1, z + 0.08], [x0, z + 0.14]], halfWidth: 0.5, fill: "dark" },
  { profile: rect(x1 - 0.25, z - 0.35, x1 - 0.17, z), halfWidth: 0.04, fill: "dark" },
];

const caravanWindows = (x0: number, x1: number, z0: number, z1: number): Decal[] => [
  { poly: rect(x0, z0, x1, z1), fill: "glass" },
  { poly: rect(x0 - 0.06, z1, x1 + 0.06, z1 + 0.06), fill: "plastic" },
];

const MODELS: Record<PictureBody, () => Model> = {
  sedan: () =>
    car({
      length: 4.7, width: 1.82, height: 1.43, r: 0.33, wheels: [0.95, 3.75], sill: 0.3, beltZ: 0.95, taper: 0.84, lightZ: 0.68, rearLightZ: 0.86,
      profile: [[0.12, 0.3], [4.58, 0.3], [4.7, 0.42], [4.7, 0.66], [4.45, 0.76], [3.45, 0.92], [2.6, 1.4], [1.55, 1.43], [0.85, 1.0], [0.1, 0.96], [0.0, 0.8], [0.02, 0.45]],
      glass: [5, 7],
      windows: [[3.35, 0.99], [2.62, 1.35], [1.58, 1.37], [1.0, 1.0]],
      pillars: [2.12],
    }),
  hatch: () =>
    car({
      length: 4.3, width: 1.79, height: 1.45, r: 0.32, wheels: [0.78, 3.4], sill: 0.3, beltZ: 0.96, taper: 0.84, lightZ: 0.7, rearLightZ: 0.98,
      profile: [[0.1, 0.3], [4.18, 0.3], [4.3, 0.42], [4.3, 0.66], [4.05, 0.78], [3.2, 0.93], [2.45, 1.43], [0.8, 1.45], [0.15, 1.3], [0.06, 0.98], [0.0, 0.78], [0.02, 0.42]],
      glass: [5, 7, 8],
      windows: [[3.12, 0.99], [2.47, 1.38], [0.85, 1.4], [0.3, 1.03]],
      pillars: [1.95],
    }),
  suv: () =>
    car({
      length: 4.62, width: 1.86, height: 1.7, r: 0.37, wheels: [0.95, 3.65], sill: 0.38, beltZ: 1.1, taper: 0.86, lightZ: 0.86, rearLightZ: 1.12, cladding: true,
      profile: [[0.1, 0.38], [4.48, 0.38], [4.62, 0.55], [4.62, 0.86], [4.4, 0.98], [3.6, 1.08], [2.95, 1.62], [0.6, 1.68], [0.12, 1.52], [0.03, 1.1], [0.0, 0.6]],
      glass: [6, 8],
      windows: [[3.52, 1.14], [2.95, 1.57], [0.65, 1.62], [0.25, 1.45], [0.2, 1.15]],
      pillars: [2.3, 1.1],
      extra: [
        { profile: [[0.5, 1.67], [2.85, 1.64], [2.85, 1.71], [0.5, 1.74]], halfWidth: 0.035, y: 0.7, fill: "plastic", layer: 1 },
        { profile: [[0.5, 1.67], [2.85, 1.64], [2.85, 1.71], [0.5, 1.74]], halfWidth: 0.035, y: -0.7, fill: "plastic", layer: 1 },
      ],
    }),
  wagon: () =>
    car({
      length: 4.75, width: 1.83, height: 1.45, r: 0.33, wheels: [0.95, 3.72], sill: 0.3, beltZ: 0.95, taper: 0.84, lightZ: 0.68, rearLightZ: 0.9,
      profile: [[0.12, 0.3], [4.62, 0.3], [4.75, 0.42], [4.75, 0.66], [4.5, 0.76], [3.55, 0.92], [2.7, 1.43], [0.45, 1.45], [0.1, 1.25], [0.04, 0.95], [0.0, 0.75], [0.02, 0.42]],
      glass: [5, 7, 8],
      windows: [[3.45, 0.99], [2.72, 1.38], [0.5, 1.4], [0.22, 1.01]],
      pillars: [2.15, 1.05],
    }),
  coupe: () =>
    car({
      length: 4.55, width: 1.8, height: 1.32, r: 0.33, wheels: [0.95, 3.65], sill: 0.3, beltZ: 0.9, taper: 0.82, lightZ: 0.64, rearLightZ: 0.82,
      profile: [[0.12, 0.3], [4.42, 0.3], [4.55, 0.42], [4.55, 0.62], [4.3, 0.72], [3.35, 0.86], [2.45, 1.3], [1.75, 1.32], [0.55, 0.98], [0.08, 0.92], [0.0, 0.75], [0.02, 0.45]],
      glass: [5, 7],
      windows: [[3.25, 0.93], [2.47, 1.26], [1.78, 1.27], [0.95, 0.99]],
      pillars: [],
    }),
  convertible: () =>
    car({
      length: 3.95, width: 1.74, height: 1.23, r: 0.31, wheels: [0.72, 3.03], sill: 0.3, beltZ: 0.9, taper: 0.9, lightZ: 0.62, rearLightZ: 0.8,
      profile: [[0.1, 0.3], [3.82, 0.3], [3.95, 0.42], [3.95, 0.6], [3.7, 0.7], [2.65, 0.86], [2.35, 0.9], [1.35, 0.92], [0.08, 0.88], [0.0, 0.72], [0.02, 0.45]],
      glass: [],
      windows: [],
      pillars: [],
      extra: [
        { profile: [[2.52, 0.86], [2.64, 0.86], [2.26, 1.22], [2.17, 1.22]], halfWidth: 0.68, fill: "glass" },
        { profile: [[1.62, 0.9], [1.95, 0.9], [1.93, 1.13], [1.7, 1.16]], halfWidth: 0.2, y: 0.36, fill: "plastic" },
        { profile: [[1.62, 0.9], [1.95, 0.9], [1.93, 1.13], [1.7, 1.16]], halfWidth: 0.2, y: -0.36, fill: "plastic" },
      ],
    }),
  van: () =>
    car({
      length: 5.27, width: 1.95, height: 1.99, r: 0.35, wheels: [0.95, 4.15], sill: 0.35, beltZ: 1.15, taper: 0.93, lightZ: 0.9, rearLightZ: 1.0,
      profile: [[0.05, 0.35], [5.15, 0.35], [5.27, 0.55], [5.27, 0.98], [5.05, 1.12], [4.62, 1.88], [0.15, 1.98], [0.02, 1.9], [0.0, 0.5]],
      glass: [4],
      windows: [[4.95, 1.18], [4.58, 1.8], [3.95, 1.82], [3.95, 1.18]],
      pillars: [3.88],
      extra: [{ profile: rect(-0.01, 1.25, 0.01, 1.8), halfWidth: 0.8, fill: "glass", layer: 1 }],
    }),
  "people-mover": () =>
    car({
      length: 5.15, width: 1.99, height: 1.78, r: 0.36, wheels: [1.0, 4.1], sill: 0.34, beltZ: 1.12, taper: 0.88, lightZ: 0.86, rearLightZ: 1.15,
      profile: [[0.08, 0.34], [5.02, 0.34], [5.15, 0.52], [5.15, 0.86], [4.92, 0.98], [4.25, 1.08], [3.45, 1.7], [0.45, 1.78], [0.1, 1.58], [0.02, 1.1], [0.0, 0.55]],
      glass: [5, 7, 8],
      windows: [[4.15, 1.15], [3.47, 1.64], [0.5, 1.72], [0.18, 1.5], [0.15, 1.15]],
      pillars: [2.85, 1.55],
    }),
  ute: () =>
    car({
      length: 5.35, width: 1.87, height: 1.8, r: 0.38, wheels: [1.05, 4.15], sill: 0.42, beltZ: 1.22, taper: 0.86, lightZ: 0.9, rearLightZ: 0.98,
      profile: [[0.05, 0.42], [5.22, 0.42], [5.35, 0.58], [5.35, 0.95], [5.1, 1.08], [4.3, 1.15], [3.55, 1.76], [2.1, 1.8], [1.98, 1.68], [1.95, 1.22], [0.05, 1.22], [0.0, 1.05], [0.0, 0.6]],
      glass: [6, 8],
      windows: [[4.2, 1.25], [3.57, 1.7], [2.15, 1.72], [2.08, 1.27]],
      pillars: [3.0],
      extra: [{ profile: rect(0.4, 1.22, 1.9, 1.24), halfWidth: 0.86, fill: "plastic", layer: 1 }],
    }),
  "cab-chassis": () => {
    const m = car({
      length: 5.35, width: 1.87, height: 1.8, r: 0.38, wheels: [1.05, 4.15], sill: 0.42, beltZ: 1.22, taper: 0.86, lightZ: 0.9, rearLightZ: 0.98,
      profile: [[1.95, 0.42], [5.22, 0.42], [5.35, 0.58], [5.35, 0.95], [5.1, 1.08], [4.3, 1.15], [3.55, 1.76], [2.1, 1.8], [1.95, 1.68]],
      glass: [6],
      windows: [[4.2, 1.25], [3.57, 1.7], [2.15, 1.72], [2.08, 1.27]],
      pillars: [3.0],
    });
    m.parts[0].decals = m.parts[0].decals!.filter((d) => d.poly[0][0] > 1.4);
    m.parts.push(
      { profile: rect(0.3, 0.52, 2.0, 0.72), halfWidth: 0.45, fill: "dark" },
      { profile: rect(0.0, 0.84, 1.9, 1.02), halfWidth: 0.99, fill: "alloy" },
      { profile: rect(1.8, 1.02, 1.9, 1.62), halfWidth: 0.99, fill: "alloy" },
    );
    return m;
  },
  motorcycle: () => ({
    length: 2.15, width: 0.8, height: 1.15,
    parts: [
      { profile: [[0.18, 0.76], [0.55, 0.7], [1.0, 0.66], [1.42, 0.74], [1.55, 0.92], [1.45, 1.02], [1.22, 0.98], [1.1, 0.82], [0.62, 0.84], [0.25, 0.84]], halfWidth: 0.16, fill: "paint" },
      { profile: [[0.3, 0.84], [1.08, 0.82], [1.12, 0.88], [0.62, 0.9], [0.32, 0.89]], halfWidth: 0.14, fill: "plastic" },
      { profile: [[0.88, 0.3], [1.4, 0.32], [1.48, 0.7], [0.92, 0.68]], halfWidth: 0.2, fill: "steel" },
      { profile: [[1.74, 0.32], [1.82, 0.32], [1.62, 1.0], [1.55, 1.0]], halfWidth: 0.09, fill: "chrome" },
      { profile: rect(1.5, 1.04, 1.58, 1.1), halfWidth: 0.38, fill: "dark" },
      { profile: [[0.38, 0.29], [0.95, 0.4], [0.95, 0.47], [0.38, 0.36]], halfWidth: 0.12, fill: "dark" },
      { profile: [[0.3, 0.46], [0.95, 0.36], [0.97, 0.44], [0.32, 0.54]], halfWidth: 0.05, y: -0.17, fill: "chrome" },
      { profile: [[0.08, 0.84], [0.35, 0.8], [0.35, 0.88], [0.12, 0.9]], halfWidth: 0.1, fill: "paint" },
      { profile: [[1.62, 0.6], [1.98, 0.55], [1.98, 0.6], [1.62, 0.66]], halfWidth: 0.07, fill: "paint" },
      { profile: [[1.6, 0.86], [1.72, 0.9], [1.7, 1.0], [1.6, 0.98]], halfWidth: 0.09, fill: "light", layer: 1 },
      { profile: rect(0.06, 0.8, 0.1, 0.85), halfWidth: 0.06, fill: "red", layer: 1 },
    ],
    wheels: [
      { x: 0.38, r: 0.32, track: 0, width: 0.18 },
      { x: 1.78, r: 0.32, track: 0, width: 0.13 },
    ],
  }),
  scooter: () => ({
    length: 1.95, width: 0.75, height: 1.2,
    parts: [
      { profile: [[0.1, 0.55], [0.55, 0.42], [1.3, 0.4], [1.52, 0.55], [1.62, 0.95], [1.58, 1.12], [1.46, 1.12], [1.35, 0.62], [0.95, 0.58], [0.9, 0.82], [0.2, 0.86], [0.08, 0.72]], halfWidth: 0.24, fill: "paint" },
      { profile: [[0.25, 0.86], [0.9, 0.82], [0.92, 0.9], [0.3, 0.94]], halfWidth: 0.16, fill: "plastic" },
      { profile: rect(1.4, 1.14, 1.52, 1.2), halfWidth: 0.34, fill: "dark" },
      { profile: rect(1.58, 0.95, 1.64, 1.05), halfWidth: 0.08, fill: "light", layer: 1 },
      { profile: rect(0.06, 0.7, 0.1, 0.76), halfWidth: 0.08, fill: "red", layer: 1 },
    ],
    wheels: [
      { x: 0.35, r: 0.24, track: 0, width: 0.12 },
      { x: 1.62, r: 0.24, track: 0, width: 0.11 },
    ],
  }),
  "truck-cab-chassis": () => truck([]),
  "truck-tray": () =>
    truck([
      { profile: rect(0.0, 0.95, 5.42, 1.15), halfWidth: 1.2, fill: "alloy" },
      { profile: rect(5.28, 1.15, 5.42, 2.35), halfWidth: 1.2, fill: "alloy" },
    ]),
  "truck-box": () =>
    truck([
      {
        profile: rect(0.0, 1.0, 5.42, 3.05), halfWidth: 1.22, fill: "white",
        decals: [{ poly: rect(0.1, 1.0, 5.3, 1.12), fill: "alloy" }, { poly: rect(0.1, 2.93, 5.3, 3.05), fill: "alloy" }],
      },
    ]),
  "truck-tipper": () =>
    truck([
      { profile: [[0.0, 1.0], [5.3, 1.0], [5.3, 2.15], [0.05, 2.15]], halfWidth: 1.15, fill: "steel", decals: [{ poly: rect(0.2, 1.9, 5.1, 2.0), fill: "dark" }] },
    ]),
  "prime-mover": () => ({
    length: 6.6, width: 2.5, height: 3.6,
    parts: [
      ...truckCab(3.4, 6.6, 3.15, 1.24),
      ...truckChassis(3.5, 0.72),
      { profile: rect(0.8, 1.02, 1.9, 1.14), halfWidth: 1.0, fill: "dark" },
      { profile: rect(3.22, 1.0, 3.32, 3.6), halfWidth: 0.07, y: 1.12, fill: "chrome", layer: 1 },
      { profile: rect(3.22, 1.0, 3.32, 3.6), halfWidth: 0.07, y: -1.12, fill: "chrome", layer: 1 },
    ],
    wheels: [
      { x: 5.7, r: 0.52, track: 1.0, width: 0.3 },
      { x: 1.75, r: 0.52, track: 0.8, width: 0.6 },
      { x: 0.45, r: 0.52, track: 0.8, width: 0.6 },
    ],
  }),
  caravan: () => ({
    length: 7.6, width: 2.4, height: 2.95,
    parts: [
      {
        profile: [[0.2, 0.55], [6.3, 0.55], [6.35, 2.3], [6.05, 2.85], [0.35, 2.92], [0.2, 2.75]], halfWidth: 1.2, fill: "paint", glass: [2],
        decals: [
          { poly: rect(0.2, 0.55, 6.3, 0.85), fill: "plastic" },
          ...caravanWindows(0.9, 2.3, 1.5, 2.2),
          ...caravanWindows(4.3, 5.7, 1.5, 2.2),
          { poly: rect(2.9, 0.72, 3.6, 2.45), fill: "white" },
          { poly: rect(3.02, 1.85, 3.48, 2.3), fill: "glass" },
          { poly: rect(0.2, 2.55, 6.2, 2.62), fill: "dark" },
        ],
      },
      ...drawbar(6.3, 7.6),
      { profile: rect(6.4, 0.64, 6.9, 1.2), halfWidth: 0.7, fill: "white" },
      { profile: rect(0.15, 0.9, 0.21, 1.05), halfWidth: 0.12, y: 0.95, fill: "red", layer: 1 },
      { profile: rect(0.15, 0.9, 0.21, 1.05), halfWidth: 0.12, y: -0.95, fill: "red", layer: 1 },
    ],
    wheels: [
      { x: 3.0, r: 0.36, track: 1.0, width: 0.22 },
      { x: 3.8, r: 0.36, track: 1.0, width: 0.22 },
    ],
  }),
  "pop-top": () => ({
    length: 6.4, width: 2.3, height: 2.45,
    parts: [
      { profile: rect(0.2, 0.55, 5.2, 1.95), halfWidth: 1.15, fill: "paint", decals: [{ poly: rect(0.2, 0.55, 5.2, 0.8), fill: "plastic" }, ...caravanWindows(0.8, 2.0, 1.15, 1.75), ...caravanWindows(3.7, 4.8, 1.15, 1.75), { poly: rect(2.45, 0.7, 3.1, 1.88), fill: "white" }] },
      { profile: rect(0.3, 1.95, 5.1, 2.25), halfWidth: 1.1, fill: "canvas" },
      { profile: [[0.2, 2.25], [5.2, 2.25], [5.1, 2.42], [0.3, 2.42]], halfWidth: 1.16, fill: "paint" },
      ...drawbar(5.2, 6.4),
      { profile: rect(5.3, 0.64, 5.7, 1.1), halfWidth: 0.65, fill: "white" },
      { profile: rect(0.15, 0.85, 0.21, 1.0), halfWidth: 0.12, y: 0.9, fill: "red", layer: 1 },
      { profile: rect(0.15, 0.85, 0.21, 1.0), halfWidth: 0.12, y: -0.9, fill: "red", layer: 1 },
    ],
    wheels: [{ x: 2.7, r: 0.35, track: 0.98, width: 0.22 }],
  }),
  "camper-trailer": () => ({
    length: 5.0, width: 2.0, height: 1.75,
    parts: [
      { profile: rect(0.5, 0.75, 3.6, 1.45), halfWidth: 0.95, fill: "paint", decals: [{ poly: rect(0.5, 0.75, 3.6, 0.85), fill: "plastic" }, { poly: rect(1.0, 0.95, 1.9, 1.3), fill: "dark" }] },
      { profile: [[0.45, 1.45], [3.65, 1.45], [3.6, 1.72], [0.5, 1.72]], halfWidth: 0.98, fill: "canvas" },
      { profile: rect(3.6, 0.8, 3.75, 1.4), halfWidth: 0.9, fill: "dark" },
      { profile: [[3.6, 0.68], [5.0, 0.68], [5.0, 0.78], [3.6, 0.84]], halfWidth: 0.45, fill: "dark" },
      { profile: rect(0.45, 0.95, 0.51, 1.08), halfWidth: 0.12, y: 0.78, fill: "red", layer: 1 },
      { profile: rect(0.45, 0.95, 0.51, 1.08), halfWidth: 0.12, y: -0.78, fill: "red", layer: 1 },
    ],
    wheels: [{ x: 1.9, r: 0.4, track: 0.9, width: 0.27 }],
  }),
};

// ---------------------------------------------------------------------------------------------
// Models drawn from a model's shape parameters (./picture-models.ts): one drawer per family.

const lerpX = (a: P2, b: P2, z: number) => (Math.abs(b[1] - a[1]) < 1e-6 ? a[0] : a[0] + ((b[0] - a[0]) * (z - a[1])) / (b[1] - a[1]));
const mirrored = (part: Part, y: number): Part[] => [{ ...part, y }, { ...part, y: -y }];

function shapedCar(s: CarShape): Model {
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

function shapedBike(s: BikeShape): Model {
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

function shapedTruck(body: PictureBody, s: TruckShape): Model {
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

function shapedCaravan(body: PictureBody, s: VanShape): Model {
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

function shapedModel(body: PictureBody, s: Shape): Model {
  switch (s.family) {
    case "car":
      return shapedCar(s);
    case "bike":
      return shapedBike(s);
    case "truck":
      return shapedTruck(body, s);
    case "caravan":
      return shapedCaravan(body, s);
  }
}

const modelCache = new Map<string, Model>();
/** The drawing of a body type (generic), or of one model of it. */
function model(body: PictureBody, key?: string): Model {
  const id = key ? `${body}/${key}` : body;
  let m = modelCache.get(id);
  if (!m) {
    const shape: Shape | undefined = key ? pictureShape(body, key) : undefined;
    if (key && !shape) throw new Error(`no drawing of ${key} as ${body}`);
    m = shape ? shapedModel(body, shape) : MODELS[body]();
    // Profiles wind counter-clockwise (x right, z up), so (dz, -dx) of an edge points outwards.
    for (const p of m.parts) {
      const area = p.profile.reduce((s, [x, z], i) => {
        const [x2, z2] = p.profile[(i + 1) % p.profile.length];
        return s + x * z2 - x2 * z;
      }, 0);
      if (area < 0) {
        const n = p.profile.length;
        p.profile = [...p.profile].reverse();
        p.glass = p.glass?.map((i) => (n - 2 - i + n) % n);
        p.dark = p.dark?.map((i) => (n - 2 - i + n) % n);
      }
    }
    modelCache.set(id, m);
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// Projection

export const EXTERIOR_SIZE = { width: 1200, height: 800 } as const;
const PITCH = (13 * Math.PI) / 180;

interface Camera {
  cos: number;
  sin: number;
  scale: number;
  cx: number;
  groundY: number;
  centreX: number;
}

function camera(m: Model, angleDeg: number, size = EXTERIOR_SIZE): Camera {
  const a = (angleDeg * Math.PI) / 180;
  const diag = Math.hypot(m.length, m.width);
  const scale = Math.min((0.84 * size.width) / diag, (0.62 * size.height) / (m.height + m.width * Math.sin(PITCH)));
  return { cos: Math.cos(a), sin: Math.sin(a), scale, cx: size.width / 2, groundY: size.height / 2 + (m.height * scale) / 2.1, centreX: m.length / 2 };
}

/** Camera space: x to the right, up, depth away from the viewer. */
function toCamera(c: Camera, [x, y, z]: P3): P3 {
  const x0 = x - c.centreX;
  const x1 = x0 * c.cos - y * c.sin;
  const y1 = x0 * c.sin + y * c.cos;
  return [x1, z * Math.cos(PITCH) + y1 * Math.sin(PITCH), y1 * Math.cos(PITCH) - z * Math.sin(PITCH)];
}

function directionToCamera(c: Camera, [x, y, z]: P3): P3 {
  const x1 = x * c.cos - y * c.sin;
  const y1 = x * c.sin + y * c.cos;
  return [x1, z * Math.cos(PITCH) + y1 * Math.sin(PITCH), y1 * Math.cos(PITCH) - z * Math.sin(PITCH)];
}

const screen = (c: Camera, p: P3): [number, number] => {
  const [x, up] = toCamera(c, p);
  return [c.cx + x * c.scale, c.groundY - up * c.scale];
};

const LIGHT: P3 = (() => {
  const v: P3 = [-0.35, 0.8, -0.5];
  const n = Math.hypot(...v);
  return v.map((x) => x / n) as P3;
})();

// ---------------------------------------------------------------------------------------------
// Colour

const FILLS: Record<Exclude<Fill, "paint">, string> = {
  glass: "#1c2631", dark: "#1d1e21", plastic: "#2c2e32", alloy: "#aab0b5", chrome: "#c9cdd1", light: "#eef3f7", red: "#b3141d",
  canvas: "#5f665c", steel: "#5b6066", white: "#f1f1ee", amber: "#e89a1c", blue: "#1f5fa8", green: "#2f8a4c", grey: "#6d737a",
  highlight: "", shadow: "",
};

const rgb = (hex: string): P3 => [0, 2, 4].map((i) => parseInt(hex.replace("#", "").slice(i, i + 2), 16)) as P3;
const hexOf = ([r, g, b]: P3) => `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0")).join("")}`;

function shade(base: string, normal: P3, fill: Fill): string {
  const d = Math.max(0, normal[0] * LIGHT[0] + normal[1] * LIGHT[1] + normal[2] * LIGHT[2]);
  const glossy = fill === "paint" || fill === "glass" || fill === "chrome";
  const k = 0.5 + 0.58 * d;
  const spec = glossy ? 70 * d ** 12 : 0;
  return hexOf(rgb(base).map((v) => v * k + spec + (fill === "glass" ? 18 * d : 0)) as P3);
}

// ---------------------------------------------------------------------------------------------
// Exterior

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

// ---------------------------------------------------------------------------------------------
// Hotspot anchors

export type AnchorName = "front" | "rear" | "front-wheel" | "rear-wheel" | "roof" | "side";

/** A point on the vehicle and the way its surface faces, for hotspots. */
function anchor(m: Model, name: AnchorName): { point: P3; normal: P3 } {
  const main = m.parts[0];
  const byX = [...main.profile].sort((a, b) => a[0] - b[0]);
  const top = [...main.profile].sort((a, b) => b[1] - a[1])[0];
  const front = [...m.wheels].sort((a, b) => b.x - a.x)[0];
  const rear = [...m.wheels].sort((a, b) => a.x - b.x)[0];
  const side = -(main.halfWidth + (main.y ?? 0));
  switch (name) {
    case "front":
      return { point: [byX[byX.length - 1][0], -main.halfWidth * 0.62, byX[byX.length - 1][1] + 0.1], normal: [0.8, -0.6, 0] };
    case "rear":
      return { point: [byX[0][0], -main.halfWidth * 0.62, byX[0][1] + 0.1], normal: [-0.8, -0.6, 0] };
    case "front-wheel":
      return { point: [front.x, -(front.track + front.width / 2), front.r], normal: [0, -1, 0] };
    case "rear-wheel":
      return { point: [rear.x, -(rear.track + rear.width / 2), rear.r], normal: [0, -1, 0] };
    case "roof":
      return { point: [top[0], 0, top[1]], normal: [0, -0.2, 1] };
    case "side":
      return { point: [m.length / 2, side, m.height * 0.45], normal: [0, -1, 0] };
  }
}

/**
 * Where an anchor of the vehicle shows in each spin frame: the frames that face it, with its
 * position in percent of the picture.
 */
export function anchorPositions(body: PictureBody, name: AnchorName, key?: string): { activeAngle: number; posX: number; posY: number }[] {
  const m = model(body, key);
  const { point, normal } = anchor(m, name);
  const out = [];
  for (let frame = 0; frame < SPIN_FRAMES; frame++) {
    const c = camera(m, spinAngle(frame));
    const n = directionToCamera(c, normal);
    if (n[2] > -0.35) continue;
    const [x, y] = screen(c, point);
    out.push({ activeAngle: frame, posX: round1((100 * x) / EXTERIOR_SIZE.width), posY: round1((100 * y) / EXTERIOR_SIZE.height) });
  }
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Interior

export const PANO_SIZE = { width: 2000, height: 1000 } as const;

const mix = (a: string, b: string, t: number) => hexOf(rgb(a).map((v, i) => v + (rgb(b)[i] - v) * t) as P3);

/** `screen`: the model's centre screen — 0 the standard one, 1 a wide floating one, 2 a tall one. */
function cabinFront(trim: string, W: number, H: number, truck: boolean, screen = 0): string {
  const dash = mix(trim, "#16171a", 0.55);
  const dashTop = mix(trim, "#0f1012", 0.7);
  const seat = trim;
  const seatShade = mix(trim, "#000000", 0.25);
  const sx = W / 1200;
  const sy = H / 800;
  const t = (x: number, y: number) => `${(x * sx).toFixed(1)} ${(y * sy).toFixed(1)}`;
  const wheelX = 800;
  const wheelR = truck ? 150 : 125;
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bcd6ec"/><stop offset="0.7" stop-color="#e8f1f8"/><stop offset="1" stop-color="#c9d3c4"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="#d9dadb"/>`,
    `<path d="M${t(150, 40)}L${t(1050, 40)}L${t(1160, 330)}L${t(40, 330)}Z" fill="url(#sky)"/>`,
    `<path d="M${t(40, 330)}L${t(1160, 330)}L${t(1160, 300)}L${t(40, 300)}Z" fill="#9fae8f" opacity="0.5"/>`,
    `<path d="M0 0L${t(150, 40)}L${t(40, 330)}L0 ${(360 * sy).toFixed(1)}Z" fill="${dashTop}"/>`,
    `<path d="M${W} 0L${t(1050, 40)}L${t(1160, 330)}L${W} ${(360 * sy).toFixed(1)}Z" fill="${dashTop}"/>`,
    `<rect width="${W}" height="${(40 * sy).toFixed(1)}" fill="#cfcfcc"/>`,
    `<path d="M0 ${(360 * sy).toFixed(1)}Q${t(600, 250)} ${t(1200, 360)}L${t(1200, 560)}L0 ${(560 * sy).toFixed(1)}Z" fill="${dash}"/>`,
    `<path d="M0 ${(360 * sy).toFixed(1)}Q${t(600, 250)} ${t(1200, 360)}L${t(1200, 385)}Q${t(600, 280)} ${t(0, 385)}Z" fill="${dashTop}"/>`,
    // instrument cluster behind the wheel (right-hand drive)
    `<rect x="${((wheelX - 150) * sx).toFixed(1)}" y="${(330 * sy).toFixed(1)}" width="${(300 * sx).toFixed(1)}" height="${(95 * sy).toFixed(1)}" rx="${(18 * sx).toFixed(1)}" fill="#0b0c0e"/>`,
    `<circle cx="${((wheelX - 70) * sx).toFixed(1)}" cy="${(378 * sy).toFixed(1)}" r="${(34 * sx).toFixed(1)}" fill="none" stroke="#5fb0e8" stroke-width="${(5 * sx).toFixed(1)}"/>`,
    `<circle cx="${((wheelX + 70) * sx).toFixed(1)}" cy="${(378 * sy).toFixed(1)}" r="${(34 * sx).toFixed(1)}" fill="none" stroke="#5fb0e8" stroke-width="${(5 * sx).toFixed(1)}"/>`,
    // centre screen and vents
    `<rect x="${(500 * sx).toFixed(1)}" y="${(340 * sy).toFixed(1)}" width="${(200 * sx).toFixed(1)}" height="${(120 * sy).toFixed(1)}" rx="${(10 * sx).toFixed(1)}" fill="#0b0d10" stroke="#3a3d42" stroke-width="${(3 * sx).toFixed(1)}"/>`,
    `<rect x="${(515 * sx).toFixed(1)}" y="${(355 * sy).toFixed(1)}" width="${(110 * sx).toFixed(1)}" height="${(90 * sy).toFixed(1)}" rx="${(6 * sx).toFixed(1)}" fill="#2d5d86"/>`,
    `<rect x="${(633 * sx).toFixed(1)}" y="${(355 * sy).toFixed(1)}" width="${(52 * sx).toFixed(1)}" height="${(40 * sy).toFixed(1)}" rx="${(5 * sx).toFixed(1)}" fill="#3b4450"/>`,
    `<rect x="${(633 * sx).toFixed(1)}" y="${(405 * sy).toFixed(1)}" width="${(52 * sx).toFixed(1)}" height="${(40 * sy).toFixed(1)}" rx="${(5 * sx).toFixed(1)}" fill="#3b4450"/>`,
    ...[130, 420, 720, 1020].map((x) => `<rect x="${(x * sx).toFixed(1)}" y="${(400 * sy).toFixed(1)}" width="${(60 * sx).toFixed(1)}" height="${(26 * sy).toFixed(1)}" rx="${(8 * sx).toFixed(1)}" fill="#0e0f11"/>`),
    screen === 1
      ? `<rect x="${(420 * sx).toFixed(1)}" y="${(286 * sy).toFixed(1)}" width="${(330 * sx).toFixed(1)}" height="${(96 * sy).toFixed(1)}" rx="${(8 * sx).toFixed(1)}" fill="#0b0d10" stroke="#55595f" stroke-width="${(4 * sx).toFixed(1)}"/><rect x="${(432 * sx).toFixed(1)}" y="${(298 * sy).toFixed(1)}" width="${(200 * sx).toFixed(1)}" height="${(72 * sy).toFixed(1)}" fill="#2d5d86"/>`
      : screen === 2
        ? `<rect x="${(530 * sx).toFixed(1)}" y="${(320 * sy).toFixed(1)}" width="${(140 * sx).toFixed(1)}" height="${(200 * sy).toFixed(1)}" rx="${(10 * sx).toFixed(1)}" fill="#0b0d10" stroke="#3a3d42" stroke-width="${(3 * sx).toFixed(1)}"/><rect x="${(542 * sx).toFixed(1)}" y="${(334 * sy).toFixed(1)}" width="${(116 * sx).toFixed(1)}" height="${(120 * sy).toFixed(1)}" fill="#3a6f5a"/>`
        : "",
    // console
    `<path d="M${t(490, 560)}L${t(710, 560)}L${t(760, 800)}L${t(440, 800)}Z" fill="${mix(dash, "#000000", 0.15)}"/>`,
    `<rect x="${(575 * sx).toFixed(1)}" y="${(600 * sy).toFixed(1)}" width="${(50 * sx).toFixed(1)}" height="${(80 * sy).toFixed(1)}" rx="${(20 * sx).toFixed(1)}" fill="#111214"/>`,
    // steering wheel
    `<circle cx="${(wheelX * sx).toFixed(1)}" cy="${(520 * sy).toFixed(1)}" r="${(wheelR * sx).toFixed(1)}" fill="none" stroke="#121315" stroke-width="${(28 * sx).toFixed(1)}"/>`,
    `<path d="M${t(wheelX - wheelR, 520)}L${t(wheelX + wheelR, 520)}M${t(wheelX, 520)}L${t(wheelX, 520 + wheelR)}" stroke="#121315" stroke-width="${(26 * sx).toFixed(1)}"/>`,
    `<circle cx="${(wheelX * sx).toFixed(1)}" cy="${(520 * sy).toFixed(1)}" r="${(48 * sx).toFixed(1)}" fill="#1c1d20"/>`,
    // seat backs
    `<path d="M${t(60, 800)}L${t(90, 560)}Q${t(230, 520)} ${t(370, 560)}L${t(400, 800)}Z" fill="${seat}"/>`,
    `<path d="M${t(800, 800)}L${t(830, 600)}Q${t(980, 560)} ${t(1130, 600)}L${t(1160, 800)}Z" fill="${seat}"/>`,
    `<rect x="${(170 * sx).toFixed(1)}" y="${(470 * sy).toFixed(1)}" width="${(120 * sx).toFixed(1)}" height="${(80 * sy).toFixed(1)}" rx="${(30 * sx).toFixed(1)}" fill="${seatShade}"/>`,
    `<rect x="${(920 * sx).toFixed(1)}" y="${(510 * sy).toFixed(1)}" width="${(120 * sx).toFixed(1)}" height="${(80 * sy).toFixed(1)}" rx="${(30 * sx).toFixed(1)}" fill="${seatShade}"/>`,
  ].join("");
}

function cabinSeats(trim: string, W: number, H: number): string {
  const seat = trim;
  const shadeC = mix(trim, "#000000", 0.28);
  const light = mix(trim, "#ffffff", 0.12);
  return [
    `<rect width="${W}" height="${H}" fill="#cfd1d4"/>`,
    `<path d="M0 0H${W}V250H0Z" fill="#e7eaee"/>`,
    `<path d="M120 40H1080L1040 240H160Z" fill="#b6cde0"/>`,
    `<rect y="560" width="${W}" height="240" fill="#2a2b2e"/>`,
    ...[260, 760].map((x) =>
      [
        `<path d="M${x - 40} 560Q${x - 60} 330 ${x + 10} 170Q${x + 90} 150 ${x + 160} 175Q${x + 190} 330 ${x + 200} 560Z" fill="${seat}"/>`,
        `<path d="M${x + 20} 260Q${x + 80} 240 ${x + 150} 265L${x + 165} 520Q${x + 80} 540 ${x} 520Z" fill="${light}"/>`,
        `<rect x="${x + 20}" y="80" width="140" height="95" rx="40" fill="${seat}"/>`,
        `<rect x="${x + 70}" y="170" width="12" height="16" fill="#8b8f94"/>`,
        `<path d="M${x - 80} 560Q${x + 80} 520 ${x + 300} 560L${x + 320} 650Q${x + 100} 690 ${x - 100} 650Z" fill="${shadeC}"/>`,
      ].join(""),
    ),
  ].join("");
}

function cabinRear(trim: string, W: number, H: number): string {
  const seat = trim;
  const light = mix(trim, "#ffffff", 0.1);
  return [
    `<rect width="${W}" height="${H}" fill="#d4d6d9"/>`,
    `<path d="M140 60H1060L1010 300H190Z" fill="#b9cfe1"/>`,
    `<rect y="600" width="${W}" height="200" fill="#2b2c2f"/>`,
    `<path d="M90 620Q100 330 160 300H1040Q1100 330 1110 620Z" fill="${seat}"/>`,
    ...[200, 520, 840].map((x) => `<path d="M${x} 340H${x + 160}L${x + 170} 560H${x - 10}Z" fill="${light}"/>`),
    ...[240, 560, 880].map((x) => `<rect x="${x}" y="215" width="120" height="85" rx="36" fill="${seat}"/>`),
    `<path d="M60 600Q600 560 1140 600L1160 700Q600 740 40 700Z" fill="${mix(trim, "#000000", 0.22)}"/>`,
  ].join("");
}

function caravanInterior(view: "front" | "seats" | "rear", trim: string, W: number, H: number): string {
  const timber = trim;
  const dark = mix(trim, "#000000", 0.3);
  const light = mix(trim, "#ffffff", 0.35);
  const base = [`<rect width="${W}" height="${H}" fill="#efece6"/>`, `<rect y="620" width="${W}" height="180" fill="#a89a86"/>`];
  if (view === "front") {
    return [
      ...base,
      `<rect x="80" y="60" width="1040" height="150" fill="${timber}"/>`,
      ...[80, 340, 600, 860].map((x) => `<rect x="${x + 6}" y="66" width="248" height="138" fill="${light}" stroke="${dark}" stroke-width="3"/>`),
      `<rect x="380" y="240" width="440" height="170" fill="#bcd4e6" stroke="#d9d9d9" stroke-width="14"/>`,
      `<rect x="60" y="430" width="1080" height="40" fill="#e2dfd9"/>`,
      `<rect x="60" y="470" width="1080" height="150" fill="${timber}"/>`,
      ...[60, 330, 600, 870].map((x) => `<rect x="${x + 8}" y="478" width="254" height="134" fill="${light}" stroke="${dark}" stroke-width="3"/>`),
      `<rect x="180" y="436" width="190" height="30" rx="6" fill="#9ea3a8"/>`,
      `<circle cx="800" cy="450" r="22" fill="#2b2d30"/><circle cx="880" cy="450" r="22" fill="#2b2d30"/>`,
    ].join("");
  }
  if (view === "seats") {
    return [
      ...base,
      `<rect x="100" y="60" width="1000" height="130" fill="${timber}"/>`,
      `<rect x="220" y="220" width="760" height="130" fill="${dark}"/>`,
      `<rect x="160" y="380" width="880" height="280" rx="30" fill="#f7f5f0"/>`,
      `<rect x="160" y="470" width="880" height="190" rx="20" fill="${light}"/>`,
      `<rect x="230" y="395" width="300" height="80" rx="36" fill="#ffffff"/><rect x="670" y="395" width="300" height="80" rx="36" fill="#ffffff"/>`,
      `<rect x="40" y="300" width="110" height="330" fill="${timber}"/><rect x="1050" y="300" width="110" height="330" fill="${timber}"/>`,
    ].join("");
  }
  return [
    ...base,
    `<rect x="300" y="90" width="600" height="200" fill="#bcd4e6" stroke="#d9d9d9" stroke-width="14"/>`,
    `<rect x="80" y="330" width="300" height="330" rx="24" fill="${trim}"/>`,
    `<rect x="820" y="330" width="300" height="330" rx="24" fill="${trim}"/>`,
    `<rect x="80" y="480" width="300" height="90" rx="18" fill="${light}"/><rect x="820" y="480" width="300" height="90" rx="18" fill="${light}"/>`,
    `<rect x="420" y="450" width="360" height="30" fill="${dark}"/><rect x="585" y="480" width="30" height="150" fill="#8f9398"/>`,
  ].join("");
}

/** A cabin view of `body` in trim `hex` (no #). */
export function interiorSvg(body: PictureBody, hex: string, view: "interior-front" | "interior-seats" | "interior-rear" | "interior-pano", key?: string): string {
  if (!hasInterior(body)) throw new Error(`${body} has no interior`);
  const trim = `#${hex}`;
  const caravan = body === "caravan" || body === "pop-top" || body === "camper-trailer";
  const truckish = body.startsWith("truck") || body === "prime-mover";
  const { width: W, height: H } = view === "interior-pano" ? PANO_SIZE : EXTERIOR_SIZE;
  let inner: string;
  if (caravan) inner = caravanInterior(view === "interior-seats" ? "seats" : view === "interior-rear" ? "rear" : "front", trim, 1200, 800);
  else if (view === "interior-seats") inner = cabinSeats(trim, 1200, 800);
  else if (view === "interior-rear") inner = cabinRear(trim, 1200, 800);
  else inner = cabinFront(trim, 1200, 800, truckish, key ? (key.length + key.charCodeAt(0) + key.charCodeAt(key.length - 1)) % 3 : 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 1200 800" preserveAspectRatio="none">${inner}</svg>`;
}

/** The SVG for a parsed picture request (`key`: the model's own drawing). */
export function pictureSvg(body: PictureBody, hex: string, view: string, key?: string): string {
  if (view in EXTERIOR_VIEWS) return exteriorSvg(body, hex, EXTERIOR_VIEWS[view as keyof typeof EXTERIOR_VIEWS], key);
  const spin = /^spin-(\d\d)$/.exec(view);
  if (spin) return exteriorSvg(body, hex, spinAngle(Number(spin[1])), key);
  return interiorSvg(body, hex, view as "interior-front", key);
}
