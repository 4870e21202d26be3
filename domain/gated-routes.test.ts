import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../schemas/generated/tenant";
import {
  backFromReferer,
  EQUIFAX_FINANCE_PATHS,
  FINANCE_PATHS,
  GARAGE_ALIASES,
  GATED_KINDS,
  gatedKind,
  routeKind,
  SIGN_IN_TYPE,
  signInHref,
  signInType,
  type GatedKind,
} from "./gated-routes";

const site = (auth: { enabled: boolean; gatedRoutes?: GatedKind[] }, garagePath = "/my-garage") =>
  ({ features: { auth, garage: { enabled: true, path: garagePath } } }) as unknown as Pick<TenantDocument, "features">;
const ALL = site({ enabled: true, gatedRoutes: [...GATED_KINDS] });

/** Every route of each kind (spec leads §2 routes, the brief's mapping). */
const ROUTES: Record<GatedKind, string[]> = {
  checkout: ["/cars/2021-toyota-corolla-a1b2c3/checkout", "/cars/2021-toyota-corolla-a1b2c3/buy-online", "/checkout-journey", "/checkout-journey?car_id=2021-toyota-corolla-a1b2c3"],
  finance: [...FINANCE_PATHS, "/personalised/finance?car_id=abc", "/finance?preferredDealership=x&vehiclePriceBudget=30000"],
  "spin-to-win": ["/spin-to-win"],
  "online-payment": ["/online-payment"],
  "equifax-finance": [...EQUIFAX_FINANCE_PATHS],
  "my-garage": [...GARAGE_ALIASES],
};

describe("routeKind: each gated route's kind", () => {
  for (const kind of GATED_KINDS) {
    it.each(ROUTES[kind])(`${kind}: %s`, (path) => {
      expect(routeKind(ALL, path)).toBe(kind);
      expect(gatedKind(ALL, path)).toBe(kind);
    });
  }

  it("reads the path as the gate compares it: case, trailing slash, query and fragment", () => {
    expect(routeKind(ALL, "/Finance/")).toBe("finance");
    expect(routeKind(ALL, "/MY-GARAGE?x=1#top")).toBe("my-garage");
    expect(routeKind(ALL, "/cars/abc/checkout/")).toBe("checkout");
  });

  it("the site's own garage path is a garage page too", () => {
    const own = site({ enabled: true, gatedRoutes: ["my-garage"] }, "/my-harbourline");
    expect(gatedKind(own, "/my-harbourline")).toBe("my-garage");
    expect(gatedKind(own, "/mymotorama")).toBe("my-garage");
  });

  it.each(["/", "/search", "/cars/2021-toyota-corolla-a1b2c3", "/cars/abc/checkout/extra", "/finance/extra", "/financed", "/service", "/sign-in", "/watchlist", "/my-garage-x", "/cars//checkout"])(
    "%s is not gated",
    (path) => {
      expect(gatedKind(ALL, path)).toBeNull();
    },
  );

  it.each(["/trade-in", "/sell-my-car", "/cars/trade-in", "/cars/trade-in?car_id=abc", "/Trade-In/"])("%s is never gated, whatever the site sets", (path) => {
    expect(routeKind(ALL, path)).toBeNull();
    expect(gatedKind(ALL, path)).toBeNull();
    // Not even as a garage path a site picked.
    expect(gatedKind(site({ enabled: true, gatedRoutes: ["my-garage"] }, "/trade-in"), path)).toBeNull();
  });
});

describe("gatedKind: only with sign-in on and the kind in gatedRoutes", () => {
  it("sign-in off: nothing is gated, even with gatedRoutes set", () => {
    const off = site({ enabled: false, gatedRoutes: [...GATED_KINDS] });
    for (const kind of GATED_KINDS) for (const path of ROUTES[kind]) expect(gatedKind(off, path)).toBeNull();
    expect(gatedKind({ features: {} } as unknown as TenantDocument, "/finance")).toBeNull();
  });

  it("sign-in on: each kind is gated only when listed", () => {
    for (const listed of GATED_KINDS) {
      const one = site({ enabled: true, gatedRoutes: [listed] });
      for (const kind of GATED_KINDS) for (const path of ROUTES[kind]) expect(gatedKind(one, path)).toBe(kind === listed ? kind : null);
    }
    expect(gatedKind(site({ enabled: true }), "/finance")).toBeNull();
  });

  it("Harbourline's settings: checkout, finance, online-payment and my-garage", () => {
    const h = site({ enabled: true, gatedRoutes: ["checkout", "finance", "online-payment", "my-garage"] });
    expect(gatedKind(h, "/finance")).toBe("finance");
    expect(gatedKind(h, "/my-garage")).toBe("my-garage");
    expect(gatedKind(h, "/spin-to-win")).toBeNull();
    expect(gatedKind(h, "/car-finance")).toBeNull();
  });
});

describe("sign-in link", () => {
  it("names the type, the page asked for and the origin", () => {
    expect(signInHref(SIGN_IN_TYPE.finance, "/finance?car_id=abc", "/cars/abc")).toBe("/sign-in?type=finance&redirect=%2Ffinance%3Fcar_id%3Dabc&back=%2Fcars%2Fabc");
    expect(signInHref(SIGN_IN_TYPE["my-garage"], "/my-garage", "/")).toBe("/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F");
  });

  it("each kind's type is one the sign-in page knows; equifax finance signs in as car-finance", () => {
    for (const kind of GATED_KINDS) expect(signInType(SIGN_IN_TYPE[kind])).toBe(SIGN_IN_TYPE[kind]);
    expect(SIGN_IN_TYPE["equifax-finance"]).toBe("car-finance");
    expect(signInType("admin")).toBeNull();
    expect(signInType(null)).toBeNull();
  });

  it("never carries a path that leaves the site", () => {
    expect(signInHref("finance", "//evil.example", "https://evil.example")).toBe("/sign-in?type=finance&redirect=%2F&back=%2F");
  });
});

describe("back from the Referer", () => {
  const host = "www.harbourlinemotors.com.au";
  it.each([
    ["https://www.harbourlinemotors.com.au/search/used-cars?page=2", "/search/used-cars?page=2"],
    ["http://www.harbourlinemotors.com.au/cars/abc", "/cars/abc"],
    ["https://WWW.HARBOURLINEMOTORS.COM.AU/", "/"],
  ])("same host %s → %s", (referer, back) => {
    expect(backFromReferer(referer, host)).toBe(back);
  });

  it.each([
    ["none", null],
    ["another site", "https://evil.example/search"],
    ["a look-alike host", "https://www.harbourlinemotors.com.au.evil.example/"],
    ["another port", "https://www.harbourlinemotors.com.au:8443/search"],
    ["javascript:", "javascript:alert(1)"],
    ["not a URL", "not a url"],
    ["a path only", "/search"],
    ["over-long", `https://www.harbourlinemotors.com.au/${"a".repeat(2100)}`],
    ["encoded slashes in the path", "https://www.harbourlinemotors.com.au/%2F%2Fevil.example"],
  ])("%s → /", (_name, referer) => {
    expect(backFromReferer(referer, host)).toBe("/");
  });

  it("without a host nothing is same-site", () => {
    expect(backFromReferer("https://www.harbourlinemotors.com.au/search", null)).toBe("/");
  });
});
