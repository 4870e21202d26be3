// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import { afterEach, describe, expect, it } from "vitest";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import { blockRegistry } from "../../renderer/registry.generated";
import { blockCatalogue, BlockListField, offeredBlocks, placesOf } from "./block-list.client";
import { pageFormSchema, pageUiSchema, SECTIONS, sectionSchema, sectionUiSchema } from "./sections";
import { editorFields, editorTemplates, editorWidgets } from "./widgets.client";

// "Add a block" offers only the blocks that belong where the list is, as each block's folder declares
// (blocks/<type>/block.ts `belongs`, copied into the tenant schema by the generator).

const root = tenantSchema as never as Parameters<typeof sectionSchema>[0];
const catalogue = blockCatalogue(root.definitions as Record<string, any>);
const titles = (places: string[]) => offeredBlocks(catalogue, places).map((c) => c.title);
afterEach(cleanup);

/** The "Add …" buttons a person sees after opening "Add a block" in a page's (or the layout's) block list. */
function offeredOnScreen(formContext: Record<string, unknown>, layout = false): string[] {
  const fields = { ...editorFields, blockList: BlockListField };
  const section = SECTIONS.find((s) => s.id === "pages")!;
  const form = layout ? (
    <Form
      schema={sectionSchema(root, { ...section, keys: ["layout"] })} uiSchema={sectionUiSchema(root, { ...section, keys: ["layout"] }, "staff")}
      formData={{ layout: { top: [], bottom: [] } }} validator={validator} fields={fields} widgets={editorWidgets} templates={editorTemplates} formContext={formContext}
    >
      <></>
    </Form>
  ) : (
    <Form
      schema={pageFormSchema(root)} uiSchema={pageUiSchema(root)} formData={{ page: { id: "p", path: formContext.pagePath, title: "P", blocks: [] } }}
      validator={validator} fields={fields} widgets={editorWidgets} templates={editorTemplates} formContext={formContext}
    >
      <></>
    </Form>
  );
  const { unmount } = render(form);
  fireEvent.click(screen.getAllByRole("button", { name: "Add a block" })[0]);
  const names = screen.getAllByRole("button", { name: /^Add (?!a block)/ }).map((b) => b.getAttribute("aria-label")!.replace(/^Add /, ""));
  unmount();
  return names;
}

describe("the blocks Add a block offers", () => {
  it("every block type says where it belongs, in its own definition", () => {
    for (const [type, definition] of Object.entries(blockRegistry)) {
      expect(definition.belongs.length, type).toBeGreaterThan(0);
      expect(catalogue.find((c) => c.type === type)?.belongs, type).toEqual(definition.belongs);
    }
  });

  it("an About page is offered no site header, footer, lead sent, search results, sign-in, model heading or car-page block", () => {
    const about = offeredOnScreen({ template: undefined, pagePath: "/about-us" });
    for (const title of ["Site header", "Site footer", "Lead sent", "Search results", "Sign in", "Model page heading", "Vehicle image gallery", "Vehicle summary"]) {
      expect(about).not.toContain(title);
    }
    expect(about).toEqual(expect.arrayContaining(["Rich text", "Enquiry form", "Hero slides", "Features", "Location list"]));
    // Alphabetical, as the catalogue is.
    expect(about).toEqual([...about].sort((a, b) => a.localeCompare(b)));
  });

  it("the page at an address gets its own block; template pages theirs", () => {
    expect(offeredOnScreen({ pagePath: "/success" })).toContain("Lead sent");
    expect(offeredOnScreen({ pagePath: "/sign-in" })).toContain("Sign in");
    const car = offeredOnScreen({ template: "vehicle-detail" });
    expect(car).toEqual(expect.arrayContaining(["Vehicle image gallery", "Vehicle summary", "Finance calculator", "Similar cars", "Rich text"]));
    expect(car).not.toContain("Search results");
    expect(car).not.toContain("Site header");
    expect(titles(placesOf({ template: "search" }, "blocks"))).toContain("Search results");
    expect(titles(placesOf({ template: "model-detail" }, "blocks"))).toContain("Model page heading");
    expect(titles(placesOf({ template: "model-detail" }, "blocks"))).not.toContain("Search results");
  });

  it("the layout's top offers the header, its bottom the footer, neither a page's own blocks", () => {
    expect(placesOf({ template: "layout" }, "top")).toEqual(["layout-top"]);
    expect(placesOf({ template: "layout" }, "bottom")).toEqual(["layout-bottom"]);
    const [top, bottom] = [titles(["layout-top"]), titles(["layout-bottom"])];
    expect(top).toContain("Site header");
    expect(top).toContain("Announcement bar");
    expect(top).not.toContain("Site footer");
    expect(bottom).toContain("Site footer");
    expect(bottom).not.toContain("Site header");
    for (const list of [top, bottom]) expect(list).not.toContain("Enquiry form");
    // On screen: the layout form's first list is the top of every page.
    const shown = offeredOnScreen({ template: "layout" }, true);
    expect(shown).toContain("Site header");
    expect(shown).not.toContain("Site footer");
  });
});
