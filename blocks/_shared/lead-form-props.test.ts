import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { leadFormProps } from "./lead-form-props";

function site(selects: boolean): TenantDocument {
  const t = structuredClone(fixtureTenant);
  t.dealerships.push({ id: 2, slug: "harbourside-east", name: "Harbourside East" });
  t.locations.push({ ...structuredClone(t.locations[0]), id: 14, name: "Harbourside East Sales", slug: "east-sales", dealership_id: 2 });
  t.forms.enquiry.fields = { ...t.forms.enquiry.fields, location: { show: selects, required: true }, dealership: { show: selects, required: true } };
  return t;
}

const form = (t: TenantDocument, ids: number[]) =>
  leadFormProps(t, "enquiry", { id: "f", submitLabel: "Enquire Now", locations: t.locations.filter((l) => ids.includes(l.id)) });
const options = (p: ReturnType<typeof form>, name: string) => p.spec.fields.find((f) => f.name === name)?.options?.map((o) => o.value);

describe("leadFormProps on a location's page", () => {
  it("/locations/{slug}: the location choice limited to the location and preselected, with its dealership", () => {
    const t = site(true);
    expect(options(form(t, []), "location_id")).toEqual(["11", "12", "14"]);
    const p = form(t, [12]);
    expect(options(p, "location_id")).toEqual(["12"]);
    expect(options(p, "dealership_slug")).toEqual(["harbourside-motors", "harbourside-east"]);
    expect(p.initialValues).toEqual({ location_id: "12", dealership_slug: "harbourside-motors" });
    expect(p.context?.defaults).not.toHaveProperty("location_id");
  });

  it("/contact-us/{slug}: the departments there offered, none chosen for the visitor, their shared dealership chosen", () => {
    const p = form(site(true), [11, 12]);
    expect(options(p, "location_id")).toEqual(["11", "12"]);
    expect(p.initialValues).toEqual({ dealership_slug: "harbourside-motors" });
  });

  it("without location and dealership selects, the lead carries the location and its dealership", () => {
    const p = form(site(false), [14]);
    expect(p.spec.fields.some((f) => f.name === "location_id")).toBe(false);
    expect(p.context?.defaults).toMatchObject({ location_id: 14, dealership_slug: "harbourside-east" });
    expect(p.initialValues).toBeUndefined();
  });

  it("leaves the select alone when it offers none of the page's locations (a location the site excludes from forms)", () => {
    const t = site(true);
    t.forms.dealershipSelect.excludedLocationIds = [12];
    const p = form(t, [12]);
    expect(options(p, "location_id")).toEqual(["11", "14"]);
    expect(p.initialValues).toEqual({ dealership_slug: "harbourside-motors" });
  });
});
