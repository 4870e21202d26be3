/** The parts of a demo vehicle drawn from tables: plates and VINs, equipment, hotspots, gallery pictures, specifications and dealer comments. */
import type { ExteriorView, PictureBody } from "../../domain/media";
import { pictureUrl } from "../../domain/media";
import type { Kind, ModelSpec } from "./catalogue";
import { anchorPositions, type AnchorName } from "./pictures/anchors";
import type { StoredVehicle } from "../inventory/vehicle";
import type { Dice } from "./dice";
import type { Dealership } from "./inventory";
import { vehicleTerms } from "../../domain/vehicle-terms";

export const WMI: Record<string, string> = {
  Toyota: "JTN", Mazda: "JM0", Hyundai: "KMH", Kia: "KNA", Ford: "MPB", Volkswagen: "WVW", Skoda: "TMB", Cupra: "VSS", Mitsubishi: "MMA",
  "Isuzu UTE": "MPA", Nissan: "JN1", Suzuki: "JS3", GWM: "LGW", MG: "LSJ", Yamaha: "JYA", Kawasaki: "JKA", Triumph: "SMT", Honda: "JH2",
  KTM: "VBK", Husqvarna: "VBK", "Royal Enfield": "ME3", Fuso: "JLF", Hino: "JHD", "UD Trucks": "JNC", "Isuzu Trucks": "JAL", Iveco: "ZCF",
  Jayco: "6T9", Avan: "6A9", Coromal: "6C9", Tesla: "LRW", BYD: "LGX", Holden: "6G1", Subaru: "JF1", BMW: "WBA", "Mercedes-Benz": "WDD",
};
export const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

export function plate(dice: Dice, state: string): string {
  const L = () => dice.pick("ABCDEFGHJKLMNPRSTUVWXYZ".split(""));
  const D = () => String(dice.int(0, 9));
  switch (state) {
    case "NSW": return `${L()}${L()}${D()}${D()}${L()}${L()}`;
    case "VIC": return `${D()}${L()}${L()}${D()}${L()}${L()}`;
    case "WA": return `1${L()}${L()}${L()}${D()}${D()}${D()}`;
    case "QLD": return `${D()}${D()}${D()}${L()}${L()}${L()}`;
    default: return /^[A-Z]{3}$/.test(state) && ["AUK", "WGN", "CAN", "WKO", "BOP", "OTA"].includes(state) ? `${L()}${L()}${L()}${D()}${D()}${D()}` : `${L()}${L()}${D()}${D()}${L()}${L()}`;
  }
}

export const EQUIPMENT: Record<Kind, [string, string[], string[]][]> = {
  car: [
    ["Safety", ["Autonomous emergency braking", "Lane keep assist", "Reversing camera", "7 airbags", "Rear parking sensors"], ["Blind spot monitoring", "Rear cross-traffic alert", "360-degree camera", "Front parking sensors"]],
    ["Comfort & Convenience", ["Apple CarPlay and Android Auto", "Cruise control", "Bluetooth phone and audio", "Air conditioning"], ["Dual-zone climate control", "Keyless entry and start", "Wireless phone charger", "Heated front seats", "Power tailgate"]],
    ["Exterior", ["LED daytime running lights", "Alloy wheels", "Power-folding mirrors"], ["LED headlights", "Privacy glass", "Rain-sensing wipers", "Sunroof"]],
    ["Interior", ["Leather-wrapped steering wheel", "8-inch touchscreen", "Digital radio"], ["12.3-inch touchscreen", "Head-up display", "Premium audio", "Ambient lighting"]],
  ],
  motorcycle: [
    ["Safety", ["ABS", "LED lighting"], ["Cornering ABS", "Traction control"]],
    ["Features", ["Digital instruments", "Slipper clutch"], ["TFT display", "Ride modes", "Quickshifter", "Cruise control", "Bluetooth connectivity"]],
  ],
  truck: [
    ["Safety", ["ABS", "Driver airbag", "Reversing camera"], ["Electronic stability control", "Lane departure warning", "Advanced emergency braking"]],
    ["Cabin", ["Air conditioning", "Bluetooth phone", "Cruise control"], ["Air-suspended driver's seat", "Sat nav", "Sleeper cab"]],
    ["Chassis", ["Exhaust brake", "Steel wheels"], ["Alloy wheels", "Air suspension", "Tow coupling"]],
  ],
  caravan: [
    ["Living", ["Queen bed", "Dinette", "Reverse-cycle air conditioner", "Microwave"], ["Ensuite with shower and toilet", "Front-loading washing machine", "32-inch TV", "Bunk beds"]],
    ["Off-grid", ["190W solar panel", "100Ah lithium battery", "2 x 95L fresh water tanks"], ["400W solar", "2000W inverter", "Grey water tank"]],
    ["Exterior", ["Roll-out awning", "2 x 9kg gas bottles", "External shower"], ["Slide-out kitchen", "Independent suspension", "Stone guard"]],
  ],
};

const HOTSPOTS: Record<Kind, [AnchorName, string][]> = {
  car: [["front", "LED headlights with automatic high beam"], ["front-wheel", "Alloy wheels, near-new tyres"], ["rear", "Power tailgate and rear camera"], ["roof", "Panoramic sunroof"], ["side", "Small mark on the rear door, priced accordingly"]],
  motorcycle: [["front", "LED headlight and TFT dash"], ["front-wheel", "Radial-mount brakes"], ["rear-wheel", "Near-new rear tyre"]],
  truck: [["front", "Bull bar and LED driving lights"], ["front-wheel", "New steer tyres"], ["rear-wheel", "Dual rear wheels"], ["side", "Side underrun protection"]],
  caravan: [["front", "Stone guard and gas bottles"], ["side", "Roll-out awning"], ["front-wheel", "Off-road independent suspension"], ["roof", "Solar panels on the roof"]],
};

export const GALLERY: ExteriorView[] = ["front-right", "right", "rear-right", "rear", "rear-left", "left", "front-left", "front"];

type Look = { body: PictureBody; model: string | null };

export function image(look: Look, hex: string, view: string, kind: "exterior" | "interior") {
  const url = pictureUrl(look.body, hex, view, "jpg", look.model);
  return { url, thumb_url: url, kind };
}

export function hotspots(look: Look, kind: Kind, dice: Dice): StoredVehicle["hotspots"] {
  const count = dice.int(2, Math.min(4, HOTSPOTS[kind].length));
  const exterior = HOTSPOTS[kind]
    .slice(0, count)
    .map(([anchor, description], i) => ({ id: `ext-${i + 1}`, description, positions: anchorPositions(look.body, anchor, look.model ?? undefined) }))
    .filter((h) => h.positions.length);
  const interior =
    kind === "car"
      ? [
          { id: "int-1", description: "Touchscreen with Apple CarPlay and Android Auto", positions: [{ activeAngle: 0, posX: 50, posY: 50 }] },
          { id: "int-2", description: "Digital instrument cluster", positions: [{ activeAngle: 0, posX: 66.7, posY: 47.3 }] },
        ]
      : [];
  return { exterior, interior };
}

export function specifications(spec: ModelSpec, v: StoredVehicle): { name: string; value: string }[] {
  const out: [string, string | number | undefined][] = [
    ["Body", v.body],
    ["Colour", v.colour],
    ["Interior", v.interior_colour],
    ["Fuel", v.fuel],
    ["Engine", v.engine_size_litres ? `${v.engine_size_litres.toFixed(1)}L ${spec.cylinders} cyl ${spec.induction !== "Aspirated" ? spec.induction.toLowerCase() : ""}`.trim() : undefined],
    ["Power", spec.power ? `${spec.power} kW` : undefined],
    ["Torque", spec.torque ? `${spec.torque} Nm` : undefined],
    ["Transmission", v.transmission ? `${v.gearnum ?? ""} speed ${v.transmission}`.replace(/^1 speed /, "").trim() : undefined],
    ["Drive", v.drive],
    ["Seats", v.seats],
    ["Doors", v.doors],
    ["Build date", v.build_date],
    ["Compliance date", v.compliance_date],
    ["Stock number", v.stocknum],
    ["VIN", v.vin],
  ];
  return out.filter((x): x is [string, string | number] => x[1] !== undefined && x[1] !== "").map(([name, value]) => ({ name, value: String(value) }));
}

export function variant(spec: ModelSpec, electric: boolean): NonNullable<StoredVehicle["variant"]> {
  return {
    ...(electric ? {} : { cylinders: spec.cylinders, induction: spec.induction, fuelconsumptioncombined: spec.consumption, fuelcapacity: spec.tank }),
    ...(spec.gvm ? { grossvehiclemass: spec.gvm } : {}),
    vehiclelength: spec.length,
    vehicleheight: spec.height,
    vehiclewidth: spec.width,
    ...(spec.tow ? { towingcapacitybraked: spec.tow } : {}),
    torque: spec.torque,
    power: spec.power,
    ...(spec.kind === "car" ? { ancaprating: spec.ancap } : {}),
    geartype: spec.transmission === "CVT" ? "Constantly Variable Transmission" : spec.transmission === "Manual" ? "Manual" : electric ? "Reduction Gear" : "Sports Automatic",
    ...(spec.bodyConfiguration ? { bodyconfiguration: spec.bodyConfiguration } : {}),
  };
}

export function caravan(spec: ModelSpec, badge: string, dice: Dice) {
  const feet = Number(/^(\d+)ft/.exec(badge)?.[1] ?? spec.lengthFt ?? 18);
  const tare = Math.round((feet * 105 + dice.int(100, 400)) / 10) * 10;
  return {
    body_length_ft: feet,
    body_width_ft: spec.body === "Camper Trailer" ? 6.5 : dice.pick([7.5, 7.8, 8]),
    tare_weight: tare,
    aggregate_trailer_mass: tare + dice.pick([400, 500, 600]),
    axle_type: feet >= 18 ? "Tandem" : "Single",
    sleeps: /Family/.test(badge) ? dice.pick([5, 6]) : spec.body === "Camper Trailer" ? 4 : 2,
  };
}

export function comments(v: StoredVehicle, dealership: Dealership, long: boolean): string {
  const name = [v.year, v.make, v.model, v.badge].filter(Boolean).join(" ");
  const km = v.km.toLocaleString("en-AU");
  const condition =
    v.car_type === "new" ? "is brand new and ready for delivery"
    : v.car_type === "demo" ? `has just ${km} km from its time as our demonstrator, with the balance of the factory warranty`
    : v.item_type === "caravan" ? "has been fully inspected by our service team"
    : `has travelled ${km} km and comes with ${v.certified ? "a certified pre-owned inspection and " : ""}service history`;
  const parts = [`This ${name} in ${v.colour} ${condition}.`];
  const features = v.standard_equipment?.flatMap((g) => g.items).slice(2, 5) ?? [];
  if (features.length) parts.push(`Highlights include ${features.slice(0, -1).join(", ").toLowerCase()} and ${features.at(-1)!.toLowerCase()}.`);
  if (long) {
    parts.push(
      `Every vehicle at ${dealership.name} is checked before it leaves the yard, and our finance team can arrange a competitive rate on the spot. We welcome trade-ins — ask us for a valuation — and we can deliver across the region.`,
      // "Call us", not the number: a site that masks its number behind Show number would print it here.
      `Call us or send an enquiry to ${vehicleTerms(v).bookTest.toLowerCase()} today; vehicles like this do not stay long.`,
    );
  } else {
    parts.push(`Call us to ${vehicleTerms(v).bookTest.toLowerCase()}.`);
  }
  return parts.join(" ");
}
