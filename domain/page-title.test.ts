import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { documentTitle } from "./page-title";
import { findPage, locationPageText, modelPageText } from "./find-page";
import { validateTenant } from "./tenant-validation";
import type { TenantDocument } from "../schemas/generated/tenant";

const docs = readdirSync(join(__dirname, "..", "tenants"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => {
    const r = validateTenant(JSON.parse(readFileSync(join(__dirname, "..", "tenants", f), "utf8")));
    if (!r.ok) throw new Error(`${f} is invalid`);
    return r.document as TenantDocument;
  });

/** How often the site's name is in a title, any case. */
const times = (title: string, name: string) => title.toLowerCase().split(name.toLowerCase()).length - 1;

describe("documentTitle", () => {
  it("adds the site's name to a title that does not name the site, once", () => {
    expect(documentTitle("Sell My Car", "Redgate Moto & Truck")).toBe("Sell My Car | Redgate Moto & Truck");
    expect(documentTitle("About Us | Redgate Moto & Truck", "Redgate Moto & Truck")).toBe("About Us | Redgate Moto & Truck");
    expect(documentTitle("Sell My Car - redgate moto & truck", "Redgate Moto & Truck")).toBe("Sell My Car - redgate moto & truck");
    expect(documentTitle("Redgate Moto & Truck", "Redgate Moto & Truck")).toBe("Redgate Moto & Truck");
    expect(documentTitle("Redgate Moto & Truck | Motorcycles in Toowoomba", "Redgate Moto & Truck")).toBe("Redgate Moto & Truck | Motorcycles in Toowoomba");
    expect(documentTitle("Welcome to  Harbourline", "Harbourline")).toBe("Welcome to Harbourline");
    // A longer word is not the name.
    expect(documentTitle("Harbourlines of the coast", "Harbourline")).toBe("Harbourlines of the coast | Harbourline");
    expect(documentTitle("Home", "Redgate Moto & Truck")).toBe("Home | Redgate Moto & Truck");
    expect(documentTitle("  ", "Redgate Moto & Truck")).toBe("Redgate Moto & Truck");
  });

  it("every demo site: the home page's <title> is its title field, and no page shows the site's name twice", () => {
    for (const d of docs) {
      const name = d.identity.name;
      const home = d.pages.find((p) => p.path === "/")!;
      expect(documentTitle(home.title, name), d.identity.slug).toBe(home.title);
      const titles: [string, string][] = d.pages.filter((p) => p.path).map((p) => [p.path!, p.title]);
      // The pages a template serves: each location's and contact page, each model's, the search.
      for (const l of d.locations.filter((l) => l.visible !== false)) {
        for (const path of [`/locations/${l.slug}`, `/contact-us/${l.slug}`]) {
          const page = findPage(d, path);
          const text = page && locationPageText(d, page, path);
          if (text) titles.push([path, text.title]);
        }
      }
      for (const m of d.models ?? []) {
        const path = `/${m.slug}`;
        const page = findPage(d, path);
        const text = page && modelPageText(d, page, path);
        if (text) titles.push([path, text.title]);
      }
      titles.push(["/search", findPage(d, "/search")!.title]);
      expect(titles.length).toBeGreaterThan(15);
      for (const [path, title] of titles) {
        const shown = documentTitle(title, name);
        expect(times(shown, name), `${d.identity.slug} ${path}: ${shown}`).toBe(1);
        expect(shown.startsWith(title.trim()), `${d.identity.slug} ${path}: ${shown}`).toBe(true);
      }
    }
  });
});
