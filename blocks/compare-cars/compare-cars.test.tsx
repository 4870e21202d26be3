import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ListLookupItem } from "../../domain/car-lists";
import { listCar } from "../../server/car-lists/http";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import type { ListEntry } from "../_shared/favourites";
import CompareCarsBlock from "./compare-cars";
import { compareColumns, CompareView, type CompareSettings } from "./compare-cars.client";
import { compareRows, differingRows, NO_VALUE } from "./compare-rows";

const tenant = fixtureTenant;
const format = { identity: tenant.identity, copy: tenant.copy };
const settings: CompareSettings = { ...format, site: "harbourside", searchPath: "/search", disclaimer: "*Estimates only.", words: { noun: "car", plural: "cars" } };

const stored = (id: string, extra = {}) => fixtureVehicle({ id, slug: `2021-toyota-corolla-${id}`, ...extra });
const item = (id: string, extra = {}, state: ListLookupItem["state"] = "available"): ListLookupItem => ({ id, state, car: listCar(stored(id, extra), tenant) });
const entry = (id: string): ListEntry => ({ id, name: `Car ${id}`, slug: `2021-toyota-corolla-${id}`, make: "Toyota", model: "Corolla", primary_image_url: null });
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("compare rows", () => {
  it("one value per car for every fact the spec lists, with the rows where the cars differ", () => {
    const items = [item("a"), item("b", { price: 31990, km: 10500, colour: "Red", engine_size_litres: 2 }), item("c", { price: 27990 })];
    const rows = compareRows(items.map((i) => ({ id: i.id, state: i.state, car: i.car })), format);
    expect(rows.map((r) => r.label)).toEqual([
      "Availability", "Price", "Weekly repayment (estimate)", "Odometer", "Year", "Body", "Fuel", "Transmission", "Drive", "Engine", "Seats", "Doors", "Colour", "Location",
    ]);
    const row = (key: string) => rows.find((r) => r.key === key)!;
    expect(row("price").values).toEqual(["$27,990", "$31,990", "$27,990"]);
    expect(row("price").notes).toEqual(["Drive Away", "Drive Away", "Drive Away"]);
    expect(row("km").values).toEqual(["42,123 km", "10,500 km", "42,123 km"]);
    expect(row("engine").values).toEqual([NO_VALUE, "2.0 L", NO_VALUE]);
    expect(row("weekly").values).toEqual(["$137/wk*", "$157/wk*", "$137/wk*"]);
    expect(row("weekly").notes[0]).toBe("$27,990 over 5 years at 10% p.a.");
    expect(row("location").values).toEqual(["Harbourside Newstead", "Harbourside Newstead", "Harbourside Newstead"]);
    expect(differingRows(rows).map((r) => r.key)).toEqual(["price", "weekly", "km", "engine", "colour"]);
  });

  it("leaves a car no longer listed out of the comparison, and two like cars do not differ", () => {
    const cols = [
      { id: "a", state: "available" as const, car: item("a").car },
      { id: "b", state: "available" as const, car: item("b").car },
      { id: "gone", state: "gone" as const, car: null },
    ];
    const rows = compareRows(cols, format);
    expect(differingRows(rows)).toEqual([]);
    expect(rows[0].values).toEqual(["Available", "Available", "This car is no longer listed"]);
    expect(rows[1].values[2]).toBe(NO_VALUE);
  });

  it("a sold or reserved car says so, and has no weekly estimate", () => {
    const rows = compareRows([item("a"), item("s", { status: "sold" }, "sold"), item("r", { reserved: true }, "reserved")], format);
    expect(rows[0].values).toEqual(["Available", "This car has been sold", "Reserved by another buyer"]);
    expect(rows[2].values[1]).toBe(NO_VALUE);
    // A caravan site's words (siteTerms): the availability row names a caravan.
    const caravans = compareRows([item("s", { status: "sold" }, "sold"), { id: "g", state: "gone", car: null }], { ...format, words: { noun: "caravan" } });
    expect(caravans[0].values).toEqual(["This caravan has been sold", "This caravan is no longer listed"]);
  });
});

describe("compare view", () => {
  const view = (ids: string[], items: ListLookupItem[], status: "loading" | "ready" | "error" = "ready") => {
    const entries = ids.map(entry);
    const map = new Map(items.map((i) => [i.id, i]));
    return renderToStaticMarkup(<CompareView entries={entries} columns={compareColumns(entries, map)} settings={settings} status={status} onRemove={() => {}} />);
  };

  it("is a table with a caption, column headers per car and row headers, differing rows marked", () => {
    const html = view(["a", "b", "c"], [item("a"), item("b", { price: 31990 }), item("c")]);
    expect(html).toContain('<caption class="fc-visually-hidden">Comparing 3 cars; rows where the cars differ are marked “differs”</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html.match(/<th scope="row"/g)).toHaveLength(14);
    expect(html).toMatch(/<tr data-differs="true"><th scope="row">Price<span[^>]*> differs<\/span><\/th>/);
    expect(html).toContain(">Show only differences</label>");
    expect(html).toContain('href="/cars/2021-toyota-corolla-a"');
    expect(text(html)).toContain("Remove 2021 Toyota Corolla Ascent Sport ZWE211R from the comparison");
    expect(text(html)).toContain("*Estimates only.");
  });

  it("with one car asks for another", () => {
    const html = view(["a"], [item("a")]);
    expect(text(html)).toContain("Add another car to compare it side by side (up to 4). Search cars");
    expect(html).not.toContain("Show only differences");
  });

  it("speaks of what the site sells: a caravan dealer compares caravans", () => {
    const entries = ["a", "b"].map(entry);
    const html = renderToStaticMarkup(<CompareView entries={entries} columns={compareColumns(entries, new Map())} settings={{ ...settings, words: { noun: "caravan", plural: "caravans" } }} status="error" onRemove={() => {}} />);
    expect(html).toContain("Comparing 2 caravans; rows where the caravans differ are marked “differs”");
    expect(text(html)).toContain("We could not check these caravans just now.");
  });

  it("says when a car is gone and when the cars could not be checked", () => {
    const html = view(["a", "gone"], [item("a"), { id: "gone", state: "gone", car: null }]);
    expect(text(html)).toContain("Car gone This car is no longer listed Remove");
    const failed = view(["a", "b"], [], "error");
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain("We could not check these cars just now.");
  });

  it("as a block: the list is read in the browser; a site with compare off says so", async () => {
    const on = structuredClone(fixtureTenant);
    on.features.compare = true;
    const html = renderToStaticMarkup(<>{await CompareCarsBlock({ id: "cmp", props: { heading: "Compare cars", disclaimer: "*Estimates only." }, ctx: fixtureCtx("/compare", on) })}</>);
    expect(html).toContain(">Compare cars</h2>");
    expect(html).toContain("Loading the cars you picked…");
    const off = structuredClone(fixtureTenant);
    off.features.compare = false;
    const offHtml = renderToStaticMarkup(<>{await CompareCarsBlock({ id: "cmp", props: { heading: "Compare cars", disclaimer: "" }, ctx: fixtureCtx("/compare", off) })}</>);
    expect(offHtml).toContain("Comparing cars is not available on this site.");
  });
});
