import { expect, it } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { pgliteDatabase, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { createTenant, publish, saveDraft } from "./store";
import { liveTenant, tenantForHost } from "./live";

let h: DbHandle;
withTestDatabase(pgliteDatabase, async (handle) => {
  h = handle;
  await createTenant(h.db, makeTenant("alpha", "Alpha Motors"), "seed");
  await publish(h, "alpha", { actor: "seed" });
}, { asService: true });

it("resolves hosts to live documents: {slug}.localhost, custom domains, and nothing for admin or unknown hosts", async () => {
  expect((await tenantForHost("alpha.localhost:3000"))?.document.identity.name).toBe("Alpha Motors");
  expect((await tenantForHost("www.alpha.test"))?.slug).toBe("alpha");
  expect(await tenantForHost("localhost:3000")).toBeNull();
  expect(await tenantForHost("nobody.localhost")).toBeNull();
  expect(await tenantForHost("www.unknown.test")).toBeNull();
});

it("keeps serving the cached document until a publish is announced, then serves the new one", async () => {
  const first = await liveTenant("alpha");
  expect(await liveTenant("alpha")).toBe(first); // cached: the same object
  await saveDraft(h.db, "alpha", makeTenant("alpha", "Alpha Motors Renamed"), { actor: "staff" });
  expect((await liveTenant("alpha"))?.document.identity.name).toBe("Alpha Motors"); // a draft changes nothing
  await publish(h, "alpha", { actor: "staff" });
  await expect.poll(async () => (await liveTenant("alpha"))?.document.identity.name, { timeout: 5000 }).toBe("Alpha Motors Renamed");
});

it("picks up a newly published domain", async () => {
  expect(await tenantForHost("www.beta.test")).toBeNull();
  await createTenant(h.db, makeTenant("beta", "Beta Cars", 2), "seed");
  await publish(h, "beta", { actor: "seed" });
  await expect.poll(async () => (await tenantForHost("www.beta.test"))?.slug, { timeout: 5000 }).toBe("beta");
});
