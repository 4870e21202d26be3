// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import { itemSummary } from "./array-item.client";
import { formPath, leadsTo, revealField, wantedPath } from "./reveal";
import { errorSchemaFor, SECTIONS, sectionSchema, sectionUiSchema } from "./sections";
import { editorFields, editorTemplates, editorWidgets } from "./widgets.client";

// The editor's lists (RJSF arrays) as a dealer meets them: Harbourline's menu and locations, each item
// one line until opened (real schemas, real RJSF, happy-dom).

const harbourline = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
const root = tenantSchema as never as Parameters<typeof sectionSchema>[0];
afterEach(cleanup);

function renderSection(id: string, formData: Record<string, unknown>, errors: { pointer: string; message: string }[] = []) {
  const section = SECTIONS.find((s) => s.id === id)!;
  const seen: any[] = [];
  const view = render(
    <Form
      schema={sectionSchema(root, section)} uiSchema={sectionUiSchema(root, section, "dealer")} formData={formData} validator={validator}
      extraErrors={errorSchemaFor(errors, section)} fields={editorFields} widgets={editorWidgets} templates={editorTemplates}
      formContext={{ slug: "harbourline", doc: harbourline }} idPrefix={`fc-${id}`} onChange={(e) => seen.push(e.formData)}
    >
      <></>
    </Form>,
  );
  return { ...view, seen };
}
const expanded = (el: HTMLElement) => el.getAttribute("aria-expanded");
const controls = (el: HTMLElement) => el.querySelectorAll("input, select, textarea, button").length;

describe("a form's lists", () => {
  it("sums an item up in one line: what it is called, and where it goes or is", () => {
    expect(itemSummary({ label: "Range", href: "/models", children: [] })).toBe("Range — /models");
    expect(itemSummary(harbourline.locations[0])).toBe("Harbourline Toyota Cleveland Sales — Cleveland");
    expect(itemSummary({ title: "Fees", text: "<p>Stamp <strong>duty</strong></p>" })).toBe("Fees");
    expect(itemSummary({ value: "50+", label: "Locations" })).toBe("Locations — 50+");
    expect(itemSummary({})).toBe("");
    expect(itemSummary({ name: "x".repeat(120) })).toHaveLength(90);
  });

  it("Harbourline's menu starts as one line per item; an item opens and closes by its button", () => {
    const { container } = renderSection("navigation", { navigation: harbourline.navigation, footer: harbourline.footer });
    const toggles = screen.getAllByRole("button", { expanded: false });
    expect(toggles.map((b) => b.textContent)).toEqual(expect.arrayContaining(["▸ 1. Home — /", "▸ 2. Range — /models", "▸ 3. Stock"]));
    // 816 controls before; now the menu's 8 items, the dealer links and the footer's groups are a line each.
    expect(controls(container)).toBeLessThan(120);
    expect(screen.queryByLabelText("Label")).toBeNull();

    const range = screen.getByRole("button", { name: "2. Range — /models" });
    fireEvent.click(range);
    expect(expanded(range)).toBe("true");
    const bodyId = range.getAttribute("aria-controls")!;
    const body = document.getElementById(bodyId)!;
    expect((within(body).getAllByLabelText(/^Label/)[0] as HTMLInputElement).value).toBe("Range");
    // Its 26 sub-menu links are one line each too; its logo is only a button until asked for.
    expect(within(body).getAllByRole("button", { name: /^\d+\. / })).toHaveLength(26);
    expect(within(body).queryByLabelText("Image address")).toBeNull();
    fireEvent.click(within(body).getAllByRole("button", { name: "Add logo" })[0]);
    expect(within(body).getByLabelText("Image address")).toBeTruthy();
    fireEvent.click(range);
    expect(expanded(range)).toBe("false");
    expect(range.getAttribute("aria-controls")).toBeNull();
    expect(document.getElementById(bodyId)).toBeNull();
    expect(screen.queryByLabelText("Image address")).toBeNull();
  });

  it("an item with an error is open, and says how many", () => {
    const errors = [{ pointer: "/locations/3/name", message: "Name is required" }];
    renderSection("locations", { dealerships: harbourline.dealerships, locations: harbourline.locations, map: harbourline.map }, errors);
    const fourth = screen.getByRole("button", { name: /^4\. .* 1 error$/ });
    expect(expanded(fourth)).toBe("true");
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(expanded(screen.getByRole("button", { name: /^1\. Harbourline Toyota Cleveland Sales — Cleveland$/ }))).toBe("false");
  });

  it("a newly added item starts open; the only item of a list is open", () => {
    const { seen } = renderSection("navigation", { navigation: { items: [{ label: "Home", href: "/" }], dealerLinks: [] }, footer: {} });
    expect(expanded(screen.getByRole("button", { name: "1. Home — /" }))).toBe("true");
    const menu = screen.getByText("Menu items").closest("fieldset")!;
    fireEvent.click(within(menu).getAllByRole("button", { name: "Add" }).at(-1)!);
    expect(seen.at(-1).navigation.items).toHaveLength(2);
    expect(expanded(screen.getByRole("button", { name: "2. Menu item (empty)" }))).toBe("true");
    // The first (there when the form was drawn) is still as it was.
    expect(expanded(screen.getByRole("button", { name: "1. Home — /" }))).toBe("true");
  });

  it("a list of single values is one row per value, its buttons beside it, its label still read out", () => {
    renderSection("forms", { forms: harbourline.forms });
    const general = screen.getByDisplayValue("General Enquiry") as HTMLInputElement;
    const row = general.closest<HTMLElement>("[class*=listRow]")!;
    expect(row).not.toBeNull();
    expect(within(row).getAllByRole("button").map((b) => b.textContent)).toEqual(["↑ Up", "↓ Down", "Remove"]);
    expect(general.labels?.[0]?.textContent).toMatch(/^Categor/);
    expect(screen.queryAllByRole("button", { expanded: false }).map((b) => b.textContent)).not.toContain("General Enquiry");
  });

  it("a problem's place opens the items on its way, however deep, and focuses its field", async () => {
    // The stock search link asks the site which makes it has.
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ facets: { make: ["Hyundai"], make_model: ["Hyundai|Tucson"], body: [] }, cars: [] })));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    renderSection("navigation", { navigation: harbourline.navigation, footer: harbourline.footer });
    const range = screen.getByRole("button", { name: "2. Range — /models" });
    expect(expanded(range)).toBe("false");
    act(() => revealField("/navigation/items/1/children/2/href"));
    expect(expanded(range)).toBe("true");
    expect(expanded(screen.getByRole("button", { name: "3. Hyundai Tucson — /search/hyundai/tucson" }))).toBe("true");
    // Only those: the item before it and the menu's other items stay closed.
    expect(expanded(screen.getByRole("button", { name: "2. Mazda CX-5 — /search/mazda/cx-5" }))).toBe("false");
    expect(expanded(screen.getByRole("button", { name: "3. Stock" }))).toBe("false");
    await waitFor(() => expect(document.activeElement?.id).toBe("fc-navigation_navigation_items_1_children_2_href"));
    // Once focused, nothing more is asked for: an item drawn later starts closed again.
    expect(wantedPath()).toBeNull();
  });
});

describe("where a problem's field is", () => {
  it("is its pointer's path in the form that edits it (a page's under \"page\")", () => {
    expect(formPath("/navigation/items/1/children/2/href")).toEqual(["navigation", "items", "1", "children", "2", "href"]);
    expect(formPath("/pages/3/blocks/0/props/a~1b")).toEqual(["page", "blocks", "0", "props", "a/b"]);
    expect(formPath("/layout/top/0")).toEqual(["layout", "top", "0"]);
  });
  it("lies in the items on its way and in no other", () => {
    const wanted = ["locations", "0", "address", "suburb"];
    expect(leadsTo(["locations", 0], wanted)).toBe(true);
    expect(leadsTo(["locations", 0, "address", "suburb"], wanted)).toBe(true);
    expect(leadsTo(["locations", 1], wanted)).toBe(false);
    expect(leadsTo(["locations", 0, "address", "suburb", "x"], wanted)).toBe(false);
    expect(leadsTo(["locations", 0], null)).toBe(false);
  });
});
