import { describe, expect, it } from "vitest";
import validator from "@rjsf/validator-ajv8";
import { getDefaultFormState } from "@rjsf/utils";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import { makeTenant } from "../../tests/fixtures/tenant";
import { blockUiSchema, errorSchemaFor, humanise, pruneUntouchedDefaults, SECTIONS, sectionOf, sectionSchema, sectionUiSchema, uiSchemaFor } from "./sections";
import { blockEditors } from "./blocks.generated";
import { fillGenerated } from "./generated-values";
import { blockCatalogue } from "./block-list.client";

const root = tenantSchema as never as Parameters<typeof sectionSchema>[0];
const section = (id: string) => SECTIONS.find((s) => s.id === id)!;

describe("editor sections", () => {
  it("cover every property of the document exactly once", () => {
    const keys = SECTIONS.flatMap((s) => s.keys).sort();
    expect(keys).toEqual(Object.keys(root.properties).sort());
  });

  it("send each error's pointer to its section and field", () => {
    expect(sectionOf("/theme/colors/primary").id).toBe("theme");
    expect(sectionOf("/template").id).toBe("theme");
    expect(sectionOf("/pages/0/blocks/2/props/html").id).toBe("pages");
    expect(sectionOf("/locations/1/opening_hours/0/close").id).toBe("locations");
    const errors = [
      { pointer: "/theme/colors/primary", message: "low contrast" },
      { pointer: "/theme/colors/primary", message: "second" },
      { pointer: "/pages/0/blocks/1/props/html", message: "must be string" },
      { pointer: "/identity/slug", message: "elsewhere" },
    ];
    expect(errorSchemaFor(errors, section("theme"))).toEqual({ theme: { colors: { primary: { __errors: ["low contrast", "second"] } } } });
    expect(errorSchemaFor(errors, section("pages"))).toEqual({ pages: { 0: { blocks: { 1: { props: { html: { __errors: ["must be string"] } } } } } } });
  });

  it("use the colour picker, the image field, the opening-hours table and the block list where the schema has them", () => {
    const theme = sectionUiSchema(root, section("theme"), "staff") as any;
    expect(theme.theme.colors.primary).toEqual({ "ui:widget": "colour" });
    expect(theme.theme.logo).toEqual({ "ui:field": "image" });
    const pages = sectionUiSchema(root, section("pages"), "staff") as any;
    expect(pages.pages.items.blocks).toMatchObject({ "ui:field": "blockList" });
    expect(pages.layout.top).toMatchObject({ "ui:field": "blockList" });
    const hero = uiSchemaFor(root.definitions.HeroSlidesProps, root.definitions) as any;
    expect(hero.slides.items.image).toMatchObject({ "ui:field": "image" });
    const locations = sectionUiSchema(root, section("locations"), "staff") as any;
    expect(locations.locations.items.opening_hours).toEqual({ "ui:field": "openingHours" });
    expect(locations.locations.items.special_hours?.["ui:field"]).toBeUndefined();
  });

  it("label a property without a title from its name, and leave titled ones alone", () => {
    expect(humanise("average_rating")).toBe("Average rating");
    expect(humanise("leadEmail")).toBe("Lead email");
    expect(humanise("place_url")).toBe("Place URL");
    // Every field of the tenant schema has a title now (schema-wording.test.ts); the names are the fallback.
    const schema = {
      properties: {
        review_count: { type: "integer" },
        id: { type: "integer" },
        special_hours: { type: "array", items: { type: "object", properties: { start_hour: { type: "string" } } } },
        hours: { title: "Opening times", type: "array", items: { $ref: "#/definitions/day" } },
      },
    };
    const ui = uiSchemaFor(schema, { day: { title: "Day", type: "object", properties: { opens: { type: "string" } } } }) as any;
    expect(ui.review_count["ui:title"]).toBe("Review count");
    expect(ui.id["ui:title"]).toBe("ID");
    expect(ui.special_hours).toEqual({ "ui:title": "Special hours", items: { "ui:title": "Special hour", start_hour: { "ui:title": "Start hour" } } });
    expect(ui.hours).toEqual({ items: { opens: { "ui:title": "Opens" } } });
    const theme = sectionUiSchema(root, section("theme"), "staff") as any;
    expect(theme.theme.colors.primary["ui:title"]).toBeUndefined();
  });

  it("lock the slug for everyone and the domains for dealers", () => {
    const staff = sectionUiSchema(root, section("identity"), "staff") as any;
    const dealer = sectionUiSchema(root, section("identity"), "dealer") as any;
    expect(staff.identity.slug["ui:readonly"]).toBe(true);
    expect(staff.identity.domains["ui:readonly"]).toBeUndefined();
    expect(staff.identity.domains.items).toEqual({ "ui:title": "Domain" });
    expect(dealer.identity.domains["ui:readonly"]).toBe(true);
  });

  it("list every block type of the registry with its title and description", () => {
    const catalogue = blockCatalogue(root.definitions as Record<string, any>);
    expect(catalogue.length).toBeGreaterThan(30);
    expect(catalogue.find((c) => c.type === "hero-slides")).toEqual({
      type: "hero-slides", definition: "HeroSlidesBlock", title: "Hero slides",
      description: "A full-width slider of promotional images with a heading, text and a button. Pauses on hover and focus; no motion for visitors who prefer reduced motion.",
      belongs: ["page", "model-detail", "brand-overview"],
    });
    expect(catalogue.every((c) => c.title && c.description)).toBe(true);
  });
});

describe("block editor files (blocks/<type>/editor.ts, collected into admin/editor/blocks.generated.ts)", () => {
  const defs = root.definitions as Record<string, unknown>;

  it("the admin's registry holds the blocks that have one", () => {
    expect(Object.keys(blockEditors).sort()).toEqual(["enquiry-form", "hero-slides", "location-info", "location-list", "locations-carousel", "model-range"]);
  });

  it("a block's ui-schema takes its editor file's widgets and generated ids", () => {
    const info = blockUiSchema(defs, "location-info", "LocationInfoBlock") as any;
    expect(info.location["ui:widget"]).toBe("location");
    const carousel = blockUiSchema(defs, "locations-carousel", "LocationsCarouselBlock") as any;
    expect(carousel.slugs).toMatchObject({ "ui:widget": "locations", "ui:options": { label: false } });
    expect(carousel.order.items["ui:widget"]).toBe("location");
    const slides = blockUiSchema(defs, "hero-slides", "HeroSlidesBlock") as any;
    expect(slides.slides.items.id).toMatchObject({ "ui:widget": "hidden", "ui:options": { generate: { from: "name", prefix: "slide" } } });
    // A block without an editor file gets only what its schema says.
    expect((blockUiSchema(defs, "rich-text", "RichTextBlock") as any).width?.["ui:widget"]).toBeUndefined();
  });

  it("fills a new slide's id from its name inside a page's block list", () => {
    const ui = { blocks: { "ui:field": "blockList" } };
    const next = { blocks: [{ id: "hero", type: "hero-slides", props: { slides: [{ name: "Spring Sale" }] } }] };
    const out = fillGenerated(next, next, { blocks: [] }, ui as never) as any;
    expect(out.blocks[0].props.slides[0].id).toBe("spring-sale");
  });
});

describe("pruneUntouchedDefaults", () => {
  it("drops what the form filled in from defaults, keeps what the person changed", () => {
    const doc = makeTenant("alpha") as unknown as Record<string, unknown>;
    const s = section("features");
    const schema = sectionSchema(root, s);
    const base = { features: doc.features };
    const filled = getDefaultFormState(validator, schema, base, schema) as any;
    expect(filled.features.compare).toBe(true); // the form shows the default…
    expect(pruneUntouchedDefaults(filled, base, filled)).toEqual({ features: {} }); // …but the draft does not take it
    const edited = structuredClone(filled);
    edited.features.compare = false;
    edited.features.tradeIn.enabled = false;
    expect(pruneUntouchedDefaults(edited, base, filled)).toEqual({ features: { compare: false, tradeIn: { enabled: false } } });
  });
  it("keeps values that were in the draft even when they equal the default, and new list items whole", () => {
    const base = { features: { compare: true }, list: [{ a: 1 }] };
    const filled = { features: { compare: true, favourites: true }, list: [{ a: 1, b: 2 }] };
    const next = { features: { compare: true, favourites: true }, list: [{ a: 1, b: 2 }, { a: 5, b: 2 }] };
    expect(pruneUntouchedDefaults(next, base, filled)).toEqual({ features: { compare: true }, list: [{ a: 1 }, { a: 5, b: 2 }] });
  });
});
