// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { useState } from "react";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { TenantError } from "../../domain/tenant-validation";
import type { Doc } from "./use-draft";
import { previewPages } from "./preview-pane";
import { useSectionForm } from "./use-section-form";

// The editor's form over the draft: which part of the document the form shows, and how its changes,
// added and deleted pages land in the draft (the real RJSF schemas from the generated tenant schema).

const harbourline: Doc = JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
const pages = harbourline.pages as Doc[];
afterEach(cleanup);

function open(errors: TenantError[] = []) {
  return renderHook(() => {
    const [doc, setDoc] = useState<Doc>(harbourline);
    return { doc, form: useSectionForm(doc, setDoc, errors, "staff") };
  });
}

describe("useSectionForm", () => {
  it("opens on Identity; a change of the form is written into the draft, and what the form reports is what it shows", () => {
    const { result } = open();
    expect(result.current.form.section.id).toBe("identity");
    const shown = result.current.form.form.formData as { identity: Doc };
    expect(shown.identity).toEqual(harbourline.identity);
    const changed = { identity: { ...shown.identity, name: "Harbourline Motors" } };
    act(() => result.current.form.form.onChange(changed));
    expect((result.current.doc.identity as Doc).name).toBe("Harbourline Motors");
    expect(result.current.form.form.formData).toBe(changed);
    expect(result.current.doc.pages).toBe(harbourline.pages);
  });

  it("in Pages edits one page at a time: add a page (it opens), delete it (the one before opens), or the layout", () => {
    const { result } = open();
    act(() => result.current.form.setSectionId("pages"));
    expect(result.current.form.form.formData).toEqual({ page: pages[0] });
    const key = result.current.form.form.key;

    act(() => result.current.form.addPage());
    const added = (result.current.doc.pages as Doc[]).at(-1)!;
    expect(result.current.doc.pages).toHaveLength(pages.length + 1);
    expect(added).toMatchObject({ title: "New page", blocks: [], path: `/${added.id}` });
    expect(added.id).toMatch(/^page-[a-z0-9]{1,4}$/);
    expect(result.current.form.pageIndex).toBe(pages.length);
    expect(result.current.form.form.formData).toEqual({ page: added });
    expect(result.current.form.form.key).not.toBe(key);

    act(() => result.current.form.deletePage());
    expect(result.current.doc.pages).toEqual(pages);
    expect(result.current.form.pageIndex).toBe(pages.length - 1);

    act(() => result.current.form.choosePage("layout"));
    expect(result.current.form.onPage).toBe(false);
    expect(result.current.form.form.formData).toEqual({ layout: harbourline.layout });
    // Nothing to delete on the layout.
    act(() => result.current.form.deletePage());
    expect(result.current.doc.pages).toEqual(pages);
  });

  it("a page's form writes back into that page only", () => {
    const { result } = open();
    act(() => result.current.form.setSectionId("pages"));
    act(() => result.current.form.choosePage(2));
    const page = { ...pages[2], title: "About" };
    act(() => result.current.form.form.onChange({ page }));
    expect((result.current.doc.pages as Doc[])[2]).toEqual(page);
    expect((result.current.doc.pages as Doc[]).filter((_, i) => i !== 2)).toEqual(pages.filter((_, i) => i !== 2));
  });

  it("an error's path opens its section and page, and the error shows at its field there", () => {
    const { result } = open([{ pointer: "/pages/3/title", message: "Too long." }, { pointer: "/theme/primary", message: "Not a colour." }]);
    act(() => result.current.form.goTo("/pages/3/title"));
    expect(result.current.form.section.id).toBe("pages");
    expect(result.current.form.pageIndex).toBe(3);
    expect(result.current.form.form.extraErrors).toEqual({ page: { title: { __errors: ["Too long."] } } });
    act(() => result.current.form.goTo("/theme/primary"));
    expect(result.current.form.section.id).toBe("theme");
    expect(result.current.form.form.extraErrors).toEqual({ theme: { primary: { __errors: ["Not a colour."] } } });
  });
});

describe("previewPages", () => {
  it("lists each path once, and a page of each template when there is something to show", () => {
    const list = previewPages(
      [{ path: "/", title: "Home" }, { path: "/", title: "Again" }, { template: "search", title: "Search" }, { template: "vehicle-detail", title: "Car" }, { template: "location-detail" }],
      "2019-mazda-cx-5-abc",
      "harbourline-mazda",
    );
    expect(list).toEqual([
      { path: "/", title: "Home" },
      { path: "/search", title: "Search" },
      { path: "/cars/2019-mazda-cx-5-abc", title: "Car: a car" },
      { path: "/locations/harbourline-mazda", title: "Page: first location" },
    ]);
    expect(previewPages([{ template: "vehicle-detail", title: "Car" }, { template: "location-detail" }], null)).toEqual([]);
  });
});
