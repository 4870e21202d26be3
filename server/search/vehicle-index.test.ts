// The process's vehicle index misses no change made while it is first built (issue 32, coherence):
// another instance's write, heard while this one reads every record, is applied once they are in.
import { expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { pgliteDatabase, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { loadSearchRecords } from "../inventory/records";
import { deleteVehicles, upsertVehicles } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { getVehicleIndex } from "./vehicle-index";

let h: DbHandle;
withTestDatabase(pgliteDatabase, async (handle) => {
  h = handle;
  await createTenant(h.db, inventoryTenant("alpha", "Alpha Motors"), "seed");
  await publish(h, "alpha", { actor: "seed" });
  await upsertVehicles(h.db, ["k1", "k2"].map((id) => feedVehicle(id, { dealership_id: 1, location_id: 10 })));
}, { asService: true });

const ids = (records: { objectID: string }[]) => records.map((r) => r.objectID).sort();

it("applies the changes announced while it loads, after the load, in the order they came", async () => {
  const index = await getVehicleIndex(async () => {
    const records = await loadSearchRecords(h.db); // the snapshot: k1, k2
    // Meanwhile k3 is listed and k1 deleted; their announcements arrive mid-load (as a NOTIFY would).
    await upsertVehicles(h.db, [feedVehicle("k3", { dealership_id: 1, location_id: 10 })]);
    await deleteVehicles(h.db, ["k1"]);
    expect(ids(records)).toEqual(["k1", "k2"]);
    return records;
  });
  const all = () => ids(index.search("", { indexName: "vehicles", baseFilter: "dealership_id = 1" }).hits as { objectID: string }[]);
  expect(all()).toEqual(["k2", "k3"]);
  // Later changes keep applying, one after another.
  await upsertVehicles(h.db, [feedVehicle("k4", { dealership_id: 1, location_id: 10 })]);
  await deleteVehicles(h.db, ["k4", "k2"]);
  await expect.poll(all).toEqual(["k3"]);
});
