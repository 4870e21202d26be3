import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { dealerships } from "../db/schema";
import { Services, services, useServices } from "../root/services";
import { database } from "../db";
import { upsertVehicle } from "../inventory/store";
import { loadSearchRecords } from "../inventory/records";
import { sampleVehicleSlug, siteVehicleBySlug } from "../inventory/vdp";
import { SearchIndex } from "../search/engine";
import { handlePreviewMultiQuery } from "../search/http";
import { vehicleIndex, vehicleIndexSettings } from "../search/vehicle-index";
import { createTenant, publish, saveDraft } from "../tenants/store";
import { upsertAdminUser, type AdminUser } from "./accounts";
import { createPreviewToken, previewDealerships, previewDraft } from "./preview";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NeverValid } from "../../admin/never-valid";

type Doc = ReturnType<typeof makeTenant>;

/** alpha's document naming dealerships `ids` (1 is alpha's, 2 beta's, 3 nobody's), with an offer of each. */
function alphaNaming(ids: number[]): Doc {
  const doc = makeTenant("alpha", "Alpha Motors", 1);
  doc.dealerships = ids.map((id) => ({ id, slug: `d${id}`, name: `Dealer ${id}` })) as Doc["dealerships"];
  doc.locations = doc.locations.map((l) => ({ ...l, dealership_id: ids[0] }));
  doc.offers = ids.map((id) => ({ id: `offer-${id}`, dealership: `d${id}`, title: `Offer of ${id}`, categories: ["New Car Offers"], href: "/search" }));
  return doc;
}

describe.each(backends)("a preview shows only the site's own or unassigned dealerships, on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  const slugs = new Map<number, string>();
  let previous: Services;
  let staff: AdminUser;

  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    previous = useServices(new Services().with(database, h));
    ({ user: staff } = await upsertAdminUser(h.db, { email: "staff@test.example", password: "staff-password-1", role: "staff" }));
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors", 1), "seed");
    await publish(h, "alpha", { actor: "seed" });
    await createTenant(h.db, makeTenant("beta", "Beta Cars", 2), "seed");
    await publish(h, "beta", { actor: "seed" });
    await h.db.insert(dealerships).values({ id: 3, name: "Nobody's" });
    // Dealership 3 is unassigned; its stock is loaded (and indexed) because alpha's draft lists it.
    await saveDraft(h.db, "alpha", alphaNaming([1, 2, 3]), { actor: "restore" });
    for (const id of [1, 2, 3]) {
      const { location_id: _yard, ...car } = feedVehicle(`car-${id}`, { dealership_id: id });
      const { vehicle } = await upsertVehicle(h.db, car);
      slugs.set(id, vehicle.slug);
    }
    const index = new SearchIndex(vehicleIndexSettings);
    index.replaceAll(await loadSearchRecords(h.db));
    services().with(vehicleIndex, index);
  });
  afterAll(async () => {
    if (previous) useServices(previous);
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

  /** The preview search of alpha's draft: the dealership ids of the cars it finds, and the offers. */
  async function previewSearch(token: string) {
    const body = JSON.stringify({ requests: [{ indexName: "vehicles", params: { query: "", hitsPerPage: 50 } }, { indexName: "offers", params: { query: "" } }] });
    const res = await handlePreviewMultiQuery(new Request("http://alpha.localhost/preview/x/api/search/1/indexes/*/queries", { method: "POST", body }), "alpha.localhost", token);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { hits: { dealership_id?: number; objectID: string }[] }[] };
    return { cars: results[0].hits.map((x) => x.dealership_id).sort(), offers: results[1].hits.map((x) => x.objectID).sort() };
  }

  it("a draft naming another site's dealership: its cars, vehicle pages and offers are left out; unassigned ones stay", async (ctx) => {
    need(ctx);
    await saveDraft(h.db, "alpha", alphaNaming([1, 2, 3]), { actor: "restore" });
    const { token } = await createPreviewToken(h.db, staff, "alpha");
    const preview = await previewDraft(h.db, "alpha", token);
    expect(preview?.ok).toBe(true);
    const doc = (preview as { document: Doc }).document;
    expect(doc.dealerships.map((d) => d.id)).toEqual([1, 3]);
    expect(doc.offers.map((o) => o.id)).toEqual(["offer-1", "offer-3"]);

    expect(await previewSearch(token)).toEqual({ cars: [1, 3], offers: ["offer-1", "offer-3"] });
    // The preview's vehicle page (renderer/tenant-page.tsx → vehicleForPage) finds cars with the preview's document.
    expect((await siteVehicleBySlug(h.db, doc, slugs.get(1)!))?.dealership_id).toBe(1);
    expect((await siteVehicleBySlug(h.db, doc, slugs.get(3)!))?.dealership_id).toBe(3);
    expect(await siteVehicleBySlug(h.db, doc, slugs.get(2)!)).toBeNull();
  });

  it("a draft whose only dealership is another site's: no car, no offer, no sample car (and no error)", async (ctx) => {
    need(ctx);
    await saveDraft(h.db, "alpha", alphaNaming([2]), { actor: "restore" });
    const { token } = await createPreviewToken(h.db, staff, "alpha");
    const preview = await previewDraft(h.db, "alpha", token);
    const doc = (preview as { document: Doc }).document;
    expect(doc.dealerships).toEqual([]);
    expect(await previewSearch(token)).toEqual({ cars: [], offers: [] });
    expect(await siteVehicleBySlug(h.db, doc, slugs.get(2)!)).toBeNull();
    // The car the editor opens the preview's vehicle page with (admin/editor-page.tsx).
    expect(await sampleVehicleSlug(h.db, alphaNaming([2]))).toBe(slugs.get(2));
    expect(await sampleVehicleSlug(h.db, await previewDealerships(h.db, "alpha", alphaNaming([2])))).toBeNull();
    expect(await sampleVehicleSlug(h.db, await previewDealerships(h.db, "alpha", alphaNaming([2, 3])))).toBe(slugs.get(3));
  });

  it("a draft with errors: the preview shows the last saved version without errors, saying so; the draft again once it is fixed", async (ctx) => {
    need(ctx);
    const valid = alphaNaming([1]);
    valid.identity.name = "Alpha Motors (last good)";
    const good = await saveDraft(h.db, "alpha", valid, { actor: "ed" });
    const broken = structuredClone(valid);
    broken.theme.colors.primary = "blue";
    const bad = await saveDraft(h.db, "alpha", broken, { actor: "ed" });
    expect(bad.errors.length).toBeGreaterThan(0);
    const { token } = await createPreviewToken(h.db, staff, "alpha");
    const preview = await previewDraft(h.db, "alpha", token);
    expect(preview).toMatchObject({ ok: true, revision: good.revision, stale: { revision: bad.revision, errors: bad.errors } });
    const doc = (preview as { document: Doc }).document;
    expect(doc.identity.name).toBe("Alpha Motors (last good)");
    expect(doc.theme.colors.primary).toBe(valid.theme.colors.primary);
    // The preview's search answers from the same document.
    expect(await previewSearch(token)).toEqual({ cars: [1], offers: ["offer-1"] });

    const fixed = await saveDraft(h.db, "alpha", { ...valid, identity: { ...valid.identity, name: "Alpha Motors (fixed)" } }, { actor: "ed" });
    const again = await previewDraft(h.db, "alpha", token);
    expect(again).toMatchObject({ ok: true, revision: fixed.revision });
    expect(again && "stale" in again).toBe(false);
    expect((again as { document: Doc }).document.identity.name).toBe("Alpha Motors (fixed)");
  });

  it("a new site whose draft never had a version without errors: the preview lists the errors", async (ctx) => {
    need(ctx);
    const gamma = makeTenant("gamma", "Gamma Cars", 1);
    gamma.theme.colors.primary = "blue";
    await createTenant(h.db, gamma, "seed");
    const { token } = await createPreviewToken(h.db, staff, "gamma");
    const preview = await previewDraft(h.db, "gamma", token);
    expect(preview).toMatchObject({ ok: false, revision: 1 });
    expect((preview as { errors: { pointer: string }[] }).errors.map((e) => e.pointer)).toContain("/theme/colors/primary");
    // Shown in plain words at the field's place, never as a pointer.
    if (preview?.ok !== false) throw new Error("expected the error list");
    const page = renderToStaticMarkup(createElement(NeverValid, preview));
    expect(page).toContain("<li><strong>Theme › Colours › Primary (buttons, links)</strong> must look like #1A2B3C.</li>");
    expect(page).not.toContain("/theme");
  });

  it("the same dealership in beta's own preview is shown", async (ctx) => {
    need(ctx);
    const beta = makeTenant("beta", "Beta Cars", 2);
    expect((await previewDealerships(h.db, "beta", beta)).dealerships.map((d) => d.id)).toEqual([2]);
  });
});
