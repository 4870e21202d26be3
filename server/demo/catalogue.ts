/**
 * What the demo dealers sell: makes, models, badges with new prices (AUD, drive away), and the
 * specifications the demo vehicles carry. Figures are typical of the Australian market, rounded.
 */
export type Kind = "car" | "motorcycle" | "truck" | "caravan";
export type Fuel = "Petrol" | "Diesel" | "Hybrid" | "Plug-in Hybrid" | "Electric";

export interface Badge {
  name: string;
  price: number;
  fuel: Fuel;
}

export interface ModelSpec {
  make: string;
  model: string;
  kind: Kind;
  /** The body as a feed names it. */
  body: string;
  badges: Badge[];
  /** First model year sold; used stock is never older. */
  from: number;
  /** Last model year sold (discontinued models appear as used stock only). */
  to?: number;
  engine: number;
  cylinders: number;
  induction: string;
  transmission: string;
  gears: number;
  drive: string;
  seats: number;
  doors: number;
  power: number;
  torque: number;
  length: number;
  width: number;
  height: number;
  tank: number;
  consumption: number;
  tow: number;
  gvm: number;
  ancap: number;
  series: string;
  /** Caravans: body length in feet, sleeps. */
  lengthFt?: number;
  sleeps?: number;
  bodyConfiguration?: string;
}

type Spec = Partial<Omit<ModelSpec, "make" | "model" | "kind" | "body" | "badges">>;
type BadgeRow = [name: string, price: number, fuel?: "U" | "D" | "H" | "P" | "E"];

const FUELS = { U: "Petrol", D: "Diesel", H: "Hybrid", P: "Plug-in Hybrid", E: "Electric" } as const;

const CAR_DEFAULTS: Record<string, Spec> = {
  Hatchback: { engine: 1.5, cylinders: 4, power: 90, torque: 150, seats: 5, doors: 5, drive: "FWD", length: 4300, width: 1790, height: 1460, tank: 45, consumption: 6.0, tow: 1100, gvm: 1750, bodyConfiguration: "Hatchback" },
  Sedan: { engine: 2.0, cylinders: 4, power: 110, torque: 200, seats: 5, doors: 4, drive: "FWD", length: 4700, width: 1820, height: 1450, tank: 55, consumption: 6.4, tow: 1300, gvm: 2000, bodyConfiguration: "Sedan" },
  Wagon: { engine: 2.0, cylinders: 4, power: 110, torque: 250, seats: 5, doors: 5, drive: "FWD", length: 4750, width: 1830, height: 1470, tank: 55, consumption: 6.6, tow: 1500, gvm: 2100, bodyConfiguration: "Wagon" },
  SUV: { engine: 2.5, cylinders: 4, power: 132, torque: 240, seats: 5, doors: 5, drive: "AWD", length: 4600, width: 1860, height: 1680, tank: 58, consumption: 7.4, tow: 1800, gvm: 2300, bodyConfiguration: "Wagon" },
  Utility: { engine: 2.8, cylinders: 4, induction: "Turbo", power: 150, torque: 500, seats: 5, doors: 4, drive: "4x4", length: 5330, width: 1870, height: 1810, tank: 80, consumption: 8.0, tow: 3500, gvm: 3100, bodyConfiguration: "Double Cab" },
  "Cab Chassis": { engine: 2.8, cylinders: 4, induction: "Turbo", power: 150, torque: 500, seats: 2, doors: 2, drive: "4x4", length: 5300, width: 1860, height: 1800, tank: 80, consumption: 8.2, tow: 3500, gvm: 3200, bodyConfiguration: "Single Cab" },
  Van: { engine: 2.8, cylinders: 4, induction: "Turbo", power: 130, torque: 420, seats: 3, doors: 4, drive: "RWD", length: 5270, width: 1950, height: 1990, tank: 70, consumption: 8.4, tow: 1900, gvm: 3300, bodyConfiguration: "Van" },
  "People Mover": { engine: 2.2, cylinders: 4, induction: "Turbo", power: 148, torque: 440, seats: 8, doors: 5, drive: "FWD", length: 5155, width: 1995, height: 1775, tank: 72, consumption: 6.5, tow: 2000, gvm: 2800, bodyConfiguration: "Wagon" },
  Coupe: { engine: 2.4, cylinders: 4, power: 170, torque: 250, seats: 4, doors: 2, drive: "RWD", length: 4265, width: 1775, height: 1310, tank: 50, consumption: 8.8, tow: 0, gvm: 1700, bodyConfiguration: "Coupe" },
  Convertible: { engine: 2.0, cylinders: 4, power: 135, torque: 205, seats: 2, doors: 2, drive: "RWD", length: 3915, width: 1735, height: 1235, tank: 45, consumption: 6.9, tow: 0, gvm: 1300, bodyConfiguration: "Roadster" },
};

/**
 * A model whose series is its model year: each car of it is "MY" + its own two-digit year (a 2015
 * truck MY15, never a later year's MY24), written by seriesOf when the car is made (demo/vehicle.ts).
 */
export const MODEL_YEAR = "MY";

/** A car's series: the model's own (a model code, "GUN126R"), or its model year for MODEL_YEAR. */
export const seriesOf = (series: string, year: number) => (series === MODEL_YEAR ? `MY${String(year % 100).padStart(2, "0")}` : series);

const BASE: Omit<ModelSpec, "make" | "model" | "kind" | "body" | "badges"> = {
  from: 2013, engine: 2.0, cylinders: 4, induction: "Aspirated", transmission: "Automatic", gears: 6, drive: "FWD", seats: 5, doors: 4,
  power: 110, torque: 200, length: 4600, width: 1820, height: 1500, tank: 55, consumption: 7, tow: 1500, gvm: 2000, ancap: 5, series: MODEL_YEAR,
};

export const CATALOGUE: ModelSpec[] = [];

function add(make: string, kind: Kind, model: string, body: string, spec: Spec, badges: BadgeRow[]) {
  const defaults = kind === "car" ? (CAR_DEFAULTS[body] ?? {}) : {};
  const fuel0 = (spec as { fuel?: "U" | "D" | "H" | "P" | "E" }).fuel ?? (defaults.induction === "Turbo" && kind === "car" && /Utility|Cab Chassis|Van/.test(body) ? "D" : "U");
  CATALOGUE.push({
    ...BASE,
    ...defaults,
    ...spec,
    make,
    model,
    kind,
    body,
    badges: badges.map(([name, price, f]) => ({ name, price, fuel: FUELS[f ?? fuel0] })),
  });
}
const car = (make: string, model: string, body: string, spec: Spec & { fuel?: "U" | "D" | "H" | "P" | "E" }, badges: BadgeRow[]) => add(make, "car", model, body, spec, badges);

// ---- Toyota
car("Toyota", "Yaris Cross", "SUV", { from: 2021, engine: 1.5, cylinders: 3, power: 88, torque: 145, transmission: "CVT", drive: "FWD", series: "MXPB10R", length: 4180, tank: 42, consumption: 5.4 }, [["GX", 30990], ["GXL", 33990], ["GX Hybrid", 33490, "H"], ["Urban Hybrid AWD", 39990, "H"]]);
car("Toyota", "Corolla", "Hatchback", { from: 2018, engine: 2.0, power: 126, torque: 205, transmission: "CVT", gears: 10, series: "MZEA12R" }, [["Ascent Sport", 30990], ["Ascent Sport Hybrid", 33490, "H"], ["SX Hybrid", 36990, "H"], ["ZR Hybrid", 40990, "H"]]);
car("Toyota", "Corolla", "Sedan", { from: 2019, engine: 2.0, power: 126, torque: 205, transmission: "CVT", gears: 10, series: "ZWE211R" }, [["Ascent Sport Hybrid", 33990, "H"], ["SX Hybrid", 36990, "H"], ["ZR Hybrid", 40990, "H"]]);
car("Toyota", "Camry", "Sedan", { from: 2013, engine: 2.5, power: 160, torque: 221, transmission: "CVT", series: "AXVH80R" }, [["Ascent Hybrid", 41990, "H"], ["SL Hybrid", 51990, "H"]]);
car("Toyota", "C-HR", "SUV", { from: 2017, engine: 1.8, power: 103, torque: 185, transmission: "CVT", drive: "FWD", series: "ZYX11R" }, [["GXL Hybrid", 41990, "H"], ["Koba Hybrid", 46990, "H"]]);
car("Toyota", "RAV4", "SUV", { from: 2013, engine: 2.5, power: 152, torque: 243, transmission: "Automatic", gears: 8, series: "AXAH54R", tow: 1500 }, [["GX", 37990], ["GXL", 41990], ["GXL Hybrid", 44990, "H"], ["XSE Hybrid", 48990, "H"], ["Cruiser Hybrid", 52990, "H"], ["Edge", 53990]]);
car("Toyota", "Kluger", "SUV", { from: 2014, engine: 2.5, power: 184, torque: 242, seats: 7, length: 4966, width: 1930, height: 1755, transmission: "CVT", series: "AXUH78R", tow: 2000 }, [["GX", 54990], ["GXL Hybrid", 69990, "H"], ["Grande Hybrid", 82990, "H"]]);
car("Toyota", "Prado", "SUV", { from: 2013, engine: 2.8, induction: "Turbo", power: 150, torque: 500, seats: 7, drive: "4x4", fuel: "D", series: "GDJ250R", length: 4920, width: 1980, height: 1870, tank: 110, consumption: 7.9, tow: 3500, gvm: 3280 }, [["GX", 76990], ["VX", 89990], ["Kakadu", 99990]]);
car("Toyota", "LandCruiser 300", "SUV", { from: 2022, engine: 3.3, cylinders: 6, induction: "Twin Turbo", power: 227, torque: 700, seats: 7, drive: "4x4", fuel: "D", gears: 10, series: "FJA300R", length: 4980, width: 1980, height: 1950, tank: 110, consumption: 8.9, tow: 3500, gvm: 3280 }, [["GX", 98990], ["GXL", 112990], ["VX", 123990], ["Sahara", 141990], ["GR Sport", 146990]]);
car("Toyota", "LandCruiser 70", "Cab Chassis", { from: 2013, engine: 2.8, gears: 6, series: "GDJ79R", tow: 3500, power: 150 }, [["Workmate", 78990, "D"], ["GXL", 86990, "D"]]);
car("Toyota", "HiLux", "Utility", { from: 2013, series: "GUN126R" }, [["Workmate 4x2", 36990, "D"], ["SR 4x4", 51990, "D"], ["SR5 4x4", 63990, "D"], ["Rogue", 73990, "D"], ["GR Sport", 77990, "D"]]);
car("Toyota", "HiLux", "Cab Chassis", { from: 2013, series: "GUN126R" }, [["Workmate 4x2", 34990, "D"], ["SR 4x4", 52990, "D"]]);
car("Toyota", "HiAce", "Van", { from: 2019, series: "GDH300R" }, [["LWB", 48990, "D"], ["SLWB", 54990, "D"]]);
car("Toyota", "bZ4X", "SUV", { from: 2022, engine: 0, cylinders: 0, power: 150, torque: 266, gears: 1, fuel: "E", series: "XEAM10R", tank: 0, consumption: 0, tow: 750 }, [["FWD", 66000, "E"], ["AWD", 74900, "E"]]);
car("Toyota", "GR86", "Coupe", { from: 2022, transmission: "Manual", series: "ZN8R" }, [["GT", 45990], ["GTS", 49990]]);

// ---- Mazda
car("Mazda", "Mazda2", "Hatchback", { from: 2014, power: 82, torque: 144, series: "DJ" }, [["G15 Pure", 24990], ["G15 GT", 29990]]);
car("Mazda", "Mazda3", "Hatchback", { from: 2014, engine: 2.0, power: 114, torque: 200, series: "BP" }, [["G20 Pure", 33490], ["G20 Evolve", 35490], ["G25 GT", 39490], ["G25 Astina", 45990]]);
car("Mazda", "Mazda3", "Sedan", { from: 2014, engine: 2.0, power: 114, torque: 200, series: "BP" }, [["G20 Pure", 33490], ["G25 Astina", 45990]]);
car("Mazda", "CX-3", "SUV", { from: 2015, engine: 2.0, power: 110, torque: 195, drive: "FWD", series: "DK" }, [["G20 Pure", 28990], ["G20 Evolve", 31990], ["Akari LE", 38990]]);
car("Mazda", "CX-30", "SUV", { from: 2020, engine: 2.0, power: 114, torque: 200, drive: "FWD", series: "DM" }, [["G20 Pure", 34990], ["G25 Astina", 45990], ["G25 Astina AWD", 48490]]);
car("Mazda", "CX-5", "SUV", { from: 2013, series: "KF", power: 140, torque: 252 }, [["G20 Maxx", 37990], ["G25 Maxx Sport", 42990], ["G25 Touring", 46990], ["G25 GT SP", 52990], ["G35 Akera", 58990]]);
car("Mazda", "CX-60", "SUV", { from: 2023, engine: 2.5, power: 241, torque: 500, gears: 8, series: "KH", length: 4740 }, [["G40e Evolve", 59990], ["P50e GT", 73990, "P"], ["D50e Azami", 76990, "D"]]);
car("Mazda", "CX-8", "SUV", { from: 2018, to: 2024, seats: 7, series: "KG", length: 4900 }, [["G25 Sport", 45990], ["D35 Asaki", 67990, "D"]]);
car("Mazda", "CX-90", "SUV", { from: 2023, engine: 3.3, cylinders: 6, induction: "Turbo", power: 254, torque: 500, seats: 7, gears: 8, series: "KK", length: 5120 }, [["G50e Touring", 76990], ["D50e Azami", 96990, "D"]]);
car("Mazda", "BT-50", "Utility", { from: 2013, engine: 3.0, power: 140, torque: 450, series: "TF" }, [["XS 4x2", 38990, "D"], ["XT 4x4", 52990, "D"], ["GT 4x4", 62990, "D"], ["Thunder", 70990, "D"]]);
car("Mazda", "MX-5", "Convertible", { from: 2015, transmission: "Manual", series: "ND" }, [["Roadster", 44990], ["GT RS", 53990]]);

// ---- Hyundai
car("Hyundai", "Venue", "SUV", { from: 2019, engine: 1.6, power: 90, torque: 151, drive: "FWD", series: "QX" }, [["Venue", 24990], ["Elite", 28990]]);
car("Hyundai", "i30", "Hatchback", { from: 2013, engine: 2.0, power: 120, torque: 203, series: "PD" }, [["i30", 29990], ["Active", 32490], ["N Line", 37490], ["N", 49990]]);
car("Hyundai", "i30", "Sedan", { from: 2021, series: "CN7" }, [["i30", 29990], ["N Line Premium", 42990], ["Hybrid", 34990, "H"]]);
car("Hyundai", "Kona", "SUV", { from: 2018, engine: 2.0, power: 110, torque: 180, drive: "FWD", series: "SX2" }, [["Kona", 34000], ["N Line", 43000], ["Hybrid", 37000, "H"], ["Electric Premium", 64000, "E"]]);
car("Hyundai", "Tucson", "SUV", { from: 2015, series: "NX4" }, [["Tucson", 37000], ["Elite", 44000], ["Highlander", 53000], ["Hybrid Elite", 52000, "H"]]);
car("Hyundai", "Santa Fe", "SUV", { from: 2013, seats: 7, series: "MX5", length: 4830 }, [["Santa Fe", 55000], ["Elite Hybrid", 68000, "H"], ["Calligraphy Hybrid", 77000, "H"]]);
car("Hyundai", "Palisade", "SUV", { from: 2021, engine: 2.2, induction: "Turbo", seats: 8, series: "LX2", length: 4995 }, [["Elite", 66000, "D"], ["Highlander", 77000, "D"]]);
car("Hyundai", "Ioniq 5", "SUV", { from: 2021, engine: 0, cylinders: 0, power: 168, torque: 350, gears: 1, series: "NE", tank: 0, consumption: 0, tow: 1600 }, [["Dynamiq", 69000, "E"], ["Epiq", 82000, "E"], ["N", 111000, "E"]]);
car("Hyundai", "Staria", "People Mover", { from: 2021, series: "US4" }, [["Staria", 54000, "D"], ["Highlander", 67000, "D"]]);

// ---- Kia
car("Kia", "Picanto", "Hatchback", { from: 2013, engine: 1.2, power: 62, torque: 122, series: "JA" }, [["Sport", 17990], ["GT-Line", 19990]]);
car("Kia", "Cerato", "Hatchback", { from: 2013, to: 2024, series: "BD" }, [["S", 26990], ["Sport", 29590], ["GT", 37990]]);
car("Kia", "Seltos", "SUV", { from: 2020, engine: 2.0, drive: "FWD", series: "SP2" }, [["S", 30990], ["Sport+", 36990], ["GT-Line", 44990]]);
car("Kia", "Sportage", "SUV", { from: 2013, series: "NQ5" }, [["S", 35990], ["SX", 40990], ["GT-Line", 53990, "D"], ["Hybrid GT-Line", 55990, "H"]]);
car("Kia", "Sorento", "SUV", { from: 2013, seats: 7, series: "MQ4", length: 4810 }, [["S", 50990], ["GT-Line", 70990, "D"], ["Hybrid GT-Line", 72990, "H"], ["PHEV GT-Line", 83990, "P"]]);
car("Kia", "Carnival", "People Mover", { from: 2015, series: "KA4" }, [["S", 53990, "D"], ["Sport+", 61990, "D"], ["GT-Line", 73990, "D"], ["Hybrid GT-Line", 77990, "H"]]);
car("Kia", "EV6", "SUV", { from: 2022, engine: 0, cylinders: 0, power: 168, torque: 350, gears: 1, series: "CV", tank: 0, consumption: 0 }, [["Air", 72590, "E"], ["GT-Line", 82590, "E"], ["GT", 99990, "E"]]);
car("Kia", "EV5", "SUV", { from: 2025, engine: 0, cylinders: 0, power: 160, torque: 310, gears: 1, series: "OV", tank: 0, consumption: 0 }, [["Air", 56770, "E"], ["Earth", 63770, "E"]]);
car("Kia", "Tasman", "Utility", { from: 2025, engine: 2.2, power: 154, torque: 441, series: "TK" }, [["S 4x4", 58990, "D"], ["SX", 63990, "D"], ["X-Line", 71990, "D"]]);

// ---- Ford
car("Ford", "Puma", "SUV", { from: 2020, engine: 1.0, cylinders: 3, induction: "Turbo", power: 92, torque: 170, drive: "FWD", series: "JK" }, [["Puma", 31990], ["ST-Line", 36990]]);
car("Ford", "Escape", "SUV", { from: 2013, series: "ZH" }, [["Escape", 39990], ["ST-Line", 45990], ["PHEV", 57990, "P"]]);
car("Ford", "Everest", "SUV", { from: 2015, engine: 2.0, induction: "Twin Turbo", seats: 7, drive: "4x4", gears: 10, series: "UB", length: 4914 }, [["Ambiente", 55990, "D"], ["Trend", 66990, "D"], ["Sport", 71990, "D"], ["Platinum", 83990, "D"]]);
car("Ford", "Ranger", "Utility", { from: 2013, engine: 2.0, induction: "Twin Turbo", gears: 10, series: "PY" }, [["XL 4x2", 38990, "D"], ["XLT 4x4", 63990, "D"], ["Sport", 68990, "D"], ["Wildtrak", 74990, "D"], ["Raptor", 93990, "U"], ["PHEV Wildtrak", 77990, "P"]]);
car("Ford", "Ranger", "Cab Chassis", { from: 2013, engine: 2.0, series: "PY" }, [["XL 4x4", 55990, "D"]]);
car("Ford", "Transit Custom", "Van", { from: 2014, engine: 2.0, series: "VN" }, [["Trend", 52990, "D"], ["Sport", 64990, "D"]]);
car("Ford", "Mustang", "Coupe", { from: 2015, engine: 5.0, cylinders: 8, power: 339, torque: 556, gears: 10, series: "S650", tank: 61, consumption: 12.8 }, [["GT", 82990], ["Dark Horse", 105990]]);
car("Ford", "Mustang", "Convertible", { from: 2015, engine: 5.0, cylinders: 8, power: 339, torque: 556, seats: 4, gears: 10, series: "S650", consumption: 13.1 }, [["GT", 90990]]);
car("Ford", "Mustang Mach-E", "SUV", { from: 2023, engine: 0, cylinders: 0, power: 198, torque: 430, gears: 1, series: MODEL_YEAR, tank: 0, consumption: 0 }, [["Select", 72990, "E"], ["Premium", 84990, "E"]]);

// ---- Volkswagen group
car("Volkswagen", "Polo", "Hatchback", { from: 2013, engine: 1.0, cylinders: 3, induction: "Turbo", power: 85, series: "AW" }, [["Life", 27990], ["Style", 31990], ["GTI", 39990]]);
car("Volkswagen", "Golf", "Hatchback", { from: 2013, engine: 1.4, induction: "Turbo", power: 110, torque: 250, gears: 8, series: "Mk8" }, [["Life", 38990], ["R-Line", 42990], ["GTI", 56990], ["R", 71990]]);
car("Volkswagen", "Golf", "Wagon", { from: 2013, engine: 1.4, induction: "Turbo", power: 110, torque: 250, gears: 8, series: "Mk8" }, [["Life", 40990], ["R-Line", 44990]]);
car("Volkswagen", "T-Cross", "SUV", { from: 2020, engine: 1.0, cylinders: 3, induction: "Turbo", power: 85, drive: "FWD", gears: 7, series: "C1" }, [["Life", 30990], ["Style", 34990]]);
car("Volkswagen", "T-Roc", "SUV", { from: 2020, engine: 1.4, induction: "Turbo", power: 110, torque: 250, drive: "FWD", series: "A1" }, [["CityLife", 36990], ["R-Line", 46990], ["R", 66990]]);
car("Volkswagen", "Tiguan", "SUV", { from: 2013, engine: 2.0, induction: "Turbo", power: 132, torque: 320, gears: 7, series: "5N" }, [["Life", 46990], ["Elegance", 57990], ["R-Line", 63990]]);
car("Volkswagen", "Touareg", "SUV", { from: 2013, engine: 3.0, cylinders: 6, induction: "Turbo", power: 210, torque: 600, gears: 8, series: "CR", tow: 3500 }, [["V6 TDI", 94990, "D"], ["R-Line", 114990, "D"]]);
car("Volkswagen", "Amarok", "Utility", { from: 2013, series: "NH" }, [["Core", 52990, "D"], ["Style", 61990, "D"], ["PanAmericana", 72990, "D"], ["Aventura", 78990, "D"]]);
car("Volkswagen", "ID.4", "SUV", { from: 2024, engine: 0, cylinders: 0, power: 210, torque: 545, gears: 1, drive: "RWD", series: "E21", tank: 0, consumption: 0 }, [["Pro", 59990, "E"]]);
car("Volkswagen", "Multivan", "People Mover", { from: 2022, engine: 2.0, induction: "Turbo", power: 150, seats: 7, series: "ST" }, [["Life", 66990]]);
car("Volkswagen", "Transporter", "Van", { from: 2013, engine: 2.0, series: "T6.1" }, [["TDI340 SWB", 49990, "D"]]);
car("Skoda", "Fabia", "Hatchback", { from: 2015, engine: 1.5, induction: "Turbo", series: "PJ" }, [["Monte Carlo", 35990]]);
car("Skoda", "Kamiq", "SUV", { from: 2020, engine: 1.0, cylinders: 3, induction: "Turbo", drive: "FWD", series: "NW" }, [["110TSI Style", 34990], ["Monte Carlo", 38990]]);
car("Skoda", "Karoq", "SUV", { from: 2018, engine: 1.5, induction: "Turbo", drive: "FWD", series: "NU" }, [["Style", 42990], ["Sportline", 49990]]);
car("Skoda", "Kodiaq", "SUV", { from: 2017, engine: 2.0, induction: "Turbo", seats: 7, series: "NS" }, [["Selection", 57990], ["Sportline", 63990], ["RS", 72990]]);
car("Skoda", "Octavia", "Sedan", { from: 2013, engine: 1.4, induction: "Turbo", series: "NX" }, [["Style", 40990], ["RS", 57990]]);
car("Skoda", "Octavia", "Wagon", { from: 2013, engine: 1.4, induction: "Turbo", series: "NX" }, [["Style", 42990], ["RS", 59990]]);
car("Skoda", "Enyaq", "SUV", { from: 2023, engine: 0, cylinders: 0, power: 210, torque: 545, gears: 1, drive: "RWD", series: "5A", tank: 0, consumption: 0 }, [["85", 67990, "E"], ["RS", 81990, "E"]]);
car("Cupra", "Born", "Hatchback", { from: 2023, engine: 0, cylinders: 0, power: 170, torque: 310, gears: 1, drive: "RWD", series: "K1", tank: 0, consumption: 0 }, [["Born", 59990, "E"]]);
car("Cupra", "Formentor", "SUV", { from: 2022, engine: 2.0, induction: "Turbo", power: 140, gears: 7, series: "KM" }, [["V", 51990], ["VZx", 73990], ["VZe", 66990, "P"]]);
car("Cupra", "Leon", "Hatchback", { from: 2022, engine: 2.0, induction: "Turbo", power: 140, gears: 7, series: "KL" }, [["V", 46990], ["VZx", 67990], ["VZe", 61990, "P"]]);
car("Cupra", "Ateca", "SUV", { from: 2022, engine: 2.0, induction: "Turbo", power: 221, gears: 7, series: "KH7" }, [["VZx", 63990]]);

// ---- Mitsubishi, Isuzu, Nissan, Suzuki, GWM, MG
car("Mitsubishi", "Mirage", "Hatchback", { from: 2013, to: 2023, engine: 1.2, cylinders: 3, power: 57, torque: 102, series: "LB" }, [["ES", 18990]]);
car("Mitsubishi", "ASX", "SUV", { from: 2013, drive: "FWD", series: "XD" }, [["ES", 27990], ["LS", 30990], ["Exceed", 36990]]);
car("Mitsubishi", "Eclipse Cross", "SUV", { from: 2018, engine: 1.5, induction: "Turbo", drive: "FWD", series: "YB" }, [["ES", 33990], ["Aspire PHEV", 54990, "P"]]);
car("Mitsubishi", "Outlander", "SUV", { from: 2013, seats: 7, series: "ZM" }, [["ES", 39990], ["LS", 45990], ["Exceed", 53990], ["Aspire PHEV", 63990, "P"], ["Exceed Tourer PHEV", 73990, "P"]]);
car("Mitsubishi", "Pajero Sport", "SUV", { from: 2016, engine: 2.4, induction: "Turbo", seats: 7, drive: "4x4", gears: 8, series: "QF", tow: 3100 }, [["GLX", 52990, "D"], ["GSR", 62990, "D"]]);
car("Mitsubishi", "Triton", "Utility", { from: 2013, engine: 2.4, series: "MV" }, [["GLX 4x2", 38990, "D"], ["GLX+ 4x4", 51990, "D"], ["GLS", 59990, "D"], ["GSR", 64990, "D"]]);
car("Mitsubishi", "Triton", "Cab Chassis", { from: 2013, engine: 2.4, series: "MV" }, [["GLX 4x4", 47990, "D"]]);
car("Mitsubishi", "Express", "Van", { from: 2020, engine: 2.0, series: "SN" }, [["GLX SWB", 45990, "D"]]);
car("Isuzu UTE", "D-Max", "Utility", { from: 2013, engine: 3.0, power: 140, torque: 450, series: "RG" }, [["SX 4x2", 37990, "D"], ["LS-M 4x4", 53990, "D"], ["LS-U", 58990, "D"], ["X-Terrain", 69990, "D"], ["Blade", 76990, "D"]]);
car("Isuzu UTE", "D-Max", "Cab Chassis", { from: 2013, engine: 3.0, power: 140, torque: 450, series: "RG" }, [["SX 4x4", 49990, "D"]]);
car("Isuzu UTE", "MU-X", "SUV", { from: 2014, engine: 3.0, induction: "Turbo", power: 140, torque: 450, seats: 7, drive: "4x4", series: "RJ", tow: 3500 }, [["LS-M", 49990, "D"], ["LS-U", 55990, "D"], ["LS-T", 65990, "D"]]);
car("Nissan", "Qashqai", "SUV", { from: 2014, engine: 1.3, induction: "Turbo", drive: "FWD", transmission: "CVT", series: "J12" }, [["ST", 36990], ["ST+", 40990], ["Ti", 50990], ["N-Connecta e-Power", 51990, "H"]]);
car("Nissan", "X-Trail", "SUV", { from: 2013, transmission: "CVT", series: "T33" }, [["ST", 39990], ["ST-L", 46990], ["Ti e-Power", 57990, "H"]]);
car("Nissan", "Pathfinder", "SUV", { from: 2013, engine: 3.5, cylinders: 6, seats: 8, gears: 9, series: "R53" }, [["ST", 59990], ["Ti-L", 82990]]);
car("Nissan", "Patrol", "SUV", { from: 2013, engine: 5.6, cylinders: 8, power: 298, torque: 560, seats: 8, drive: "4x4", gears: 7, series: "Y62", tank: 140, consumption: 14.4, tow: 3500 }, [["Ti", 87990], ["Ti-L", 102990], ["Warrior", 109990]]);
car("Nissan", "Navara", "Utility", { from: 2013, engine: 2.3, series: "D23" }, [["SL 4x4", 52990, "D"], ["ST-X", 62990, "D"], ["Pro-4X", 66990, "D"]]);
car("Nissan", "Leaf", "Hatchback", { from: 2013, engine: 0, cylinders: 0, power: 110, torque: 320, gears: 1, series: "ZE1", tank: 0, consumption: 0 }, [["Leaf", 49990, "E"], ["e+", 61490, "E"]]);
car("Nissan", "Juke", "SUV", { from: 2013, engine: 1.0, cylinders: 3, induction: "Turbo", drive: "FWD", series: "F16" }, [["ST", 30990], ["Ti", 39990]]);
car("Nissan", "Z", "Coupe", { from: 2023, engine: 3.0, cylinders: 6, induction: "Twin Turbo", power: 298, torque: 475, seats: 2, series: "RZ34" }, [["Z", 79990]]);
car("Suzuki", "Ignis", "Hatchback", { from: 2017, engine: 1.2, power: 66, torque: 120, transmission: "CVT", series: "MF" }, [["GL", 22490]]);
car("Suzuki", "Swift", "Hatchback", { from: 2013, engine: 1.2, cylinders: 3, power: 61, torque: 112, transmission: "CVT", series: "AZ" }, [["Hybrid", 25490, "H"], ["Hybrid GLX", 29490, "H"], ["Sport", 32490]]);
car("Suzuki", "Baleno", "Hatchback", { from: 2016, engine: 1.5, power: 77, torque: 138, series: "EW" }, [["GL", 22990]]);
car("Suzuki", "Vitara", "SUV", { from: 2015, engine: 1.6, drive: "FWD", series: "LY" }, [["Vitara", 32490], ["Hybrid", 37990, "H"]]);
car("Suzuki", "S-Cross", "SUV", { from: 2014, engine: 1.4, induction: "Turbo", drive: "FWD", series: "JY" }, [["S-Cross", 35990], ["Prestige", 42490]]);
car("Suzuki", "Jimny", "SUV", { from: 2018, engine: 1.5, power: 75, torque: 130, seats: 4, doors: 3, drive: "4x4", transmission: "Manual", gears: 5, series: "GJ", length: 3645 }, [["Lite", 32990], ["XL", 36990]]);
car("Suzuki", "Fronx", "SUV", { from: 2024, engine: 1.5, drive: "FWD", series: "EH" }, [["Hybrid", 31490, "H"]]);
car("GWM", "Cannon", "Utility", { from: 2021, engine: 2.0, series: "NPW" }, [["Cannon 4x4", 42990, "D"], ["Cannon-X", 49990, "D"], ["Alpha Ultra", 56990, "D"]]);
car("GWM", "Haval Jolion", "SUV", { from: 2021, engine: 1.5, induction: "Turbo", drive: "FWD", series: "A01" }, [["Premium", 29990], ["Ultra", 34990], ["Ultra Hybrid", 39990, "H"]]);
car("GWM", "Haval H6", "SUV", { from: 2021, induction: "Turbo", series: "B01" }, [["Lux", 37490], ["Ultra", 42990], ["Hybrid Ultra", 45990, "H"], ["PHEV", 52990, "P"]]);
car("GWM", "Tank 300", "SUV", { from: 2023, induction: "Turbo", drive: "4x4", series: "P01" }, [["Lux", 50990], ["Ultra Hybrid", 60990, "H"]]);
car("GWM", "Ora", "Hatchback", { from: 2022, engine: 0, cylinders: 0, power: 126, torque: 250, gears: 1, series: "ES11", tank: 0, consumption: 0 }, [["Standard Range", 35990, "E"], ["GT", 42990, "E"]]);
car("MG", "MG3", "Hatchback", { from: 2013, engine: 1.5, power: 82, series: "SZP1" }, [["Vibe", 20990], ["Excite Hybrid+", 28990, "H"]]);
car("MG", "ZS", "SUV", { from: 2018, engine: 1.5, drive: "FWD", series: "AZS1" }, [["Vibe", 26990], ["Excite", 28990], ["Essence", 31990], ["ZS EV Excite", 40990, "E"]]);
car("MG", "HS", "SUV", { from: 2020, engine: 1.5, induction: "Turbo", drive: "FWD", series: "SAS23" }, [["Vibe", 33990], ["Essence", 40990], ["Essence PHEV", 49990, "P"]]);
car("MG", "MG4", "Hatchback", { from: 2023, engine: 0, cylinders: 0, power: 150, torque: 250, gears: 1, drive: "RWD", series: "EH32", tank: 0, consumption: 0 }, [["Excite 51", 35990, "E"], ["Essence 64", 44990, "E"], ["XPOWER", 56990, "E"]]);

// ---- Trade-ins seen on used lots (no franchise on the demo sites)
car("Holden", "Commodore", "Sedan", { from: 2013, to: 2020, engine: 3.6, cylinders: 6, power: 210, series: "ZB" }, [["LT", 40990], ["RS", 45990], ["Calais V", 55990]]);
car("Holden", "Colorado", "Utility", { from: 2013, to: 2020, series: "RG" }, [["LS 4x4", 48990, "D"], ["LTZ", 55990, "D"], ["Z71", 58990, "D"]]);
car("Holden", "Captiva", "SUV", { from: 2013, to: 2018, seats: 7, series: "CG" }, [["LS", 33990], ["LTZ", 42990, "D"]]);
car("Honda", "Civic", "Hatchback", { from: 2013, engine: 1.5, induction: "Turbo", transmission: "CVT", series: "FL" }, [["VTi-LX", 47200], ["e:HEV LX", 55500, "H"]]);
car("Honda", "CR-V", "SUV", { from: 2013, engine: 1.5, induction: "Turbo", transmission: "CVT", series: "RS" }, [["VTi", 44500], ["VTi L7", 50500]]);
car("Honda", "HR-V", "SUV", { from: 2015, engine: 1.5, transmission: "CVT", drive: "FWD", series: "RV" }, [["Vi X", 36700], ["e:HEV L", 45800, "H"]]);
car("Honda", "Jazz", "Hatchback", { from: 2013, to: 2021, engine: 1.5, transmission: "CVT", series: "GK" }, [["VTi", 22990], ["VTi-L", 25990]]);
car("Subaru", "Forester", "SUV", { from: 2013, engine: 2.5, drive: "AWD", transmission: "CVT", series: "S6" }, [["2.5i", 40000], ["2.5i Premium", 44000], ["Hybrid S", 54000, "H"]]);
car("Subaru", "Outback", "Wagon", { from: 2013, engine: 2.5, drive: "AWD", transmission: "CVT", series: "BT" }, [["AWD", 47000], ["AWD Touring", 56000]]);
car("Subaru", "Crosstrek", "SUV", { from: 2013, engine: 2.0, drive: "AWD", transmission: "CVT", series: "GU" }, [["2.0R", 37000], ["Hybrid S", 46000, "H"]]);
car("Subaru", "WRX", "Sedan", { from: 2014, engine: 2.4, induction: "Turbo", drive: "AWD", transmission: "Manual", series: "VN" }, [["WRX", 58000], ["tS", 66000]]);
car("Tesla", "Model 3", "Sedan", { from: 2019, engine: 0, cylinders: 0, power: 208, torque: 420, gears: 1, drive: "RWD", series: MODEL_YEAR, tank: 0, consumption: 0 }, [["Rear-Wheel Drive", 61900, "E"], ["Long Range", 71900, "E"]]);
car("Tesla", "Model Y", "SUV", { from: 2022, engine: 0, cylinders: 0, power: 220, torque: 420, gears: 1, drive: "RWD", series: MODEL_YEAR, tank: 0, consumption: 0 }, [["Rear-Wheel Drive", 65400, "E"], ["Long Range", 74400, "E"]]);
car("BMW", "3 Series", "Sedan", { from: 2013, induction: "Turbo", power: 135, torque: 300, gears: 8, drive: "RWD", series: "G20" }, [["320i M Sport", 78900], ["330i M Sport", 87900]]);
car("BMW", "X5", "SUV", { from: 2013, engine: 3.0, cylinders: 6, induction: "Turbo", power: 219, torque: 670, gears: 8, series: "G05", tow: 2700 }, [["xDrive30d", 126900, "D"]]);
car("Mercedes-Benz", "C-Class", "Sedan", { from: 2013, induction: "Turbo", power: 150, torque: 300, gears: 9, drive: "RWD", series: "W206" }, [["C200", 78900], ["C300", 95900]]);
car("Mercedes-Benz", "GLC", "SUV", { from: 2016, induction: "Turbo", power: 190, torque: 400, gears: 9, series: "X254" }, [["GLC 300 4MATIC", 99900]]);
car("Audi", "A3", "Hatchback", { from: 2013, engine: 1.4, induction: "Turbo", gears: 7, series: "8Y" }, [["35 TFSI", 49900]]);
car("Audi", "Q5", "SUV", { from: 2013, induction: "Turbo", power: 150, torque: 320, gears: 7, series: "FY" }, [["40 TDI quattro", 77900, "D"]]);
car("Jeep", "Wrangler", "SUV", { from: 2013, engine: 2.0, induction: "Turbo", drive: "4x4", gears: 8, series: "JL" }, [["Unlimited Rubicon", 92450]]);
car("Jeep", "Grand Cherokee", "SUV", { from: 2013, engine: 3.6, cylinders: 6, power: 210, gears: 8, series: "WL", tow: 2800 }, [["Limited", 83450]]);
car("Lexus", "NX", "SUV", { from: 2015, engine: 2.5, transmission: "CVT", series: "AAZH20R" }, [["NX350h Luxury", 75700, "H"]]);
car("Lexus", "RX", "SUV", { from: 2013, engine: 2.5, transmission: "CVT", series: "TALH17R" }, [["RX350h Luxury", 98500, "H"]]);
car("Land Rover", "Defender", "SUV", { from: 2020, engine: 3.0, cylinders: 6, induction: "Turbo", drive: "4x4", gears: 8, series: "L663", tow: 3500 }, [["110 D300 SE", 116000, "D"]]);
car("Volvo", "XC60", "SUV", { from: 2013, induction: "Turbo", power: 183, torque: 350, gears: 8, series: "246" }, [["B5 Plus", 76990]]);
car("Porsche", "911", "Coupe", { from: 2013, engine: 3.0, cylinders: 6, induction: "Twin Turbo", power: 283, torque: 450, gears: 8, series: "992" }, [["Carrera", 270000]]);
car("BYD", "Atto 3", "SUV", { from: 2022, engine: 0, cylinders: 0, power: 150, torque: 310, gears: 1, drive: "FWD", series: MODEL_YEAR, tank: 0, consumption: 0 }, [["Standard Range", 44499, "E"], ["Extended Range", 47499, "E"]]);
car("BYD", "Seal", "Sedan", { from: 2024, engine: 0, cylinders: 0, power: 230, torque: 360, gears: 1, drive: "RWD", series: MODEL_YEAR, tank: 0, consumption: 0 }, [["Dynamic", 49888, "E"], ["Performance", 69888, "E"]]);
car("LDV", "T60", "Utility", { from: 2017, engine: 2.8, series: "SK8C" }, [["Pro", 40990, "D"], ["Max Luxe", 48990, "D"]]);
car("Renault", "Trafic", "Van", { from: 2015, engine: 2.0, series: "X82" }, [["Pro Lifestyle", 52990, "D"]]);

// ---- Motorcycles (body is the style; engine in litres)
const bike = (make: string, model: string, style: string, cc: number, cyl: number, power: number, price: number, badges: string[] = [""], from = 2016) =>
  add(make, "motorcycle", model, style, {
    from, engine: cc / 1000, cylinders: cyl, power, torque: Math.round(power * 1.1), transmission: style === "Scooter" ? "Automatic" : "Manual",
    gears: style === "Scooter" ? 1 : 6, drive: "Chain", seats: 2, doors: 0, length: 2100, width: 800, height: 1150, tank: style === "Scooter" ? 13 : 15,
    consumption: Math.round((3 + cc / 400) * 10) / 10, tow: 0, gvm: 0, ancap: 0, series: MODEL_YEAR,
  }, badges.map((b, i): BadgeRow => [b, Math.round(price * (1 + i * 0.12))]));
bike("Yamaha", "MT-07", "Naked", 689, 2, 54, 13499, ["LAMS", "Full Power"]);
bike("Yamaha", "MT-09", "Naked", 890, 3, 87, 17499, ["", "SP"]);
bike("Yamaha", "YZF-R7", "Sports", 689, 2, 54, 15299);
bike("Yamaha", "Tenere 700", "Adventure", 689, 2, 54, 19999, ["", "Explore"]);
bike("Yamaha", "Tracer 9 GT", "Touring", 890, 3, 87, 23499);
bike("Yamaha", "XMAX 300", "Scooter", 292, 1, 20, 9999);
bike("Yamaha", "WR450F", "Enduro", 450, 1, 40, 15999);
bike("Yamaha", "YZ250F", "Motocross", 250, 1, 30, 12999);
bike("Kawasaki", "Ninja 400", "Sports", 399, 2, 33, 8999, ["", "KRT Edition"]);
bike("Kawasaki", "Z900", "Naked", 948, 4, 92, 15499, ["", "SE"]);
bike("Kawasaki", "Versys 650", "Adventure", 649, 2, 49, 13999);
bike("Kawasaki", "KLX300", "Enduro", 292, 1, 21, 9999);
bike("Kawasaki", "Vulcan S", "Cruiser", 649, 2, 45, 12499);
bike("Triumph", "Street Triple", "Naked", 765, 3, 88, 18990, ["R", "RS"]);
bike("Triumph", "Tiger 900", "Adventure", 888, 3, 80, 24490, ["GT Pro", "Rally Pro"]);
bike("Triumph", "Bonneville T120", "Classic", 1200, 2, 59, 22690);
bike("Triumph", "Speed 400", "Naked", 398, 1, 29, 7490, [""], 2024);
bike("Triumph", "Trident 660", "Naked", 660, 3, 60, 12990);
bike("Honda", "CB650R", "Naked", 649, 4, 70, 13999);
bike("Honda", "CBR650R", "Sports", 649, 4, 70, 14999);
bike("Honda", "Africa Twin", "Adventure", 1084, 2, 75, 25999, ["", "Adventure Sports ES"]);
bike("Honda", "Rebel 500", "Cruiser", 471, 2, 34, 10999);
bike("Honda", "CRF450R", "Motocross", 450, 1, 40, 14999);
bike("Honda", "NC750X", "Adventure", 745, 2, 43, 14499, ["", "DCT"]);
bike("Honda", "ADV350", "Scooter", 330, 1, 21, 8999);
bike("KTM", "390 Duke", "Naked", 399, 1, 33, 8995);
bike("KTM", "890 Adventure", "Adventure", 889, 2, 77, 25495, ["R"]);
bike("KTM", "1290 Super Duke", "Naked", 1301, 2, 132, 33995, ["R"]);
bike("KTM", "300 EXC", "Enduro", 293, 1, 40, 17495, ["", "Six Days"]);
bike("KTM", "450 SX-F", "Motocross", 450, 1, 47, 14995);
bike("Husqvarna", "Svartpilen 401", "Naked", 399, 1, 33, 8995);
bike("Husqvarna", "Vitpilen 401", "Naked", 399, 1, 33, 8995);
bike("Husqvarna", "FE 350", "Enduro", 350, 1, 40, 16995);
bike("Husqvarna", "Norden 901", "Adventure", 889, 2, 77, 22995, ["", "Expedition"]);
bike("Royal Enfield", "Classic 350", "Classic", 349, 1, 15, 7590);
bike("Royal Enfield", "Himalayan 450", "Adventure", 452, 1, 30, 9490, [""], 2024);
bike("Royal Enfield", "Interceptor 650", "Classic", 648, 2, 35, 10390);
bike("Royal Enfield", "Hunter 350", "Naked", 349, 1, 15, 6290, [""], 2022);
bike("Royal Enfield", "Continental GT 650", "Sports", 648, 2, 35, 10790);

// ---- Trucks
const truck = (make: string, model: string, body: string, engine: number, power: number, gvm: number, price: number, badges: string[], fuel: "D" | "H" | "E" = "D") =>
  add(make, "truck", model, body, {
    from: 2014, engine: fuel === "E" ? 0 : engine, cylinders: fuel === "E" ? 0 : engine > 9 ? 6 : 4, induction: fuel === "E" ? "Electric" : "Turbo", power, torque: power * 4,
    transmission: engine > 9 ? "Automated Manual" : "Automatic", gears: engine > 9 ? 12 : 6, drive: "4x2", seats: 3, doors: 2,
    length: gvm > 20000 ? 6600 : 7200, width: 2440, height: 3100, tank: fuel === "E" ? 0 : gvm > 20000 ? 600 : 140, consumption: fuel === "E" ? 0 : Math.round(gvm / 600) / 2,
    tow: gvm > 20000 ? 70000 : Math.round(gvm * 0.6), gvm, ancap: 0, series: MODEL_YEAR, bodyConfiguration: body === "Prime Mover" ? "Prime Mover" : "Cab Chassis",
  }, badges.map((b, i): BadgeRow => [b, Math.round(price * (1 + i * 0.1)), fuel]));
truck("Fuso", "Canter", "Tray", 3.0, 110, 4500, 68000, ["515 City Cab", "918 Wide Cab"]);
truck("Fuso", "eCanter", "Pantech", 0, 110, 7490, 150000, ["Wide Cab"], "E");
truck("Fuso", "Fighter", "Tipper", 7.7, 199, 16000, 150000, ["1627"]);
truck("Fuso", "Shogun", "Prime Mover", 12.8, 375, 26000, 280000, ["510"]);
truck("Hino", "300 Series", "Cab Chassis", 4.0, 110, 6500, 75000, ["616", "921"]);
truck("Hino", "300 Series Hybrid", "Pantech", 4.0, 110, 8500, 95000, ["921"], "H");
truck("Hino", "500 Series", "Curtainsider", 8.0, 206, 11000, 140000, ["FD 1124"]);
truck("Hino", "700 Series", "Prime Mover", 12.9, 353, 26000, 290000, ["SH 2848"]);
truck("UD Trucks", "Croner", "Tipper", 8.0, 206, 16000, 140000, ["PKE 250"]);
truck("UD Trucks", "Quon", "Prime Mover", 11.0, 338, 26000, 270000, ["GW 26 460"]);
truck("Isuzu Trucks", "N Series", "Tray", 3.0, 110, 4500, 68000, ["NLR 45-150", "NPR 75-190"]);
truck("Isuzu Trucks", "F Series", "Curtainsider", 7.8, 191, 11000, 140000, ["FRR 110-260", "FVR 165-300"]);
truck("Isuzu Trucks", "FVZ", "Tipper", 7.8, 221, 26000, 185000, ["260-300"]);
truck("Isuzu Trucks", "Giga", "Prime Mover", 15.7, 390, 26000, 285000, ["EXY 455"]);
truck("Iveco", "Daily", "Cab Chassis", 3.0, 132, 5200, 80000, ["50C"]);
truck("Iveco", "Daily", "Van", 2.3, 115, 4500, 75000, ["35S"]);
truck("Iveco", "eDaily", "Van", 0, 140, 4250, 140000, ["Electric"], "E");
truck("Iveco", "Eurocargo", "Pantech", 6.7, 210, 16000, 170000, ["ML160"]);
truck("Iveco", "S-Way", "Prime Mover", 12.9, 360, 26000, 300000, ["AS460"]);

// ---- Caravans (length in feet; badge = length and layout)
const van = (make: string, model: string, body: string, feet: number[], layouts: [string, number][], price: number, from = 2015) =>
  add(make, "caravan", model, body, {
    from, engine: 0, cylinders: 0, induction: "", transmission: "", gears: 1, drive: "", seats: 0, doors: 1, power: 0, torque: 0,
    length: 0, width: 2400, height: body === "Camper Trailer" ? 1700 : 2950, tank: 0, consumption: 0, tow: 0, gvm: 0, ancap: 0, series: "",
    lengthFt: feet[0], sleeps: layouts[0][1],
  }, feet.flatMap((ft) => layouts.map(([layout], i): BadgeRow => [`${ft}ft ${layout}`, Math.round(price * (1 + (ft - feet[0]) * 0.06 + i * 0.08))])));
van("Jayco", "Journey", "Caravan", [19, 21], [["Touring", 2], ["Outback", 2], ["Family", 5]], 88000);
van("Jayco", "Silverline", "Caravan", [21, 23], [["Outback", 2], ["Touring", 2]], 115000);
van("Jayco", "Conquest", "Caravan", [20, 22], [["Touring", 2], ["Family", 6]], 82000);
van("Jayco", "Starcraft", "Pop Top", [16, 17], [["Touring", 2], ["Outback", 2]], 56000);
van("Jayco", "J-Pop", "Pop Top", [14], [["Touring", 2]], 45000);
van("Jayco", "Crosstrak", "Camper Trailer", [10], [["Off-Road", 4]], 38000);
van("Jayco", "Swan", "Camper Trailer", [11], [["Outback", 4]], 31000);
van("Avan", "Aspire", "Caravan", [19, 21], [["Touring", 2], ["Off-Road", 2]], 86000);
van("Avan", "Cruiseliner", "Pop Top", [15, 17], [["Touring", 2]], 64000);
van("Avan", "Aliner", "Camper Trailer", [12], [["Touring", 2]], 42000);
van("Coromal", "Element", "Caravan", [18, 20], [["Touring", 2], ["Family", 5]], 69000);
van("Coromal", "Appeal", "Caravan", [21], [["Touring", 2]], 78000);
van("Coromal", "Lifestyle", "Pop Top", [16, 17], [["Touring", 2]], 59000);

export const CATALOGUE_MAKES = (kind: Kind) => [...new Set(CATALOGUE.filter((m) => m.kind === kind).map((m) => m.make))];

/** Interior trim names by kind, with the colour pictures use. */
export const TRIM_NAMES: Record<Kind, string[]> = {
  car: ["Black Cloth", "Black Cloth", "Black Leather", "Grey Cloth", "Beige Leather", "Tan Leather", "Red Leather"],
  truck: ["Black Cloth", "Grey Cloth"],
  caravan: ["Oak Timber", "Beige Leather", "Grey Cloth"],
  motorcycle: [],
};
