// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import { SECTIONS, sectionSchema, sectionUiSchema } from "./sections";
import { fillGenerated, nextNumber } from "./generated-values";
import { siteChoices } from "./site-choices";
import { makeTicks, siteMakes } from "./make-widget.client";
import { dealershipOptions } from "./dealership-widget.client";
import { editorFields, editorTemplates, editorWidgets } from "./widgets.client";

// Ids a dealer never types (issue 33): locations and dealerships chosen by name, coordinates placed
// from the address, numbers given by the editor; and no select with a blank choice without words.

const harbourline = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
const root = tenantSchema as never as Parameters<typeof sectionSchema>[0];
const section = (id: string) => SECTIONS.find((s) => s.id === id)!;
// Nothing here reaches a server: a test that needs an answer stubs fetch itself (a real request would hang in the stock cache).
beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json({ message: "No server in this test." }, { status: 503 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** One section's form over `formData`, the draft being harbourline with `formData` in it; returns what it stored. */
function renderSection(id: string, formData: Record<string, unknown>) {
  const seen: any[] = [];
  const s = section(id);
  const ui = sectionUiSchema(root, s, "staff");
  const doc = { ...harbourline, ...formData };
  render(
    <Form
      schema={sectionSchema(root, s)} uiSchema={ui} formData={formData} validator={validator} onChange={(e) => seen.push(fillGenerated(e.formData, seen.at(-1) ?? formData, formData, ui))}
      fields={editorFields} widgets={editorWidgets} templates={editorTemplates} formContext={{ slug: "harbourline", doc }} idPrefix={`fc-${id}`}
    >
      <></>
    </Form>,
  );
  return seen;
}

const texts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.text);
/** Every select on the screen with an option that has no words. */
const blankOptions = () => [...document.querySelectorAll("select")].filter((s) => [...s.options].some((o) => o.text.trim() === "")).map((s) => s.id);

describe("the site's choices", () => {
  it("names locations and dealerships, keeps a stored value nothing has any more, and tells same names apart", () => {
    expect(siteChoices(harbourline, "dealershipId").slice(0, 2)).toEqual([{ value: 101, label: "Harbourline Toyota" }, { value: 102, label: "Harbourline Mazda" }]);
    expect(siteChoices(harbourline, "locationId")[0]).toEqual({ value: 1001, label: "Harbourline Toyota Cleveland Sales" });
    expect(siteChoices(harbourline, "dealership", ["gone-dealer"]).at(-1)).toEqual({ value: "gone-dealer", label: "gone-dealer (no such dealership any more)" });
    const twins = { locations: [{ id: 1, slug: "a", name: "Depot" }, { id: 2, slug: "b", name: "Depot", address: { city: "Ipswich" } }, { id: 3, slug: "c", name: "Depot" }] };
    expect(siteChoices(twins, "locationId").map((c) => c.label)).toEqual(["Depot · 1", "Depot (Ipswich)", "Depot · 3"]);
    expect(siteChoices({ search: { sorts: [{ id: "relevance", label: "Most relevant" }, { id: "latest" }] } }, "sort")).toEqual([{ value: "relevance", label: "Most relevant" }, { value: "latest", label: "latest" }]);
  });

  it("offers as makes the dealerships' franchises, then the stock's, each once", () => {
    expect(siteMakes({ dealerships: [{ makes: ["Toyota"] }, { makes: ["Mazda", "toyota"] }] }, ["MAZDA", "Kia"], "Ford")).toEqual(["Toyota", "Mazda", "Kia", "Ford"]);
  });

  it("gives a new location the next free number and never renumbers a saved one", () => {
    expect(nextNumber([1001, 1015, "x", undefined])).toBe(1016);
    expect(nextNumber([])).toBe(1);
    const ui = sectionUiSchema(root, section("locations"), "staff");
    const base = { locations: harbourline.locations };
    const next = fillGenerated({ locations: [...harbourline.locations, { name: "New yard" }] }, base, base, ui) as any;
    expect(next.locations.at(-1)).toMatchObject({ id: 1016, slug: "new-yard" });
    expect(next.locations.slice(0, -1).map((l: { id: number }) => l.id)).toEqual(harbourline.locations.map((l: { id: number }) => l.id));
  });
});

/** Opens every list item (they start as one line each: array-item.client.tsx). */
const openItems = () => {
  for (const item of screen.queryAllByRole("button", { expanded: false, name: /^\d+\. / })) fireEvent.click(item);
};

describe("the Locations form", () => {
  const one = () => ({ dealerships: harbourline.dealerships.slice(0, 3), locations: [structuredClone(harbourline.locations[0])] });

  it("chooses a location's dealership by name, keeps numbers, coordinates and the CRM endpoint under Advanced", () => {
    const seen = renderSection("locations", one());
    openItems();
    const dealership = screen.getByLabelText("Dealership*") as HTMLSelectElement;
    expect(texts(dealership).slice(0, 3)).toEqual(["Harbourline Toyota", "Harbourline Mazda", "Harbourline Hyundai & Kia"]);
    fireEvent.change(dealership, { target: { value: "102" } });
    expect(seen.at(-1).locations[0].dealership_id).toBe(102);
    for (const label of ["Latitude", "Longitude", "Location number*", "CRM address for leads"]) {
      for (const input of screen.getAllByLabelText(label)) expect(input.closest("details")?.querySelector("summary")?.textContent).toBe("Advanced");
    }
    expect(screen.getByText("On the map (its coordinates are under Advanced).")).toBeTruthy();
  });

  it("places the location from its postcode, and says why when it cannot", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", vi.fn(async (url: string) => {
      // The dealership and makes pickers ask for the stock feed's dealerships and makes too.
      if (url.includes("/geocode")) asked.push(url);
      return url.includes("postcode=4215")
        ? Response.json({ lat: -27.97, long: 153.41, label: "Southport, QLD", postcode: "4215" })
        : Response.json({ message: "No place in Australia has the postcode 0999. Check the postcode, or type the coordinates under Advanced." }, { status: 422 });
    }));
    const seen = renderSection("locations", one());
    fireEvent.change(screen.getByLabelText("Postcode*"), { target: { value: "4215" } });
    // Looked up after a 300 ms pause in the typing; a busy machine takes longer.
    await screen.findByText("Placed on the map at the centre of postcode 4215 (Southport, QLD).", {}, { timeout: 5_000 });
    expect(asked).toEqual(["/api/admin/tenants/harbourline/geocode?postcode=4215&state=QLD"]);
    expect(seen.at(-1).locations[0].address).toMatchObject({ postcode: "4215", lat: -27.97, long: 153.41, street: "142 Shore Street West" });
    fireEvent.change(screen.getByLabelText("Postcode*"), { target: { value: "0999" } });
    await screen.findByText("No place in Australia has the postcode 0999. Check the postcode, or type the coordinates under Advanced.", {}, { timeout: 5_000 });
    expect(seen.at(-1).locations[0].address).toMatchObject({ postcode: "0999", lat: -27.97 });
    fireEvent.click(screen.getByRole("button", { name: "Place on the map from the address" }));
    await waitFor(() => expect(asked).toHaveLength(3), { timeout: 5_000 });
  });
});

describe("selects", () => {
  it("a required one has no empty choice once chosen, an optional one says what empty means", () => {
    renderSection("locations", { dealerships: harbourline.dealerships.slice(0, 1), locations: [structuredClone(harbourline.locations[0]), { name: "New yard", address: {} }] });
    openItems();
    const types = screen.getAllByLabelText("Location type*");
    expect(texts(types[0])).toEqual(["Sales", "Service", "Parts", "Service and parts", "Not set"]);
    const states = screen.getAllByLabelText("State or region*");
    expect(texts(states[0])[0]).toBe("QLD");
    expect(texts(states[1])[0]).toBe("Choose the state or region");
    expect((states[1] as HTMLSelectElement).options[0].disabled).toBe(true);
    expect(texts(screen.getAllByLabelText("Dealership*")[1])[0]).toBe("Choose a dealership");
    expect(blankOptions()).toEqual([]);
  });

  it("Default sort is chosen from the site's sort options; excluded dealerships, makes and disclaimer locations are ticked by name", async () => {
    const sorts = [{ id: "relevance", label: "Most relevant" }, { id: "latest", label: "Latest" }];
    renderSection("search", { search: { ...harbourline.search, sorts, defaultSort: "latest" } });
    const sort = screen.getByLabelText(/^Default sort/) as HTMLSelectElement;
    expect(texts(sort)).toEqual(["Most relevant", "Latest"]);
    expect(sort.value).toBe("latest");
    expect(blankOptions()).toEqual([]);
    cleanup();
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ facets: { make: ["Chery", "Toyota"], make_model: [], body: [] }, cars: [] })));
    const seen = renderSection("finance", { finance: { ...harbourline.finance, excludedDealershipIds: [107] } });
    // Makes without finance: ticked from the dealerships' franchises and, once loaded, the stock's makes.
    const makes = within(document.querySelector<HTMLElement>("fieldset[id$='finance_excludedManufacturers']")!);
    fireEvent.click(await makes.findByLabelText("Chery", {}, { timeout: 5_000 }));
    expect(seen.at(-1).finance.excludedManufacturers).toEqual(["Chery"]);
    expect(makes.getAllByRole("checkbox").map((c) => c.closest("label")!.textContent!.trim()).slice(0, 3)).toEqual(["Toyota", "Mazda", "Hyundai"]);
    const box = within(screen.getByRole("group", { name: /Dealerships without finance/ }));
    expect((box.getByLabelText("Harbourline Motorcycles") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box.getByLabelText("Harbourline Trucks"));
    expect(seen.at(-1).finance.excludedDealershipIds).toEqual([107, 108]);
    cleanup();
    const forms = renderSection("forms", { forms: harbourline.forms });
    const disclaimer = within(document.querySelector<HTMLElement>("fieldset[id$='disclaimers_0_locationIds']")!);
    expect((disclaimer.getByLabelText("Harbourline Toyota Cleveland Service") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(disclaimer.getByLabelText("Harbourline Toyota Cleveland Sales"));
    expect(forms.at(-1).forms.service.disclaimers[0].locationIds).toEqual([1001, 1002, 1012]);
  });
});

// Issue 33, the rest: a dealership is chosen from the stock feed's dealerships, never typed; makes
// are ticked from the site's makes (a make not listed added by name, a stored one never dropped).
describe("dealerships and makes", () => {
  const inventory = [
    { id: 101, name: "Harbourline Toyota", tenant: "harbourline", stock: 27, vehicles: 30 },
    { id: 102, name: "Harbourline Mazda", tenant: "harbourline", stock: 12, vehicles: 12 },
    { id: 301, name: "Bluegum Pre-Owned", tenant: "bluegum", stock: 40, vehicles: 41 },
    { id: 501, name: "", tenant: null, stock: 3, vehicles: 3 },
  ];

  it("offers this site's dealerships and those on no site, not another site's nor one another entry names; keeps a stored number", () => {
    const doc = { dealerships: [{ id: 101, name: "Toyota" }, { id: 102, name: "Mazda" }, { id: 999, name: "Old Yard" }] };
    expect(dealershipOptions(inventory, "harbourline", doc, 102)).toEqual([
      { value: 102, label: "Harbourline Mazda: 12 in stock" },
      { value: 501, label: "Dealership 501: 3 in stock, on no site yet" },
    ]);
    expect(dealershipOptions(inventory, "harbourline", doc, 999)[0]).toEqual({ value: 999, label: "Old Yard (not in the stock feed's list)" });
    expect(dealershipOptions(null, "harbourline", doc, 999)).toEqual([{ value: 999, label: "Old Yard" }]);
    expect(dealershipOptions(inventory, "harbourline", { dealerships: [] }, undefined).map((o) => o.value)).toEqual([101, 102, 501]);
    expect(dealershipOptions(inventory, "harbourline", doc, 101)[0].label).toBe("Harbourline Toyota: 27 in stock (30 with sold and coming)");
  });

  it("ticks makes by name or by slug and keeps a stored one the list lacks", () => {
    expect(makeTicks(["Toyota", "Isuzu UTE", "toyota"], ["toyota", "holden"], "slug")).toEqual([
      { value: "toyota", label: "Toyota" },
      { value: "isuzu-ute", label: "Isuzu UTE" },
      { value: "holden", label: "holden" },
    ]);
    expect(makeTicks(["Toyota"], ["TOYOTA", "Holden"])).toEqual([{ value: "Toyota", label: "Toyota" }, { value: "Holden", label: "Holden" }]);
  });

  it("the Locations form: the dealership's stock-feed entry is a select by name, franchises and a location's makes are ticked, a new make added by name", async () => {
    vi.stubGlobal("fetch", vi.fn(async (url: string) => (url === "/api/admin/dealerships" ? Response.json({ dealerships: inventory }) : Response.json({ facets: { make: ["Chery", "Toyota"], make_model: [], body: [] }, cars: [] }))));
    const location = { ...structuredClone(harbourline.locations[0]), manufacturers: ["toyota", "holden"] };
    const seen = renderSection("locations", { dealerships: structuredClone(harbourline.dealerships.slice(0, 2)), locations: [location] });
    openItems();
    const feed = document.getElementById("fc-locations_dealerships_1_id") as HTMLSelectElement;
    expect(feed.tagName).toBe("SELECT");
    expect(feed.closest("details")).toBeNull();
    await waitFor(() => expect(texts(feed)).toEqual(["Harbourline Mazda: 12 in stock", "Dealership 501: 3 in stock, on no site yet"]), { timeout: 5_000 });
    expect(feed.value).toBe("102");
    fireEvent.change(feed, { target: { value: "501" } });
    expect(seen.at(-1).dealerships[1].id).toBe(501);
    expect(blankOptions()).toEqual([]);
    expect(document.querySelector("input[id$='dealerships_0_id'], input[id$='dealerships_0_makes_0']")).toBeNull();

    // Franchises: the ticked ones listed, the site's other makes added from a select; a make not listed added by its name.
    const franchises = within(document.querySelector<HTMLElement>("fieldset[id$='dealerships_0_makes']")!);
    expect(franchises.getAllByRole("checkbox").map((c) => c.closest("label")!.textContent!.trim())).toEqual(["Toyota"]);
    const add = franchises.getByLabelText("Add a make") as HTMLSelectElement;
    await waitFor(() => expect(texts(add)).toEqual(["Choose a make to add", "Mazda", "Chery"]), { timeout: 5_000 });
    fireEvent.change(add, { target: { value: "Chery" } });
    expect(seen.at(-1).dealerships[0].makes).toEqual(["Toyota", "Chery"]);
    expect(add.value).toBe("");
    expect((franchises.getByLabelText("Chery") as HTMLInputElement).checked).toBe(true);
    fireEvent.change(franchises.getByLabelText("A make not in the list"), { target: { value: "  Lexus " } });
    fireEvent.click(franchises.getByRole("button", { name: "Add make" }));
    expect(seen.at(-1).dealerships[0].makes).toEqual(["Toyota", "Chery", "Lexus"]);

    // A location's makes are stored as slugs; "holden", in no list, stays ticked.
    const makes = within(document.querySelector<HTMLElement>("fieldset[id$='locations_0_manufacturers']")!);
    expect((makes.getByLabelText("holden") as HTMLInputElement).checked).toBe(true);
    expect((makes.getByLabelText("Toyota") as HTMLInputElement).checked).toBe(true);
    fireEvent.change(makes.getByLabelText("Add a make"), { target: { value: "mazda" } });
    expect(seen.at(-1).locations[0].manufacturers).toEqual(["toyota", "holden", "mazda"]);
    fireEvent.click(makes.getByRole("button", { name: "Add make" }));
    expect(makes.getByText("Type the make's name first.")).toBeTruthy();
    fireEvent.change(makes.getByLabelText("A make not in the list"), { target: { value: "Great Wall Motors" } });
    fireEvent.keyDown(makes.getByLabelText("A make not in the list"), { key: "Enter" });
    expect(seen.at(-1).locations[0].manufacturers).toEqual(["toyota", "holden", "mazda", "great-wall-motors"]);
    expect(makes.queryByText("Type the make's name first.")).toBeNull();
    fireEvent.click(makes.getByLabelText("holden"));
    expect(seen.at(-1).locations[0].manufacturers).toEqual(["toyota", "mazda", "great-wall-motors"]);
    expect(makes.queryByLabelText("holden")).toBeNull();
  });
});
