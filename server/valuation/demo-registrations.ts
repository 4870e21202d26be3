/**
 * The embedded valuation provider's registration table (server/valuation/embedded.ts): invented
 * demo registrations by state, in each state's plate style, of makes and models the demo sites
 * stock (so an offer can be computed from their stock and sales). A plate listed once is a single
 * match; a plate listed several times (the same VIN) gives those variants as candidates to choose
 * from; any other plate is not found. Not real vehicles.
 *
 * Try on a demo site: QLD 825MZD (Mazda CX-5), 310TYA (three Corollas), 600ISZ (two D-Max),
 * 912HLD (a 2012 Commodore: too old for an online figure); WA 1KLG918 (2018 Kluger: no online
 * figure on a 7-year site such as Bluegum); any other plate: not found.
 */
import type { TradeInState } from "../../domain/trade-in";
import type { ValuationVehicle } from "./provider";

type Row = [
  state: TradeInState,
  rego: string,
  year: number,
  make: string,
  model: string,
  variant: string,
  series: string,
  body: string,
  transmission: string,
  cylinders: number,
  vin: string,
  engineNo: string,
  buildMonth: number,
];

// prettier-ignore
const ROWS: Row[] = [
  ["QLD", "825MZD", 2021, "Mazda", "CX-5", "G25 Maxx Sport", "KF", "SUV", "Automatic", 4, "JMZKF4W7A00612345", "PY40123456", 3],
  ["QLD", "310TYA", 2020, "Toyota", "Corolla", "Ascent Sport", "MZEA12R", "Hatchback", "CVT", 4, "JTNK4RBE90J054321", "M20A0098765", 8],
  ["QLD", "310TYA", 2020, "Toyota", "Corolla", "Ascent Sport Hybrid", "ZWE211R", "Hatchback", "CVT", 4, "JTNK4RBE90J054321", "M20A0098765", 8],
  ["QLD", "310TYA", 2020, "Toyota", "Corolla", "SX Hybrid", "ZWE211R", "Hatchback", "CVT", 4, "JTNK4RBE90J054321", "M20A0098765", 8],
  ["QLD", "442FRD", 2019, "Ford", "Ranger", "XLT 4x4", "PX MkIII", "Utility", "Automatic", 4, "MNAUMFF50KW812345", "YN2S1234567", 5],
  ["QLD", "118KTM", 2022, "KTM", "1290 Super Duke", "R", "MY22", "Naked", "Manual", 2, "VBKV39406NM901234", "V2-1301234", 11],
  ["QLD", "600ISZ", 2017, "Isuzu UTE", "D-Max", "LS-M 4x4", "TF MY17", "Utility", "Automatic", 4, "MPATFS86JHT004567", "4JJ1TC7654321", 2],
  ["QLD", "600ISZ", 2017, "Isuzu UTE", "D-Max", "LS-U 4x4", "TF MY17", "Utility", "Automatic", 4, "MPATFS86JHT004567", "4JJ1TC7654321", 2],
  ["QLD", "912HLD", 2012, "Holden", "Commodore", "SV6", "VE II", "Sedan", "Automatic", 6, "6G1EK5E38CL556677", "LFW123456", 6],
  ["QLD", "270IVC", 2020, "Iveco", "Daily", "50C 3.0", "MY19", "Cab Chassis", "Automatic", 4, "ZCFC750D00D612345", "F1CFL411A", 9],
  ["NSW", "BX42MZ", 2022, "Mazda", "Mazda3", "G20 Evolve", "BP", "Hatchback", "Automatic", 4, "JMZBP2H70N1234567", "PE20345678", 1],
  ["NSW", "DK07TR", 2018, "Mitsubishi", "Triton", "GLX+ 4x4", "MQ MY18", "Utility", "Automatic", 4, "MMAJYKL10JH012345", "4N15UAB1234", 7],
  ["NSW", "DK07TR", 2018, "Mitsubishi", "Triton", "GLS 4x4", "MQ MY18", "Utility", "Automatic", 4, "MMAJYKL10JH012345", "4N15UAB1234", 7],
  ["VIC", "1JY5CR", 2020, "Jayco", "Journey", "21.62-3 Outback", "MY20", "Caravan", "", 0, "6H9T2150BLJ123456", "", 10],
  ["VIC", "2AV7AL", 2019, "Avan", "Aliner", "Ensuite", "MY19", "Camper Trailer", "", 0, "6F9A0LNR0KA987654", "", 4],
  ["VIC", "2AV7AL", 2019, "Avan", "Aliner", "Classic", "MY19", "Camper Trailer", "", 0, "6F9A0LNR0KA987654", "", 4],
  ["VIC", "1RG4WT", 2021, "Ford", "Ranger", "Wildtrak 2.0 Bi-Turbo", "PX MkIII", "Utility", "Automatic", 4, "MNAUMFF50MW934567", "YN2T7654321", 12],
  ["WA", "1DMX452", 2020, "Isuzu UTE", "D-Max", "LS-U 4x4", "TF MY20", "Utility", "Automatic", 4, "MPATFS86JLT009876", "4JJ1TC1122334", 3],
  ["WA", "1KLG918", 2018, "Toyota", "Kluger", "GXL", "GSU55R", "SUV", "Automatic", 6, "5TDJZRFH60S543210", "2GR1234567", 9],
  ["WA", "1CAR306", 2021, "Kia", "Carnival", "S", "KA4", "People Mover", "Automatic", 4, "KNAMB81BMM6123456", "D4HE123456", 6],
  ["WA", "1CAR306", 2021, "Kia", "Carnival", "Sport+", "KA4", "People Mover", "Automatic", 4, "KNAMB81BMM6123456", "D4HE123456", 6],
  ["SA", "S123ABC", 2019, "Hyundai", "Santa Fe", "Elite", "TM", "SUV", "Automatic", 4, "KMHS381ELKU123456", "D4HB654321", 5],
  ["TAS", "G71TK", 2016, "Subaru", "Forester", "2.5i-L", "S4", "SUV", "CVT", 4, "JF1SJ9LC5GG123456", "FB25123456", 8],
  ["ACT", "YMZ42B", 2023, "Mazda", "CX-30", "G20 Pure", "DM", "SUV", "Automatic", 4, "JMZDM2W70P1012345", "PE20987654", 2],
  ["NT", "CB12MX", 2020, "Toyota", "HiLux", "SR5 4x4", "GUN126R", "Utility", "Automatic", 4, "MR0HA3CD200812345", "1GD9876543", 11],
];

const vehicle = (r: Row, index: number): ValuationVehicle => {
  const [state, registration, year, make, model, variant, series, body, transmission, cylinders, vin, engineNo, buildMonth] = r;
  const compliance = buildMonth === 12 ? { complianceMonth: 1, complianceYear: year + 1 } : { complianceMonth: buildMonth + 1, complianceYear: year };
  return {
    description: [year, make, model, variant, series, body, transmission].filter(Boolean).join(" "),
    registration,
    state,
    vin,
    ...(engineNo ? { engineNo } : {}),
    // Every demo registration is current: it runs out in 2027, in the month the car was built.
    regExpiry: `2027-${String(buildMonth).padStart(2, "0")}-28`,
    make,
    model,
    series,
    variant,
    year,
    ...(transmission ? { transmission } : {}),
    body,
    // A caravan or camper trailer has no engine, odometer or keys (the wizard asks neither: domain/vehicle-terms.ts).
    ...(/caravan|camper|pop.?top/i.test(body) ? { itemType: "caravan" as const } : {}),
    ...(cylinders ? { cylinders } : {}),
    redbookCode: `AUV${make.replace(/[^A-Za-z]/g, "").slice(0, 4).toUpperCase()}${year}${String(index + 1).padStart(4, "0")}`,
    buildMonth,
    buildYear: year,
    ...compliance,
  };
};

/** Registrations by `${state}:${rego}`: one vehicle (a match) or several (candidates). */
export const DEMO_REGISTRATIONS: ReadonlyMap<string, readonly ValuationVehicle[]> = ROWS.reduce((map, row, i) => {
  const key = `${row[0]}:${row[1]}`;
  map.set(key, [...(map.get(key) ?? []), vehicle(row, i)]);
  return map;
}, new Map<string, ValuationVehicle[]>());
