import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../tests/fixtures/vehicle";
import type { StoredVehicle } from "../server/inventory/vehicle";
import { TenantPage, tenantPageMetadata } from "./tenant-page";
import { cardSettings, reserveHref } from "../blocks/_shared/vehicle-card";
import { NotFoundResponse } from "./not-found-page";
import type { Block, BlockContext, TenantDocument } from "./types";

// The page finds its car once and hands it, with the search host, to every block through ctx.
// The blocks here record the context they get; the database edges (the live document, the car by
// slug) stand in for the real ones and count their calls.
const state = vi.hoisted(() => ({
  car: null as StoredVehicle | null,
  doc: null as TenantDocument | null,
  seen: [] as { id: string; ctx: BlockContext }[],
  lookups: [] as string[],
}));
vi.mock("../server/inventory/vdp", () => ({
  vehicleForPage: async (_tenant: unknown, path: string) => {
    state.lookups.push(path);
    return state.car && path === `/cars/${state.car.slug}` ? state.car : null;
  },
}));
vi.mock("../server/tenants/live", () => ({
  tenantForHost: async (host: string) => (host === "harbourside-motors.localhost:3000" && state.doc ? { slug: "harbourside-motors", version: 3, document: state.doc } : null),
}));
vi.mock("./registry.generated", () => ({
  blockRegistry: {
    "rich-text": {
      render: ({ id, ctx }: { id: string; ctx: BlockContext }) => {
        state.seen.push({ id, ctx });
        return null;
      },
    },
  },
}));

const HOST = "harbourside-motors.localhost:3000";
const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";
const text = (id: string, area?: "sidebar") => ({ id, type: "rich-text", props: { html: id }, ...(area ? { area } : {}) }) as Block;

function doc(): TenantDocument {
  const d = structuredClone(fixtureTenant);
  d.layout = { top: [text("top")], bottom: [text("bottom")] };
  d.pages = [
    { id: "home", path: "/", title: "Home", blocks: [text("home")] },
    { id: "vdp", template: "vehicle-detail", title: "Vehicle", blocks: [text("main"), text("side", "sidebar")] },
  ];
  return d;
}

beforeEach(() => {
  state.car = fixtureVehicle();
  state.doc = doc();
  state.seen = [];
  state.lookups = [];
});

describe("the block context a page gives", () => {
  it("on a vehicle page: the page's car, looked up once, for every block of the layout and the page", async () => {
    await TenantPage({ host: HOST, segments: ["cars", state.car!.slug] });
    expect(state.lookups).toEqual([`/cars/${state.car!.slug}`]);
    expect(state.seen.map((s) => s.id).sort()).toEqual(["bottom", "main", "side", "top"]);
    for (const { ctx } of state.seen) {
      expect(ctx.vehicle).toBe(state.car);
      expect(ctx.path).toBe(`/cars/${state.car!.slug}`);
      expect(ctx.page.id).toBe("vdp");
      expect(ctx.searchHost).toBe("harbourside-motors.localhost");
    }
  });

  it("on any other page: no car and no lookup", async () => {
    await TenantPage({ host: HOST, segments: [] });
    expect(state.lookups).toEqual([]);
    expect(state.seen.map((s) => [s.id, s.ctx.vehicle, s.ctx.searchHost])).toEqual([
      ["top", null, "harbourside-motors.localhost"],
      ["home", null, "harbourside-motors.localhost"],
      ["bottom", null, "harbourside-motors.localhost"],
    ]);
  });

  it("a vehicle page without its car is the site's 404 (drawn on the server, the status set by a notFound() in Suspense), and none of its blocks renders", async () => {
    const page = await TenantPage({ host: HOST, segments: ["cars", "someone-elses-car"] });
    expect(page.type).toBe(NotFoundResponse);
    expect(page.props).toEqual({ host: HOST });
    expect(state.seen).toEqual([]);
  });

  it("a preview's blocks ask the draft's search host; the same document shown live asks the plain one", async () => {
    const draft = doc();
    await TenantPage({ host: HOST, segments: [], preview: { slug: "harbourside-motors", version: 0, document: draft, token: TOKEN } });
    expect(state.seen.map((s) => s.ctx.searchHost)).toEqual(Array(3).fill(`harbourside-motors.localhost/preview/${TOKEN}`));
    expect(state.seen.every((s) => s.ctx.tenant === draft)).toBe(true);

    state.seen = [];
    state.doc = draft;
    await TenantPage({ host: HOST, segments: [] });
    expect(state.seen.map((s) => s.ctx.searchHost)).toEqual(Array(3).fill("harbourside-motors.localhost"));
  });
});

describe("metadata", () => {
  it("the trade-in page served at another trade-in path names its own path as canonical", async () => {
    state.doc!.pages.push({ id: "sell", path: "/sell-my-car", title: "Sell My Car", blocks: [{ id: "w", type: "trade-in-wizard", props: {} } as Block] });
    const own = await tenantPageMetadata(HOST, ["sell-my-car"]);
    const alias = await tenantPageMetadata(HOST, ["trade-in"]);
    const forCar = await tenantPageMetadata(HOST, ["cars", "trade-in"]);
    expect(own.alternates?.canonical).toBe("https://harbourside.example/sell-my-car");
    expect(alias.alternates?.canonical).toBe("https://harbourside.example/sell-my-car");
    expect(forCar.alternates?.canonical).toBe("https://harbourside.example/sell-my-car");
    expect(alias.title).toBe(own.title);
    expect(state.lookups).toEqual([]);
    // Any other page keeps the path it was asked on.
    expect((await tenantPageMetadata(HOST, ["cars", state.car!.slug])).alternates?.canonical).toBe(`https://harbourside.example/cars/${state.car!.slug}`);
  });

  it("a template page with a path of its own still names the path it serves as canonical (each car its own)", async () => {
    state.doc!.pages.find((p) => p.template === "vehicle-detail")!.path = "/vehicles";
    const car = await tenantPageMetadata(HOST, ["cars", state.car!.slug]);
    expect(car.alternates?.canonical).toBe(`https://harbourside.example/cars/${state.car!.slug}`);
  });

  it("the <title> is the page's title then the site's name, once; the home page's is its title field", async () => {
    state.doc!.pages.push({ id: "about", path: "/about-us", title: "About Us", blocks: [text("about")] });
    state.doc!.pages.push({ id: "sell", path: "/trade-in", title: "Sell My Car | Harbourside Motors", blocks: [text("sell")] });
    expect((await tenantPageMetadata(HOST, [])).title).toBe("Home | Harbourside Motors");
    state.doc!.pages[0].title = "Harbourside Motors | Cars in Cleveland";
    expect((await tenantPageMetadata(HOST, [])).title).toBe("Harbourside Motors | Cars in Cleveland");
    expect((await tenantPageMetadata(HOST, ["about-us"])).title).toBe("About Us | Harbourside Motors");
    // A title that already names the site (as the demo documents' did) is not given it twice.
    expect((await tenantPageMetadata(HOST, ["trade-in"])).title).toBe("Sell My Car | Harbourside Motors");
    const car = await tenantPageMetadata(HOST, ["cars", state.car!.slug]);
    expect(String(car.title).endsWith(" | Harbourside Motors")).toBe(true);
    expect(String(car.title).split("Harbourside Motors")).toHaveLength(2);
  });
});

describe("Reserve buttons where the deployment takes no deposits", () => {
  afterEach(() => vi.unstubAllEnvs());
  const reserving = (d: TenantDocument) => {
    d.features.reserveOnline = { enabled: true, route: "checkout", deposit: 200, holdHours: 48 };
    d.features.onlinePurchase = true;
    return d;
  };

  it("in production on PostgreSQL without a payment provider, every block gets the site without reserve online or online purchase: no Reserve or Buy Online anywhere", async () => {
    state.doc = reserving(doc());
    await TenantPage({ host: HOST, segments: ["cars", state.car!.slug] });
    const offered = state.seen[0].ctx.tenant;
    expect([offered.features.reserveOnline.enabled, offered.features.onlinePurchase]).toEqual([true, true]);
    expect(reserveHref(state.car!, cardSettings(offered))).toBe(`/cars/${state.car!.slug}/checkout`);

    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://db.example/forecourt");
    vi.stubEnv("PAYMENTS", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    state.seen = [];
    state.doc = reserving(doc());
    await TenantPage({ host: "harbourside-motors.localhost:3000", segments: ["cars", state.car!.slug, ""] });
    const refused = state.seen[0].ctx.tenant;
    expect([refused.features.reserveOnline.enabled, refused.features.onlinePurchase]).toEqual([false, false]);
    expect(cardSettings(refused).reserve).toBeNull();
    expect(reserveHref(state.car!, cardSettings(refused))).toBeNull();
    // The live document itself is not changed.
    expect(state.doc.features.reserveOnline.enabled).toBe(true);
  });
});

describe("the page's analytics description (renderer/standard-analytics.ts reads it)", () => {
  const described = async (segments: string[]) => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const html = renderToStaticMarkup(await TenantPage({ host: HOST, segments }));
    const m = /<script type="application\/json" data-fc-analytics-page="">(.*?)<\/script>/.exec(html);
    return m ? JSON.parse(m[1]!) : null;
  };

  it("on a site with a GA4 or pixel id: the page's ASC type and, on a vehicle page, its car", async () => {
    state.doc!.features.analytics = { serverSideLeads: false, metaPixelId: "880012345678901" };
    const car = state.car!;
    const vdp = await described(["cars", car.slug!]);
    expect(vdp).toMatchObject({ page_type: "item", currency: state.doc!.identity.currency, car: { id: car.id, item: { item_make: car.make, item_model: car.model, item_year: car.year, item_number: car.stocknum, item_price: car.price, item_type: car.item_type } } });
    expect(await described([])).toEqual({ page_type: "home", currency: state.doc!.identity.currency, country: "AU", car: null });
  });

  it("nowhere on a site without either", async () => {
    expect(await described(["cars", state.car!.slug!])).toBeNull();
  });
});
