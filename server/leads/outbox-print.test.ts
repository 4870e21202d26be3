import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leadDeliveries } from "../db/schema";
import { demoSite, deps, post, validLead } from "./test-helpers";
import { main } from "../../scripts/leads-outbox";
import { runMain } from "../../tests/run-cli";

// `npm run leads:outbox` prints what strangers typed: a terminal must never be handed their escapes.
describe.each(backends)("npm run leads:outbox on %s", (name, make) => {
  let tdb: TestDatabase | null;
  let h: DbHandle | undefined;
  beforeAll(async () => {
    tdb = await make();
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });

  it("shows control characters of stored lead text as \\uXXXX escapes, and a new lead's e-mail has none", async (ctx) => {
    if (!tdb) return ctx.skip();
    h = await tdb.open();
    const message = "Call me\u001b[2J\u001b]0;owned\u0007 \u001b[31mnow\u001b[0m";
    const res = await post(deps(h, demoSite(null)), validLead({ fields: { ...validLead().fields, message } }));
    expect(res.status).toBe(200);
    const leadId = (await res.json()).lead_id as string;
    const [email] = await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    expect(email.body).toContain("Call me now\n");
    expect(email.body).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    // A row stored before e-mails were cleaned (or written by anything else) still prints safely.
    await h.db.update(leadDeliveries).set({ body: `${email.body}Old row: ${message}\r\u009b2J\n`, lastError: "bad\u001b[8m" }).where(eq(leadDeliveries.id, email.id));
    await h.close();
    h = undefined;
    // One real process (on PostgreSQL: no embedded database to boot in it); main in this process on PGlite.
    const run =
      name === "PostgreSQL"
        ? spawnSync("node_modules/.bin/tsx", ["--import", "./scripts/server-only.mjs", "scripts/leads-outbox.ts", "--lead", leadId], { encoding: "utf8", env: { ...process.env, ...tdb.env } })
        : await runMain(main, ["--lead", leadId], tdb.env);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(run.stdout).toContain("  | Call me now\n");
    expect(run.stdout).toContain("  | Old row: Call me\\u001b[2J\\u001b]0;owned\\u0007 \\u001b[31mnow\\u001b[0m\\u000d\\u009b2J\n");
  });
});
