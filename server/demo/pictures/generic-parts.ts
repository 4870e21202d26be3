/** Building pieces of the generic drawings (./generic.ts): car bodies and faces, truck cabs and chassis, drawbars. */
import { rect, type Decal, type Model, type P2, type Part, type Wheel } from "./model";

export const pillar = (x: number, z0: number, z1: number, w = 0.07): Decal => ({ poly: [[x, z0], [x + w, z0], [x + w * 1.3, z1], [x + w * 0.3, z1]], fill: "dark" });

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

export function car(o: {
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
export function arch(cx: number, radius: number, cz: number, bottom: number): P2[] {
  const pts: P2[] = [];
  const from = Math.asin(Math.max(-1, Math.min(1, (bottom - cz) / radius)));
  for (let i = 0; i <= 16; i++) {
    const a = from + ((Math.PI - 2 * from) * i) / 16;
    pts.push([cx + radius * Math.cos(a), cz + radius * Math.sin(a)]);
  }
  return pts;
}

export const truckCab = (x0: number, L: number, roof: number, hw = 1.0): Part[] => [
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

export const truckChassis = (L: number, z = 0.62): Part[] => [
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

export function truck(body: Part[]): Model {
  return { length: 7.2, width: 2.44, height: 3.1, parts: [...truckCab(5.5, 7.2, 2.72), ...truckChassis(5.6), ...body], wheels: truckWheels(6.15, [1.95]) };
}

export const drawbar = (x0: number, x1: number, z = 0.5): Part[] => [
  { profile: [[x0, z], [x1, z], [x1, z + 0.08], [x0, z + 0.14]], halfWidth: 0.5, fill: "dark" },
  { profile: rect(x1 - 0.25, z - 0.35, x1 - 0.17, z), halfWidth: 0.04, fill: "dark" },
];

export const caravanWindows = (x0: number, x1: number, z0: number, z1: number): Decal[] => [
  { poly: rect(x0, z0, x1, z1), fill: "glass" },
  { poly: rect(x0 - 0.06, z1, x1 + 0.06, z1 + 0.06), fill: "plastic" },
];
