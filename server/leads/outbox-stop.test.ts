import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leadDeliveries } from "../db/schema";
import { OutboxWorker, postAdf, type Senders } from "./outbox";
import { leaseFromEnv } from "./outbox-options";
import { demoSite, deps, fakeCrm, post, validLead } from "./test-helpers";

// Issue 32: an instance stopped with SIGTERM (serving/shutdown.ts) hands back the leases of the deliveries
// it still has in flight after its grace, so another instance sends them at once instead of after the lease (2 minutes).
describe.each(backends)("a stopped outbox worker on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle;
  const crm = fakeCrm();
  beforeAll(async () => {
    tdb = await make();
    if (!tdb) return;
    h = await tdb.open();
    await crm.listen();
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
    await crm.close();
  });

  it("hands back the lease of a delivery still in flight after the grace: due at once, no attempt counted, sent by the next worker", async (ctx) => {
    if (!tdb) return ctx.skip();
    const res = await post(deps(h, demoSite(crm.url())), validLead({ fields: { ...validLead().fields, first_name: "Lease" } }));
    expect(res.status).toBe(200);
    const leadId = (await res.json()).lead_id as string;
    const adfRow = async () => (await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId))).find((r) => r.channel === "adf")!;
    // A CRM that never answers (until the send is aborted): the first worker's delivery stays in flight.
    let started = 0;
    const hanging: Senders = { email: null, adf: (_url, _xml, o) => new Promise((_, reject) => (started++, o?.signal?.addEventListener("abort", () => reject(new Error("aborted"))))) };
    const first = new OutboxWorker(h.db, { senders: hanging, pollMs: 50, timeoutMs: 60_000 }).start();
    await expect.poll(() => started, { timeout: 5000 }).toBe(1);
    const leased = await adfRow();
    expect(leased.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const stopping = Date.now();
    await first.stop(100);
    expect(Date.now() - stopping).toBeLessThan(2000);
    const handedBack = await adfRow();
    expect([handedBack.status, handedBack.attempts]).toEqual(["pending", 0]);
    expect(handedBack.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const localAdf: Senders["adf"] = (url, xml, o) => postAdf(url, xml, { ...o, allowPrivate: true });
    const second = new OutboxWorker(h.db, { senders: { email: null, adf: localAdf }, pollMs: 50 }).start();
    await expect.poll(async () => (await adfRow()).status, { timeout: 5000 }).toBe("sent");
    await second.stop();
    expect(crm.state.accepted.filter((x) => x.includes("Lease"))).toHaveLength(1);
  });
});

test("OUTBOX_LEASE_MS sets the lease, never below 15 s (a delivery's deadline is 10 s); anything else leaves the default", () => {
  expect([leaseFromEnv("20000"), leaseFromEnv("1000"), leaseFromEnv("soon"), leaseFromEnv(undefined)]).toEqual([20_000, 15_000, undefined, undefined]);
});
