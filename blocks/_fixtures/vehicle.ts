/**
 * The sample vehicle of every test (not seed data). `fixtureVehicle(overrides)` returns a fresh
 * copy as stored (a StoredVehicle as server/inventory/vdp.ts returns it); the named variants cover
 * the states the VDP differs for: sold, coming soon, reserved, caravan and electric; `feedVehicle`
 * is the same car as a dealer feed sends it. Dealership 1 / location 11 match
 * blocks/_fixtures/tenant.ts; the feed's location 10 matches tests/fixtures/tenant.ts.
 */
import type { StoredVehicle, Vehicle } from "../../server/inventory/vehicle";

export const FIXTURE_NOW = new Date("2025-06-15T00:00:00Z");

const base: StoredVehicle = {
  id: "hm-1001",
  slug: "2021-toyota-corolla-ascent-sport-hatch-hm1001",
  dealership_id: 1,
  location_id: 11,
  stocknum: "U1001",
  item_type: "car",
  car_type: "used",
  status: "in_stock",
  created_at: "2025-05-01T00:00:00Z",
  show_on_dealer_website: true,
  year: 2021,
  make: "Toyota",
  model: "Corolla",
  badge: "Ascent Sport",
  series: "ZWE211R",
  body: "Hatchback",
  colour: "Glacier White",
  price: 27990,
  preorder: false,
  price_type: "Drive Away",
  km: 42123,
  vin: "JTNKB3BE10J012345",
  regplate: "123ABC",
  reserved: false,
  certified: false,
  views: 12,
  fuel: "Petrol - Unleaded ULP",
  drive: "FWD",
  transmission: "Constantly Variable Transmission",
  seats: 5,
  doors: 5,
  images: [
    { url: "/media/vehicles/hatch/f1f2ef/spin-00.jpg", kind: "exterior" },
    { url: "/media/vehicles/hatch/f1f2ef/spin-03.jpg", kind: "exterior" },
    { url: "/media/vehicles/hatch/f1f2ef/spin-06.jpg", kind: "exterior" },
    { url: "/media/vehicles/hatch/f1f2ef/interior-front.jpg", kind: "interior" },
  ],
  dealercomments: "One owner, full service history.",
  finance: {
    "Harbourside Finance": { interestRate: 9.99, comparisonRate: 10.45, paymentWeek: 139.4, termYears: 5, disclaimer: "Sample finance disclaimer." },
  },
  autograb_data: { average_market_price: 29990, state_average_market_price: 29500 },
};

export function fixtureVehicle(overrides: Partial<StoredVehicle> = {}): StoredVehicle {
  return { ...structuredClone(base), ...overrides };
}

/**
 * The sample car as a dealer feed sends it (inventory, lead and search tests): id `id`, stock
 * number `S-{id}`, location 10, without the fields the platform fills in (slug, created_at, views).
 */
export function feedVehicle(id = "v1", overrides: Partial<Vehicle> = {}): Vehicle {
  const { slug: _slug, created_at: _created, views: _views, ...car } = fixtureVehicle();
  return { ...car, id, stocknum: `S-${id}`, location_id: 10, ...overrides };
}

export const soldVehicle = () => fixtureVehicle({ status: "sold", sold_at: "2025-06-14T00:00:00Z" });
export const comingSoonVehicle = () => fixtureVehicle({ status: "coming_soon" });
export const reservedVehicle = () => fixtureVehicle({ reserved: true });
export const electricVehicle = () =>
  fixtureVehicle({ id: "hm-1002", slug: "2024-byd-atto-3-extended-hm1002", make: "BYD", model: "Atto 3", badge: "Extended", series: undefined, year: 2024, car_type: "new", fuel: "Electric", body: "SUV", price: 48990, km: 10, transmission: "Reduction Gear" });
export const caravanVehicle = () =>
  fixtureVehicle({
    id: "hm-1003",
    slug: "2022-jayco-journey-outback-hm1003",
    item_type: "caravan",
    make: "Jayco",
    model: "Journey",
    badge: "Outback",
    series: undefined,
    year: 2022,
    body: "Caravan",
    fuel: undefined,
    transmission: undefined,
    drive: undefined,
    km: 0,
    price: 79990,
    body_length_ft: 21,
    body_width_ft: 7.5,
    tare_weight: 2400,
    aggregate_trailer_mass: 3000,
    axle_type: "Tandem",
    sleeps: 4,
  });
