import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseSearchPath } from "../../domain/search-paths";
import type { BlockProps } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { caravanVehicle, fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import Breadcrumbs from "./breadcrumbs";
import { vdpCrumbs } from "./crumbs";

const props: BlockProps<"breadcrumbs"> = { homeLabel: "Home", structuredData: true };
async function render(car: StoredVehicle | null = fixtureVehicle(), p = props) {
  const ctx = fixtureCtx("/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001", fixtureTenant, car);
  const el = (await Breadcrumbs({ id: "crumbs", props: p, ctx })) as ReactElement | null;
  return el ? renderToString(el).replace(/<!-- -->/g, "") : null;
}
/** [text, href] of each step, read from the rendered list. */
const links = (html: string) =>
  [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map(([, inner]) => [inner.replace(/<[^>]+>/g, ""), /href="([^"]*)"/.exec(inner)?.[1] ?? null]);
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);

describe("breadcrumbs", () => {
  it("renders Home > car type list > make > model > body > current, with the search SEO paths", async () => {
    const root = (await render())!;
    expect(root).toMatch(/^<nav aria-label="Breadcrumb" class="[^"]*"><ol/);
    expect(links(root)).toEqual([
      ["Home", "/"],
      ["Used Cars", "/search/used-cars"],
      ["Toyota", "/search/used-cars/toyota"],
      ["Corolla", "/search/used-cars/toyota/corolla"],
      ["Hatch", "/search/used-cars/toyota/corolla/hatch-cars"],
      ["2021 Toyota Corolla", null],
    ]);
    expect(root).toMatch(/<li class="[^"]*"><span aria-current="page" class="[^"]*">2021 Toyota Corolla<\/span><\/li><\/ol>/);
  });

  it("its links are paths the search page reads back to the same refinements", () => {
    const crumbs = vdpCrumbs(fixtureVehicle(), fixtureTenant);
    const facets = { make: ["Toyota"], model: ["Corolla"], body: ["hatch"], make_model: ["Toyota > Corolla"] };
    const opts = { joinNewAndDemo: false, carTypes: fixtureTenant.identity.carTypes };
    expect(parseSearchPath(crumbs[4].href!, facets, opts)?.refinementList).toEqual({ car_type: ["used"], make: ["Toyota"], model: ["Corolla"], body: ["hatch"] });
    expect(parseSearchPath(crumbs[2].href!, facets, opts)?.refinementList).toEqual({ car_type: ["used"], make: ["Toyota"] });
  });

  it("adds schema.org BreadcrumbList JSON-LD with absolute links on the site's domain", async () => {
    const root = (await render())!;
    const data = jsonLd(root);
    expect(data["@type"]).toBe("BreadcrumbList");
    expect(data.itemListElement[0]).toEqual({ "@type": "ListItem", position: 1, name: "Home", item: "https://harbourside.example" });
    expect(data.itemListElement[1].item).toBe("https://harbourside.example/search/used-cars");
    expect(data.itemListElement.at(-1)).toEqual({
      "@type": "ListItem",
      position: 6,
      name: "2021 Toyota Corolla",
      item: "https://harbourside.example/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001",
    });
  });

  it("leaves the JSON-LD out when switched off, and escapes < in it", async () => {
    expect(await render(undefined, { ...props, structuredData: false })).not.toContain("<script");
    const root = (await render(fixtureVehicle({ model: "</script><b>x" })))!;
    expect(root).not.toContain("<b>");
    expect(root.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLd(root).itemListElement[3].name).toBe("</script><b>x");
  });

  it("where new and demo are joined, a demo car's list is New & Demo at /search/new-cars", () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.search.joinNewAndDemo = true;
    const crumbs = vdpCrumbs(fixtureVehicle({ car_type: "demo" }), tenant);
    expect(crumbs[1]).toEqual({ label: "New & Demo Cars", href: "/search/new-cars" });
    expect(crumbs[2]).toEqual({ label: "Toyota", href: "/search/new-cars/toyota" });
  });

  it("a new car on a site that keeps new and demo apart links New Cars", () => {
    expect(vdpCrumbs(fixtureVehicle({ car_type: "new" }), fixtureTenant)[1]).toEqual({ label: "New Cars", href: "/search/new-cars" });
  });

  it("a caravan site says Caravans, and a caravan's body is Caravan", () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.identity.stockKinds = ["caravan"];
    tenant.identity.vehicleNoun = { singular: "Caravan", plural: "Caravans" };
    const crumbs = vdpCrumbs(caravanVehicle(), tenant);
    expect(crumbs.map((c) => [c.label, c.href])).toEqual([
      ["Home", "/"],
      ["Used Caravans", "/search/used-cars"],
      ["Jayco", "/search/used-cars/jayco"],
      ["Journey", "/search/used-cars/jayco/journey"],
      ["Caravan", "/search/used-cars/jayco/journey/caravan-cars"],
      ["2022 Jayco Journey", null],
    ]);
  });

  it("skips the body step when the body is unknown, and a sold car keeps its trail", async () => {
    const root = (await render({ ...soldVehicle(), body: undefined }))!;
    expect(links(root).map(([label]) => label)).toEqual(["Home", "Used Cars", "Toyota", "Corolla", "2021 Toyota Corolla"]);
  });

  it("renders nothing without a car", async () => {
    expect(await render(null)).toBeNull();
  });
});
