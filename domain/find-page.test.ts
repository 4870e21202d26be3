import { describe, expect, it } from "vitest";
import { validateTenant } from "./tenant-validation";
import { makeTenant } from "../tests/fixtures/tenant";
import { BUILT_IN_PAGES, findPage, isAliasPath, modelPageText } from "./find-page";
import type { TenantDocument } from "../schemas/generated/tenant";

const resolved = (d: TenantDocument) => {
  const v = validateTenant(d);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.document;
};

describe("built-in pages", () => {
  it("every site has /success (leads §2), with the lead-success block, unless it has its own page there", () => {
    const plain = resolved(makeTenant("alpha"));
    const page = findPage(plain, "/success");
    expect(page).toEqual(BUILT_IN_PAGES[0]);
    expect(page?.blocks.map((b) => b.type)).toEqual(["lead-success"]);
    // The built-in page is itself a valid page of a tenant document.
    const withIt = makeTenant("beta");
    withIt.pages.push(structuredClone(BUILT_IN_PAGES[0]));
    expect(validateTenant(withIt).ok).toBe(true);
    const own = makeTenant("gamma");
    own.pages.push({ id: "thanks", path: "/success", title: "Cheers", blocks: [] });
    expect(findPage(resolved(own), "/success")?.id).toBe("thanks");
    expect(findPage(plain, "/success/more")).toBeNull();
  });
});

describe("/book-a-service (leads §2 routes)", () => {
  it("serves the site's service page (its first page with the booking block), and nothing on a site without one", () => {
    const t = makeTenant("delta");
    expect(findPage(resolved(t), "/book-a-service")).toBeNull();
    t.pages.push({ id: "svc", path: "/car-service", title: "Service", blocks: [{ id: "book", type: "service-booking", props: { title: "Book a Service", anchor: "service-form" } }] });
    expect(findPage(resolved(t), "/book-a-service")?.id).toBe("svc");
    expect(isAliasPath("/book-a-service")).toBe(true);
    // A page of its own at the path wins.
    t.pages.push({ id: "own", path: "/book-a-service", title: "Book", blocks: [] });
    expect(findPage(resolved(t), "/book-a-service")?.id).toBe("own");
  });
});

describe("/offers (leads §2 routes: /offers, /special-offers)", () => {
  it("serves the site's offers page, and nothing on a site without one", () => {
    const t = makeTenant("epsilon");
    expect(findPage(resolved(t), "/offers")).toBeNull();
    t.pages.push({ id: "deals", path: "/special-offers", title: "Special Offers", blocks: [{ id: "offers", type: "offers-search", props: { heading: "Latest Offers", showFilters: true } }] });
    expect(findPage(resolved(t), "/offers")?.id).toBe("deals");
    expect(isAliasPath("/offers")).toBe(true);
    t.pages.push({ id: "own", path: "/offers", title: "Offers", blocks: [] });
    expect(findPage(resolved(t), "/offers")?.id).toBe("own");
  });
});

describe("model and brand pages (leads §2 routes: /{model slug}, /{brand}/overview)", () => {
  const withRange = () => {
    const t = makeTenant("zeta");
    t.models = [
      { id: "cx-5", name: "CX-5", make: "Mazda", slug: "cx-5", status: "current", bodies: ["suv"] },
      { id: "mx-5", name: "MX-5", make: "Mazda", slug: "mx-5", status: "current", bodies: [], overrideUrl: "https://www.mazda.com.au/cars/mx-5/" },
    ];
    return t;
  };

  it("serve a model's and a make's template page where the site has one", () => {
    const t = withRange();
    expect(findPage(resolved(t), "/cx-5")).toBeNull();
    t.pages.push({ id: "model", template: "model-detail", title: "Model", blocks: [] }, { id: "brand", template: "brand-overview", title: "Brand", blocks: [] });
    const doc = resolved(t);
    expect(findPage(doc, "/cx-5")?.id).toBe("model");
    expect(findPage(doc, "/mazda/overview")?.id).toBe("brand");
    // A model that links elsewhere has no page here; nor does a make the range lacks, or an unknown slug.
    expect(findPage(doc, "/mx-5")).toBeNull();
    expect(findPage(doc, "/toyota/overview")).toBeNull();
    expect(findPage(doc, "/cx-9")).toBeNull();
    expect(modelPageText(doc, findPage(doc, "/cx-5")!, "/cx-5")?.title).toBe("Mazda CX-5");
    expect(modelPageText(doc, findPage(doc, "/mazda/overview")!, "/mazda/overview")?.title).toBe("Mazda Range");
  });

  it("a model's page address may not be a page of the site", () => {
    const t = withRange();
    t.pages.push({ id: "cx5-page", path: "/cx-5", title: "CX-5", blocks: [] });
    const v = validateTenant(t);
    expect(v.ok).toBe(false);
    expect(!v.ok && v.errors).toContainEqual({ pointer: "/models/0/slug", message: 'the model page address "/cx-5" is already a page of the site; choose another' });
    const dup = withRange();
    dup.models[1] = { ...dup.models[1], id: "cx-5b", slug: "cx-5" };
    expect(!validateTenant(dup).ok).toBe(true);
  });
});
