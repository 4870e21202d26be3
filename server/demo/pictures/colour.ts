/** Colours of the drawings: fixed fills, and shading by a face's angle to the light. */
import type { Fill, P3 } from "./model";
import { LIGHT } from "./projection";

export const FILLS: Record<Exclude<Fill, "paint">, string> = {
  glass: "#1c2631", dark: "#1d1e21", plastic: "#2c2e32", alloy: "#aab0b5", chrome: "#c9cdd1", light: "#eef3f7", red: "#b3141d",
  canvas: "#5f665c", steel: "#5b6066", white: "#f1f1ee", amber: "#e89a1c", blue: "#1f5fa8", green: "#2f8a4c", grey: "#6d737a",
  highlight: "", shadow: "",
};

const rgb = (hex: string): P3 => [0, 2, 4].map((i) => parseInt(hex.replace("#", "").slice(i, i + 2), 16)) as P3;
const hexOf = ([r, g, b]: P3) => `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0")).join("")}`;

export function shade(base: string, normal: P3, fill: Fill): string {
  const d = Math.max(0, normal[0] * LIGHT[0] + normal[1] * LIGHT[1] + normal[2] * LIGHT[2]);
  const glossy = fill === "paint" || fill === "glass" || fill === "chrome";
  const k = 0.5 + 0.58 * d;
  const spec = glossy ? 70 * d ** 12 : 0;
  return hexOf(rgb(base).map((v) => v * k + spec + (fill === "glass" ? 18 * d : 0)) as P3);
}

export const mix = (a: string, b: string, t: number) => hexOf(rgb(a).map((v, i) => v + (rgb(b)[i] - v) * t) as P3);
