import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leadDeliveries } from "../db/schema";
import { demoSite, deps, post, validLead } from "./test-helpers";

// `npm run leads:replay` prints each requeued delivery's address and last error: stored text a terminal must never play.
describe.each(backends)("npm run leads:replay on %s", (_name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle | undefined;
  beforeAll(async () => {
    tdb = await make();
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  it("shows control characters of the stored address and last error as \\uXXXX escapes, one line per delivery", async (ctx) => {
    if (!tdb) return ctx.skip();
    h = await tdb.open();
    const res = await post(deps(h, demoSite(null)), validLead());
    expect(res.status).toBe(200);
    const leadId = (await res.json()).lead_id as string;
    const [email] = await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    const lastError = "550 no\u001b[2J\u001b]0;owned\u0007 such\u009b2J user\r\nrequeued #999 email of lead x";
    await h.db.update(leadDeliveries).set({ status: "dead", target: "sales@\u001b[8mexample.test", lastError }).where(eq(leadDeliveries.id, email.id));
    await h.close();
    h = undefined;
    const run = spawnSync("npx", ["tsx", "--import", "./scripts/server-only.mjs", "scripts/leads-replay.ts", leadId], { encoding: "utf8", env: { ...process.env, ...tdb.env } });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(run.stdout.split("\n")).toEqual([
      `requeued #${email.id} email of lead ${leadId} to sales@\\u001b[8mexample.test (it had failed: 550 no\\u001b[2J\\u001b]0;owned\\u0007 such\\u009b2J user\\u000d\\u000arequeued #999 email of lead x)`,
      "1 delivery back to pending.",
      "",
    ]);
    h = await tdb.open();
    const [row] = await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, email.id));
    expect([row.status, row.attempts, row.lastError]).toEqual(["pending", 0, lastError]);
  });
});
