/** The camera of an exterior view: a turn about the vertical axis, a slightly raised eye, and the light. */
import type { Model, P3 } from "./model";

export const EXTERIOR_SIZE = { width: 1200, height: 800 } as const;
const PITCH = (13 * Math.PI) / 180;

export interface Camera {
  cos: number;
  sin: number;
  scale: number;
  cx: number;
  groundY: number;
  centreX: number;
}

export function camera(m: Model, angleDeg: number, size = EXTERIOR_SIZE): Camera {
  const a = (angleDeg * Math.PI) / 180;
  const diag = Math.hypot(m.length, m.width);
  const scale = Math.min((0.84 * size.width) / diag, (0.62 * size.height) / (m.height + m.width * Math.sin(PITCH)));
  return { cos: Math.cos(a), sin: Math.sin(a), scale, cx: size.width / 2, groundY: size.height / 2 + (m.height * scale) / 2.1, centreX: m.length / 2 };
}

/** Camera space: x to the right, up, depth away from the viewer. */
export function toCamera(c: Camera, [x, y, z]: P3): P3 {
  const x0 = x - c.centreX;
  const x1 = x0 * c.cos - y * c.sin;
  const y1 = x0 * c.sin + y * c.cos;
  return [x1, z * Math.cos(PITCH) + y1 * Math.sin(PITCH), y1 * Math.cos(PITCH) - z * Math.sin(PITCH)];
}

export function directionToCamera(c: Camera, [x, y, z]: P3): P3 {
  const x1 = x * c.cos - y * c.sin;
  const y1 = x * c.sin + y * c.cos;
  return [x1, z * Math.cos(PITCH) + y1 * Math.sin(PITCH), y1 * Math.cos(PITCH) - z * Math.sin(PITCH)];
}

export const screen = (c: Camera, p: P3): [number, number] => {
  const [x, up] = toCamera(c, p);
  return [c.cx + x * c.scale, c.groundY - up * c.scale];
};

export const LIGHT: P3 = (() => {
  const v: P3 = [-0.35, 0.8, -0.5];
  const n = Math.hypot(...v);
  return v.map((x) => x / n) as P3;
})();
