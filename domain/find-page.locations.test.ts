import { describe, expect, it } from "vitest";
import { validateTenant } from "./tenant-validation";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import { findPage, locationPageText, pageLocations } from "./find-page";
import type { TenantDocument } from "../schemas/generated/tenant";

function site(): TenantDocument {
  const t = structuredClone(fixtureTenant);
  t.locations[0].name = "Harbourside Newstead Sales";
  t.locations[1].name = "Harbourside Newstead Service";
  t.pages.push(
    { id: "location-detail", title: "Location", template: "location-detail", blocks: [] },
    { id: "location-contact", title: "Contact us", template: "contact-us", blocks: [] },
  );
  const v = validateTenant(t);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.document;
}

describe("location pages (leads §2 routes)", () => {
  it("/locations/{slug} by the location's slug or its dealership's; hidden, nameless and unknown slugs are no page", () => {
    const doc = site();
    expect(findPage(doc, "/locations/newstead")?.id).toBe("location-detail");
    expect(pageLocations(doc, "/locations/newstead").map((l) => l.id)).toEqual([11]);
    // The dealership's slug: its primary shown location.
    expect(pageLocations(doc, "/locations/harbourside-motors").map((l) => l.id)).toEqual([11]);
    expect(findPage(doc, "/locations/harbourside-motors")?.id).toBe("location-detail");
    expect(findPage(doc, "/locations/storage-yard")).toBeNull();
    expect(findPage(doc, "/locations/nowhere")).toBeNull();
    doc.locations[0].name = " ";
    expect(findPage(doc, "/locations/newstead")).toBeNull();
  });

  it("/contact-us/{slug}: the departments whose name without Sales, Service or Parts has that slug", () => {
    const doc = site();
    expect(findPage(doc, "/contact-us/harbourside-newstead")?.id).toBe("location-contact");
    expect(pageLocations(doc, "/contact-us/harbourside-newstead").map((l) => l.name)).toEqual(["Harbourside Newstead Sales", "Harbourside Newstead Service"]);
    expect(findPage(doc, "/contact-us/harbourside-newstead-sales")).toBeNull();
    expect(findPage(doc, "/contact-us/nowhere")).toBeNull();
    expect(pageLocations(doc, "/contact-us/harbourside-newstead/more")).toEqual([]);
    expect(pageLocations(doc, "/about-us")).toEqual([]);
  });

  it("a site without the template page has no such pages", () => {
    const doc = site();
    doc.pages = doc.pages.filter((p) => p.template !== "contact-us") as TenantDocument["pages"];
    expect(findPage(doc, "/contact-us/harbourside-newstead")).toBeNull();
  });

  it("titles and describes a location page by its location", () => {
    const doc = site();
    const detail = findPage(doc, "/locations/newstead")!;
    expect(locationPageText(doc, detail, "/locations/newstead")).toEqual({
      title: "Harbourside Newstead Sales",
      description: "Harbourside Newstead Sales, 1 Wharf St, Newstead QLD 4006: opening hours, holiday hours, phone and directions.",
    });
    const contact = findPage(doc, "/contact-us/harbourside-newstead")!;
    expect(locationPageText(doc, contact, "/contact-us/harbourside-newstead")).toEqual({
      title: "Contact Harbourside Newstead",
      description: "Contact Harbourside Newstead: Harbourside Newstead Sales, Harbourside Newstead Service. Opening hours, phone numbers, addresses and directions.",
    });
    expect(locationPageText(doc, doc.pages[0], "/")).toBeNull();
  });
});
