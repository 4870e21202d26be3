/** A drawn vehicle: side-profile parts (x forward, z up, metres) extruded across its width, and wheels. */

export type P2 = readonly [number, number];
export type P3 = [number, number, number];
export type Fill =
  | "paint" | "glass" | "dark" | "plastic" | "alloy" | "chrome" | "light" | "red" | "canvas" | "steel" | "white" | "amber"
  | "blue" | "green" | "grey" | "highlight" | "shadow";

export interface Decal {
  poly: P2[];
  fill: Fill;
}

export interface Part {
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

export interface Wheel {
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

export interface Model {
  length: number;
  width: number;
  height: number;
  parts: Part[];
  wheels: Wheel[];
}

export const rect = (x0: number, z0: number, x1: number, z1: number): P2[] => [[x0, z0], [x1, z0], [x1, z1], [x0, z1]];
export const mirrored = (part: Part, y: number): Part[] => [{ ...part, y }, { ...part, y: -y }];
