import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ListLookupItem } from "../../domain/car-lists";
import { listCar } from "../../server/car-lists/http";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import type { ListEntry } from "../_shared/favourites";
import { cardSettings } from "../_shared/vehicle-card";
import { siteTerms } from "../../domain/vehicle-terms";
import FavouritesListBlock from "./favourites-list";
import { FavouritesView, type FavouritesSettings } from "./favourites-list.client";

const tenant = structuredClone(fixtureTenant);
tenant.features.favourites = true;
const settings: FavouritesSettings = { card: cardSettings(tenant), searchPath: "/search", words: { noun: "car", plural: "cars" }, now: "2025-06-15T00:00:00Z" };
const item = (id: string, extra = {}, state: ListLookupItem["state"] = "available"): ListLookupItem => ({
  id, state, car: listCar(fixtureVehicle({ id, slug: `2021-toyota-corolla-${id}`, ...extra }), tenant),
});
const entry = (id: string): ListEntry => ({ id, name: `Stored name ${id}`, slug: `2021-toyota-corolla-${id}`, make: "Toyota", model: "Corolla", primary_image_url: "/media/x.jpg" });
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

function view(ids: string[], items: ListLookupItem[], status: "loading" | "ready" | "error" = "ready", words = settings.words) {
  return renderToStaticMarkup(<FavouritesView entries={ids.map(entry)} items={new Map(items.map((i) => [i.id, i]))} status={status} settings={{ ...settings, words }} onRemove={() => {}} />);
}

describe("favourites list", () => {
  it("shows each favourite as a card with its current price and a Remove button", () => {
    const html = view(["a", "b"], [item("a"), item("b", { price: 31990 })]);
    expect(html.match(/<article/g)).toHaveLength(2);
    expect(text(html)).toContain("$31,990");
    expect(html.match(/>Remove<span class="fc-visually-hidden"> 2021 Toyota Corolla Ascent Sport ZWE211R from favourites<\/span><\/button>/g)).toHaveLength(2);
    expect(html).toContain('href="/cars/2021-toyota-corolla-a"');
    expect(html).toContain('<a href="/search">Search cars</a>');
  });

  it("says when a car has been sold, reserved or is no longer listed", () => {
    const html = view(["s", "r", "g"], [item("s", { status: "sold" }, "sold"), item("r", { reserved: true }, "reserved"), { id: "g", state: "gone", car: null }]);
    expect(text(html)).toContain("This car has been sold. Find something similar on its page.");
    expect(text(html)).toContain("Reserved by another buyer; it may come back if the reservation lapses.");
    expect(text(html)).toContain("Stored name g This car is no longer listed Remove Stored name g from favourites");
    // A caravan-only site says caravan (its words are siteTerms').
    const caravans = text(view(["s", "g"], [item("s", { status: "sold" }, "sold"), { id: "g", state: "gone", car: null }], "ready", siteTerms({ stockKinds: ["caravan"] })));
    expect(caravans).toContain("This caravan has been sold. Find something similar on its page.");
    expect(caravans).toContain("This caravan is no longer listed");
    expect(caravans).not.toContain("This car ");
  });

  it("shows the stored names while checking, and an alert when the check failed", () => {
    expect(text(view(["a"], [], "loading"))).toContain("Stored name a Checking this car…");
    const failed = view(["a"], [], "error");
    expect(failed).toContain('role="alert"');
  });

  it("speaks of what the site sells: a caravan dealer's list is of caravans", () => {
    const { noun, plural } = siteTerms({ stockKinds: ["caravan"] });
    const html = renderToStaticMarkup(<FavouritesView entries={[entry("a")]} items={new Map()} status="loading" settings={{ ...settings, words: { noun, plural } }} onRemove={() => {}} />);
    expect(html).toContain('aria-label="Favourite caravans"');
    expect(text(html)).toContain("Checking this caravan…");
    expect(html).toContain('<a href="/search">Search caravans</a>');
  });

  it("as a block: read in the browser; a site with favourites off says so", async () => {
    const html = renderToStaticMarkup(<>{await FavouritesListBlock({ id: "fav", props: { heading: "Your favourites" }, ctx: fixtureCtx("/favourites", tenant) })}</>);
    expect(html).toContain(">Your favourites</h2>");
    expect(html).toContain("Loading your favourites…");
    const off = structuredClone(tenant);
    off.features.favourites = false;
    expect(renderToStaticMarkup(<>{await FavouritesListBlock({ id: "fav", props: { heading: "Your favourites" }, ctx: fixtureCtx("/favourites", off) })}</>)).toContain("Favourites are not available on this site.");
  });
});
