import { describe, expect, it } from "vitest";
import type { Location } from "../schemas/generated/tenant";
import {
  EARTH_RADIUS_KM,
  addressLine,
  directionsUrl,
  carouselLayout,
  carouselLocations,
  contactLocations,
  contactSlug,
  distanceKm,
  locationForSlug,
  locationRating,
  locationsOfType,
  nearestLocations,
  ratingDisplay,
  shownLocations,
} from "./locations";

let nextId = 1;
const loc = (name: string, o: Partial<Location> & { lat?: number; long?: number } = {}): Location => {
  const { lat, long, ...rest } = o;
  return {
    id: nextId++,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    primary: false,
    visible: true,
    location_type: "sales",
    dealership_id: 1,
    address: { street: "1 Main St", city: "Brisbane", state: "QLD", postcode: "4000", ...(lat !== undefined ? { lat, long } : {}) },
    ...rest,
  };
};

const BRISBANE = { lat: -27.4698, long: 153.0251 };
const SYDNEY = { lat: -33.8688, long: 151.2093 };

describe("locations: which show", () => {
  it("drops nameless and hidden locations", () => {
    const list = [loc("Cleveland Sales"), loc(""), loc("   "), loc("Hidden", { visible: false }), loc("Capalaba Service", { location_type: "service" })];
    expect(shownLocations(list).map((l) => l.name)).toEqual(["Cleveland Sales", "Capalaba Service"]);
    expect(shownLocations([])).toEqual([]);
  });

  it("filters the list grid to a department, service-and-parts counting for both", () => {
    const list = [loc("A Sales"), loc("B Service", { location_type: "service" }), loc("C", { location_type: "service-and-parts" }), loc("D Parts", { location_type: "parts" }), loc("E", { location_type: "" })];
    expect(locationsOfType(list, "service").map((l) => l.name)).toEqual(["B Service", "C"]);
    expect(locationsOfType(list, "parts").map((l) => l.name)).toEqual(["C", "D Parts"]);
    expect(locationsOfType(list, "sales").map((l) => l.name)).toEqual(["A Sales"]);
  });
});

describe("locations: distance", () => {
  it("uses the great circle on a 6371 km earth", () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(distanceKm(BRISBANE, BRISBANE)).toBe(0);
    expect(distanceKm({ lat: 0, long: 0 }, { lat: 0, long: 180 })).toBeCloseTo(Math.PI * 6371, 6);
    expect(distanceKm({ lat: 0, long: 0 }, { lat: 0, long: 180 }).toFixed(1)).toBe("20015.1");
    expect(distanceKm({ lat: 90, long: 0 }, { lat: -90, long: 0 }).toFixed(1)).toBe("20015.1");
    expect(distanceKm({ lat: -27.5, long: 153 }, { lat: 27.5, long: -27 }).toFixed(1)).toBe("20015.1");
    // One degree of latitude is 6371 × π / 180 km.
    expect(distanceKm({ lat: 0, long: 0 }, { lat: 1, long: 0 })).toBeCloseTo(111.195, 3);
    expect(distanceKm(BRISBANE, SYDNEY).toFixed(1)).toBe("732.4");
    expect(distanceKm(SYDNEY, BRISBANE)).toBeCloseTo(distanceKm(BRISBANE, SYDNEY), 9);
  });

  it("sorts the nearest shown locations with coordinates, ties by name", () => {
    const list = [
      loc("Sydney Sales", SYDNEY),
      loc("Brisbane Service", { ...BRISBANE, location_type: "service" }),
      loc("Hidden Brisbane", { ...BRISBANE, visible: false }),
      loc("", BRISBANE),
      loc("No Coordinates"),
      loc("Another Brisbane", BRISBANE),
      loc("Gold Coast", { lat: -28.0167, long: 153.4 }),
    ];
    const near = nearestLocations(list, BRISBANE);
    expect(near.map((n) => n.location.name)).toEqual(["Another Brisbane", "Brisbane Service", "Gold Coast", "Sydney Sales"]);
    expect(near[0].distanceKm).toBe(0);
    expect(near[2].distanceKm.toFixed(1)).toBe("71.1");
    expect(nearestLocations(list, SYDNEY, { limit: 2 }).map((n) => n.location.name)).toEqual(["Sydney Sales", "Gold Coast"]);
    expect(nearestLocations(list, SYDNEY, { department: "service" }).map((n) => n.location.name)).toEqual(["Brisbane Service"]);
    expect(nearestLocations([], SYDNEY)).toEqual([]);
  });
});

describe("locations: ratings", () => {
  it("shows 1 decimal and the count above the site's minimum", () => {
    expect(ratingDisplay({ average_rating: 4.7, count: 1136 }, { minimumRating: 4, hidden: false })).toEqual({ value: 4.7, rating: "4.7", count: 1136, countText: "1,136" });
    expect(ratingDisplay({ average_rating: 5, count: 12 })?.rating).toBe("5.0");
    expect(ratingDisplay({ average_rating: 4.25, count: 3 })?.rating).toBe("4.3");
    expect(ratingDisplay({ average_rating: 4.04, count: 3 })?.rating).toBe("4.0");
    expect(ratingDisplay({ average_rating: 4.6 })).toEqual({ value: 4.6, rating: "4.6", count: null, countText: null });
  });

  it("hides a rating at or below the minimum (default 4), hidden reviews, none and no reviews", () => {
    expect(ratingDisplay({ average_rating: 4, count: 50 })).toBeNull();
    expect(ratingDisplay({ average_rating: 4.01, count: 50 })?.rating).toBe("4.0");
    expect(ratingDisplay({ average_rating: 4.5, count: 50 }, { minimumRating: 4.5 })).toBeNull();
    expect(ratingDisplay({ average_rating: 4.6, count: 50 }, { minimumRating: 4.5 })?.rating).toBe("4.6");
    expect(ratingDisplay({ average_rating: 4.9, count: 50 }, { hidden: true })).toBeNull();
    expect(ratingDisplay({ average_rating: 3.2, count: 50 }, { minimumRating: 0 })?.rating).toBe("3.2");
    expect(ratingDisplay({ count: 50 })).toBeNull();
    expect(ratingDisplay(undefined)).toBeNull();
    expect(ratingDisplay({ average_rating: 4.8, count: 0 })).toBeNull();
  });

  it("falls back to the dealership's rating", () => {
    const dealerships = [{ id: 1, average_rating: 4.8, review_count: 2048 }];
    expect(locationRating(loc("A", { reviews: { average_rating: 4.2, count: 7 } }), dealerships)).toEqual({ value: 4.2, rating: "4.2", count: 7, countText: "7" });
    expect(locationRating(loc("B"), dealerships)?.countText).toBe("2,048");
    expect(locationRating(loc("C", { dealership_id: 2 }), dealerships)).toBeNull();
    expect(locationRating(loc("A", { reviews: { average_rating: 3.9, count: 7 } }), dealerships)).toBeNull();
  });
});

describe("locations: slugs", () => {
  it("drops a trailing Sales, Service or Parts for /contact-us/{slug}", () => {
    expect(contactSlug("Harbourline Toyota Cleveland Sales")).toBe("harbourline-toyota-cleveland");
    expect(contactSlug("Harbourline Toyota Cleveland Service")).toBe("harbourline-toyota-cleveland");
    expect(contactSlug("Coralstone Mazda Parts")).toBe("coralstone-mazda");
    expect(contactSlug("Coralstone Mazda - Service")).toBe("coralstone-mazda");
    expect(contactSlug("Kōwhai Motors Penrose Sales")).toBe("kowhai-motors-penrose");
    expect(contactSlug("Coralstone Mazda SERVICE ")).toBe("coralstone-mazda");
    // Only a trailing word: not inside the name, not part of a word, and not the whole name.
    expect(contactSlug("Sales Direct Brisbane")).toBe("sales-direct-brisbane");
    expect(contactSlug("Bluegum Autosales")).toBe("bluegum-autosales");
    expect(contactSlug("Bluegum Service Centre")).toBe("bluegum-service-centre");
    expect(contactSlug("Service")).toBe("service");
    // One suffix only.
    expect(contactSlug("Coralstone Service Parts")).toBe("coralstone-service");
  });

  it("finds a contact page's locations", () => {
    const list = [loc("Cleveland Sales"), loc("Cleveland Service", { location_type: "service" }), loc("Capalaba Sales"), loc("Cleveland Parts", { visible: false })];
    expect(contactLocations(list, "cleveland").map((l) => l.name)).toEqual(["Cleveland Sales", "Cleveland Service"]);
    expect(contactLocations(list, "nowhere")).toEqual([]);
  });

  it("resolves /locations/{slug} by the location's slug or its dealership's", () => {
    const list = [
      loc("Cleveland Service", { dealership_id: 1 }),
      loc("Cleveland Sales", { dealership_id: 1, primary: true }),
      loc("Capalaba Sales", { dealership_id: 2 }),
      loc("Hidden", { dealership_id: 3, visible: false }),
    ];
    const dealerships = [{ id: 1, slug: "harbourline-toyota" }, { id: 2, slug: "harbourline-mazda" }, { id: 3, slug: "hidden-co" }];
    expect(locationForSlug(list, dealerships, "capalaba-sales")?.name).toBe("Capalaba Sales");
    expect(locationForSlug(list, dealerships, "harbourline-toyota")?.name).toBe("Cleveland Sales");
    expect(locationForSlug(list, dealerships, "harbourline-mazda")?.name).toBe("Capalaba Sales");
    expect(locationForSlug(list, dealerships, "hidden")).toBeUndefined();
    expect(locationForSlug(list, dealerships, "hidden-co")).toBeUndefined();
    expect(locationForSlug(list, dealerships, "nowhere")).toBeUndefined();
  });
});

describe("locations: Our Locations carousel", () => {
  const list = [
    loc("Redcliffe Sales"),
    loc("Capalaba Service", { location_type: "service" }),
    loc("Cleveland Parts", { location_type: "service-and-parts" }),
    loc("Albany Creek Sales"),
    loc("", { slug: "nameless" }),
    loc("Hidden Sales", { visible: false }),
  ];

  it("sorts by name unless a custom order is set", () => {
    expect(carouselLocations(list).map((l) => l.name)).toEqual(["Albany Creek Sales", "Capalaba Service", "Cleveland Parts", "Redcliffe Sales"]);
    expect(carouselLocations(list, { order: ["redcliffe-sales", "cleveland-parts"] }).map((l) => l.name)).toEqual([
      "Redcliffe Sales",
      "Cleveland Parts",
      "Albany Creek Sales",
      "Capalaba Service",
    ]);
  });

  it("filters by type or a slug list", () => {
    expect(carouselLocations(list, { type: "service" }).map((l) => l.name)).toEqual(["Capalaba Service", "Cleveland Parts"]);
    expect(carouselLocations(list, { type: "sales" }).map((l) => l.name)).toEqual(["Albany Creek Sales", "Redcliffe Sales"]);
    expect(carouselLocations(list, { slugs: ["redcliffe-sales", "capalaba-service", "hidden-sales", "nameless"] }).map((l) => l.name)).toEqual([
      "Capalaba Service",
      "Redcliffe Sales",
    ]);
  });

  it("hides the large-screen swipe hint above 3 locations and narrows the cards above 4", () => {
    expect(carouselLayout(1)).toEqual({ swipeHintOnLarge: true, narrowCards: false });
    expect(carouselLayout(3)).toEqual({ swipeHintOnLarge: true, narrowCards: false });
    expect(carouselLayout(4)).toEqual({ swipeHintOnLarge: false, narrowCards: false });
    expect(carouselLayout(5)).toEqual({ swipeHintOnLarge: false, narrowCards: true });
  });
});

describe("address line and Get Directions", () => {
  const address = { street: " 142 Shore Street West ", city: "Cleveland", state: "QLD" as const, postcode: "4163", lat: -27.5268, long: 153.2641 };
  it("joins the parts a place has, trimmed", () => {
    expect(addressLine(address)).toBe("142 Shore Street West, Cleveland QLD 4163");
    expect(addressLine({ city: "Cleveland", postcode: "4163" })).toBe("Cleveland 4163");
    expect(addressLine(undefined)).toBe("");
  });
  it("goes to the location's https place URL, else a maps search for its name and address", () => {
    const place_url = "https://maps.example.com/place/harbourline";
    expect(directionsUrl({ name: "Harbourline & Co", address: { ...address, place_url } })).toBe(place_url);
    const search = "https://www.google.com/maps/search/?api=1&query=Harbourline+%26+Co+142+Shore+Street+West%2C+Cleveland+QLD+4163";
    expect(directionsUrl({ name: "Harbourline & Co", address })).toBe(search);
    // Never a script or plain-http link, even from a document that slipped past the schema.
    expect(directionsUrl({ name: "Harbourline & Co", address: { ...address, place_url: "javascript:alert(1)" } })).toBe(search);
    expect(directionsUrl({ name: "Harbourline & Co", address: { ...address, place_url: "http://maps.example.com/" } })).toBe(search);
  });
});
