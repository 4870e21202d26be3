/** The generic drawing of each body type: what /media/vehicles/{body}/{hex}/{view} shows. */
import type { PictureBody } from "../../../domain/media";
import { car, caravanWindows, drawbar, truck, truckCab, truckChassis } from "./generic-parts";
import { rect, type Model } from "./model";

export const MODELS: Record<PictureBody, () => Model> = {
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
