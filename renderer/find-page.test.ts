import { describe, expect, it } from "vitest";
import { validateTenant } from "../domain/tenant-validation";
import { makeTenant } from "../tests/fixtures/tenant";
import { BUILT_IN_PAGES, findPage, isAliasPath } from "./find-page";
import type { TenantDocument } from "./types";

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
