// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { useState } from "react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import type { Editor } from "@tiptap/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import { sanitizeRichText } from "../../blocks/rich-text/sanitize";
import { LinkPicker } from "./link-picker.client";
import { linkKind, searchLink, type LinkContext } from "./links";
import RichTextEditor from "./rich-text-editor.client";
import { editableAsRichText } from "./rich-text.client";
import { BlockListField } from "./block-list.client";
import { pageFormSchema, pageUiSchema, SECTIONS, sectionSchema, sectionUiSchema } from "./sections";
import { fillGenerated } from "./generated-values";
import { editorFields, editorTemplates, editorWidgets } from "./widgets.client";

// The editor's widgets as a person uses them: the link picker, the rich-text editor, the Advanced
// disclosure, generated ids, and the blocks offered per page (real schemas, real RJSF, happy-dom).

const harbourline = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
const root = tenantSchema as never as Parameters<typeof sectionSchema>[0];
const context: LinkContext = { slug: "harbourline", doc: harbourline };
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A controlled picker whose stored value the test reads. */
function Picker({ initial, onValue }: { initial: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <LinkPicker
      id="link" label="Goes to" value={value} context={context}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

const stock = {
  facets: { make: ["Mazda", "Toyota"], make_model: ["Mazda > CX-5", "Toyota > Corolla", "Toyota > HiLux"], body: ["SUV", "Ute"] },
  cars: [] as { slug: string; stocknum: string; title: string }[],
};

describe("the link picker", () => {
  it("knows what a stored link is", () => {
    const pages = ["/", "/about-us"];
    expect(["/about-us", "/search/used-cars/toyota", "/cars/2022-toyota-hilux-al100", "tel:0730001234", "https://example.com", "#finance", "mailto:a@b.co", ""].map((v) => linkKind(v, pages))).toEqual([
      "page", "search", "car", "phone", "url", "other", "other", "page",
    ]);
  });

  it("links to a page of the site chosen by its title", () => {
    const values: string[] = [];
    render(<Picker initial="/" onValue={(v) => values.push(v)} />);
    const about = harbourline.pages.find((p: { path?: string }) => p.path === "/about-us");
    fireEvent.change(screen.getByLabelText("Page"), { target: { value: "/about-us" } });
    expect(values).toEqual(["/about-us"]);
    expect(screen.getByRole("option", { name: `${about.title} (/about-us)` })).toBeTruthy();
  });

  it("makes a tel: link from a phone number and refuses words, with a plain message", () => {
    const values: string[] = [];
    render(<Picker initial="/" onValue={(v) => values.push(v)} />);
    fireEvent.change(screen.getByLabelText("Goes to"), { target: { value: "phone" } });
    const phone = screen.getByLabelText("Phone number");
    fireEvent.change(phone, { target: { value: "call us" } });
    expect(screen.getByText("The phone number must be digits (spaces, brackets and a leading + are fine), like 07 3000 1234.")).toBeTruthy();
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(phone, { target: { value: "07 3000 1234" } });
    expect(values).toEqual(["tel:0730001234"]);
  });

  it("takes only a full web address", () => {
    const values: string[] = [];
    render(<Picker initial="/" onValue={(v) => values.push(v)} />);
    fireEvent.change(screen.getByLabelText("Goes to"), { target: { value: "url" } });
    const url = screen.getByLabelText("Web address");
    for (const bad of ["www.example.com", "javascript:alert(1)", "https://localhost"]) fireEvent.change(url, { target: { value: bad } });
    expect(values).toEqual([]);
    expect(screen.getByText(/^The web address must be a full address starting with https:\/\//)).toBeTruthy();
    fireEvent.change(url, { target: { value: "https://www.example.com.au/finance" } });
    expect(values).toEqual(["https://www.example.com.au/finance"]);
  });

  it("builds a search link from the stock's make, model and body, and reads one back", async () => {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => (fetched.push(url), new Response(JSON.stringify(stock), { status: 200 })));
    const values: string[] = [];
    render(<Picker initial="/search/used-cars/mazda" onValue={(v) => values.push(v)} />);
    const make = (await screen.findByLabelText("Make")) as HTMLSelectElement;
    expect(fetched).toEqual(["/api/admin/tenants/harbourline/stock"]);
    expect([make.value, (screen.getByLabelText("Car type") as HTMLSelectElement).value]).toEqual(["Mazda", "used"]);
    fireEvent.change(make, { target: { value: "Toyota" } });
    fireEvent.change(screen.getByLabelText("Model"), { target: { value: "HiLux" } });
    fireEvent.change(screen.getByLabelText("Car type"), { target: { value: "" } });
    expect(values).toEqual(["/search/used-cars/toyota", "/search/used-cars/toyota/hilux", "/search/toyota/hilux"]);
    expect(screen.getByText("Goes to /search/toyota/hilux")).toBeTruthy();
    expect(searchLink({ carType: "", make: "", model: "", body: "Ute" }, { joinNewAndDemo: false, carTypes: ["used"] })).toBe("/search/ute-cars");
  });

  it("finds a car by stock number and links to its page", async () => {
    vi.stubGlobal("fetch", async (url: string) =>
      new Response(JSON.stringify({ ...stock, cars: url.includes("q=AL1") ? [{ slug: "2022-toyota-hilux-al100", stocknum: "AL100", title: "2022 Toyota HiLux SR5" }] : [] })),
    );
    const values: string[] = [];
    render(<Picker initial="/" onValue={(v) => values.push(v)} />);
    fireEvent.change(screen.getByLabelText("Goes to"), { target: { value: "car" } });
    fireEvent.change(screen.getByLabelText("Stock number or name"), { target: { value: "AL1" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    fireEvent.click(await screen.findByRole("button", { name: "2022 Toyota HiLux SR5 · AL100" }));
    expect(values).toEqual(["/cars/2022-toyota-hilux-al100"]);
    fireEvent.change(screen.getByLabelText("Stock number or name"), { target: { value: "zzz" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(await screen.findByText("No car in stock matches “zzz”.")).toBeTruthy();
  });
});

describe("the rich-text editor", () => {
  const editorOf = async () => {
    const box = await screen.findByRole("textbox", { name: "Text" });
    await waitFor(() => expect((box as unknown as { editor?: Editor }).editor).toBeTruthy());
    return { box, editor: (box as unknown as { editor: Editor }).editor };
  };

  it("writes bold text and a link picked from the site's pages, as HTML the sanitiser keeps whole", async () => {
    const values: string[] = [];
    render(<RichTextEditor id="about" label="Text" value="<p>Visit our finance team</p>" context={context} onChange={(v) => values.push(v)} />);
    const { editor } = await editorOf();
    const toolbar = screen.getByRole("toolbar", { name: "Text: formatting" });
    expect(within(toolbar).getAllByRole("button").map((b) => b.textContent)).toEqual(["Heading", "Subheading", "Bold", "Italic", "Bulleted list", "Numbered list", "Link"]);

    act(() => void editor.commands.setTextSelection({ from: 1, to: 6 }));
    fireEvent.click(within(toolbar).getByRole("button", { name: "Bold" }));
    await waitFor(() => expect(within(toolbar).getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true"));

    act(() => void editor.commands.setTextSelection({ from: 11, to: 24 }));
    fireEvent.click(within(toolbar).getByRole("button", { name: "Link" }));
    fireEvent.change(screen.getByLabelText("Page"), { target: { value: "/about-us" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply link" }));
    const html = values.at(-1)!;
    expect(html).toBe('<p><strong>Visit</strong> our <a href="/about-us">finance team</a></p>');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("has a toolbar the arrow keys move through, with one tab stop", async () => {
    render(<RichTextEditor id="about" label="Text" value="" context={context} onChange={() => {}} />);
    await editorOf();
    const buttons = within(screen.getByRole("toolbar")).getAllByRole("button");
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    buttons[0].focus();
    fireEvent.keyDown(buttons[0], { key: "ArrowRight" });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1], { key: "End" });
    expect(document.activeElement).toBe(buttons[6]);
    fireEvent.keyDown(buttons[6], { key: "ArrowRight" });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it("edits text it cannot show (a table) as HTML instead, so nothing stored is lost", () => {
    expect(editableAsRichText('<h3>Hours</h3><p>Open <strong>today</strong> <a href="/x">here</a></p><ul><li>a</li></ul>')).toBe(true);
    expect(editableAsRichText("<table><tr><td>Mon</td></tr></table>")).toBe(false);
  });
});

describe("the editor's forms", () => {
  const section = (id: string) => SECTIONS.find((s) => s.id === id)!;

  it("shows sort choices in words, multi-choices as checkboxes, and search ranking behind a closed Advanced", () => {
    const s = section("search");
    render(
      <Form
        schema={sectionSchema(root, s)} uiSchema={sectionUiSchema(root, s, "staff")} formData={{ search: harbourline.search }} validator={validator}
        fields={editorFields} widgets={editorWidgets} templates={editorTemplates} formContext={context} idPrefix="fc-search"
      >
        <></>
      </Form>,
    );
    const advanced = screen.getAllByText("Advanced")[0].closest("details")!;
    expect(advanced.open).toBe(false);
    expect(within(advanced).getAllByText("Cached result pages in the browser").length).toBeGreaterThan(0);
    // A list's items are one line each until opened (array-item.client.tsx).
    for (const item of within(advanced).getAllByRole("button", { expanded: false })) fireEvent.click(item);
    const sortBy = within(advanced).getAllByLabelText("Sort by")[0] as HTMLSelectElement;
    expect([...sortBy.options].map((o) => o.text)).toEqual(expect.arrayContaining(["Price", "Date listed", "Odometer (km)", "Dealer's own order"]));
    const carTypes = [...advanced.querySelectorAll<HTMLInputElement>('input[type="checkbox"][id*="carTypeOptions"]')];
    expect(carTypes.map((c) => c.closest("label")!.textContent)).toEqual(["All", "New", "New & demo", "Used", "Demo"]);
    expect(carTypes.filter((c) => c.checked).map((c) => c.closest("label")!.textContent)).toEqual(
      (harbourline.search.carTypeOptions as string[] | undefined)?.map((v) => ({ all: "All", new: "New", "new-demo": "New & demo", used: "Used", demo: "Demo" })[v]) ?? expect.any(Array),
    );
  });

  it("hides generated ids; a new location's slug follows its name, a saved one never changes", () => {
    const ui = sectionUiSchema(root, section("locations"), "staff") as any;
    expect(ui.locations.items.slug["ui:widget"]).toBe("hidden");
    const base = { locations: harbourline.locations };
    const saved = harbourline.locations[0];
    const added = { name: "" };
    let data = fillGenerated({ locations: [...base.locations, added] }, base, base, ui) as { locations: { slug: string; name: string }[] };
    expect(data.locations.at(-1)!.slug).toMatch(/^location-\d{6}$/);
    for (const name of ["H", "Hobart Utes", "Hobart Utes & 4x4"]) {
      const prev = data;
      const typed = { locations: data.locations.map((l, i) => (i === data.locations.length - 1 ? { ...l, name } : l)) };
      data = fillGenerated(typed, prev, base, ui) as typeof data;
    }
    expect(data.locations.at(-1)!.slug).toBe("hobart-utes-4x4");
    // Renaming a saved location keeps its slug (its page address).
    const renamed = { locations: data.locations.map((l, i) => (i === 0 ? { ...l, name: "Somewhere else" } : l)) };
    expect((fillGenerated(renamed, data, base, ui) as typeof data).locations[0].slug).toBe(saved.slug);
  });

  it("proposes a new page's path from its title, never a template page's", () => {
    const ui = pageUiSchema(root) as any;
    expect(ui.page.id["ui:widget"]).toBe("hidden");
    const page = { id: "page-123456", path: "/page-123456", title: "New page", blocks: [] };
    const base = { page };
    const typed = fillGenerated({ page: { ...page, title: "Trade-in" } }, base, base, ui) as { page: typeof page };
    expect(typed.page.path).toBe("/trade-in");
    const more = fillGenerated({ page: { ...typed.page, title: "Trade-in offers" } }, typed, base, ui) as { page: typeof page };
    expect(more.page.path).toBe("/trade-in-offers");
    const about = harbourline.pages.find((p: { path?: string }) => p.path === "/about-us");
    expect((fillGenerated({ page: { ...about, title: "About" } }, { page: about }, { page: about }, ui) as { page: typeof page }).page.path).toBe("/about-us");
    const template = { id: "car", template: "vehicle-detail", title: "Car", blocks: [] };
    expect((fillGenerated({ page: { ...template, title: "Car page" } }, { page: template }, { page: template }, ui) as { page: Record<string, unknown> }).page).not.toHaveProperty("path");
  });

  it("a hero slide's id is hidden and made from its heading while the slide is new; a saved slide keeps its id", () => {
    const ui = pageUiSchema(root);
    const home = harbourline.pages.find((p: { path?: string }) => p.path === "/");
    const hero = home.blocks.find((b: { type: string }) => b.type === "hero-slides");
    const base = { page: home };
    const withSlides = (slides: unknown[]) => ({ page: { ...home, blocks: home.blocks.map((b: { id: string }) => (b.id === hero.id ? { ...hero, props: { ...hero.props, slides } } : b)) } });
    const slidesOf = (data: unknown) => (data as { page: { blocks: { id: string; props: { slides: { id: string; name: string }[] } }[] } }).page.blocks.find((b) => b.id === hero.id)!.props.slides;
    const saved = hero.props.slides[0];
    let data = fillGenerated(withSlides([...hero.props.slides, { image: saved.image }]), base, base, ui);
    expect(slidesOf(data).at(-1)!.id).toMatch(/^slide-\d{6}$/);
    for (const name of ["S", "Spring sale"]) {
      const prev = data;
      data = fillGenerated(withSlides(slidesOf(data).map((sl, i, all) => (i === all.length - 1 ? { ...sl, name } : sl))), prev, base, ui);
    }
    expect(slidesOf(data).at(-1)!.id).toBe("spring-sale");
    const renamed = fillGenerated(withSlides(slidesOf(data).map((sl, i) => (i === 0 ? { ...sl, name: "Another heading" } : sl))), data, base, ui);
    expect(slidesOf(renamed)[0].id).toBe(saved.id);
    // Nothing to fill in: the same object (the form compares by identity).
    expect(fillGenerated(base, base, base, ui)).toBe(base);

    render(
      <Form
        schema={pageFormSchema(root)} uiSchema={ui} formData={{ page: home }} validator={validator}
        fields={{ ...editorFields, blockList: BlockListField }} widgets={editorWidgets} templates={editorTemplates} formContext={{ ...context, template: undefined }}
      >
        <></>
      </Form>,
    );
    fireEvent.click(screen.getByRole("button", { name: /^\d+\. Hero slides$/ }));
    const slides = document.querySelector<HTMLElement>('[data-block-type="hero-slides"]')!;
    for (const slide of within(slides).getAllByRole("button", { expanded: false, name: /^\d+\. / })) fireEvent.click(slide);
    expect(screen.getAllByLabelText(/^Heading/).length).toBe(hero.props.slides.length);
    expect(screen.queryByLabelText(/Slide id/)).toBeNull();
  });

  it("a block naming locations picks them from the draft's locations by name and stores their slugs", () => {
    const page = {
      id: "p", path: "/p", title: "P",
      blocks: [
        { id: "info", type: "location-info", props: {} },
        { id: "row", type: "locations-carousel", props: { title: "Our Locations", order: ["harbourline-southport-parts"] } },
      ],
    };
    const seen: any[] = [];
    render(
      <Form
        schema={pageFormSchema(root)} uiSchema={pageUiSchema(root)} formData={{ page }} validator={validator} onChange={(e) => seen.push(e.formData)}
        fields={{ ...editorFields, blockList: BlockListField }} widgets={editorWidgets} templates={editorTemplates} formContext={{ ...context, template: undefined }}
      >
        <></>
      </Form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "1. Location info" }));
    const select = screen.getByLabelText("Location") as HTMLSelectElement;
    expect([...select.options].map((o) => o.text).slice(0, 3)).toEqual(["The page's location (or the main one)", "Harbourline Toyota Cleveland Sales", "Harbourline Toyota Cleveland Service"]);
    fireEvent.change(select, { target: { value: "harbourline-mazda-capalaba-sales" } });
    expect(seen.at(-1).page.blocks[0].props).toEqual({ location: "harbourline-mazda-capalaba-sales" });

    fireEvent.click(screen.getByRole("button", { name: "2. Our Locations carousel" }));
    const only = screen.getByRole("group", { name: "Only these locations" });
    expect(within(only).getAllByRole("checkbox")).toHaveLength(harbourline.locations.length);
    fireEvent.click(within(only).getByLabelText("Harbourline Southport Parts"));
    fireEvent.click(within(only).getByLabelText("Harbourline Toyota Cleveland Sales"));
    // In the site's order, whatever the order of ticking.
    expect(seen.at(-1).page.blocks[1].props.slugs).toEqual(["harbourline-toyota-cleveland-sales", "harbourline-southport-parts"]);
    // The custom order: a list of selects by name.
    const order = screen.getAllByRole("combobox").filter((el) => (el as HTMLSelectElement).value === "harbourline-southport-parts");
    expect(order).toHaveLength(1);
    expect((order[0] as HTMLSelectElement).selectedOptions[0].text).toBe("Harbourline Southport Parts");
  });
});
