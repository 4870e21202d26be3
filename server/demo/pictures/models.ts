/** The drawing of a body type (generic) or of one model of it, built once and kept. */
import type { PictureBody } from "../../../domain/media";
import { MODELS } from "./generic";
import type { Model } from "./model";
import { shapedCar } from "./shaped-car";
import { shapedBike, shapedCaravan, shapedTruck } from "./shaped";
import { pictureShape, type Shape } from "./shapes";

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
export function model(body: PictureBody, key?: string): Model {
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
