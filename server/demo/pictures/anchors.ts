/** Hotspot anchors: where a point of the vehicle shows in each spin frame. */
import { SPIN_FRAMES, spinAngle, type PictureBody } from "../../../domain/media";
import type { Model, P3 } from "./model";
import { model } from "./models";
import { camera, directionToCamera, EXTERIOR_SIZE, screen } from "./projection";

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
