import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leadDeliveries } from "../db/schema";
import { demoSite, deps, post, validLead } from "./test-helpers";
import { main as outboxMain } from "../../scripts/leads-outbox";
import { main as replayMain } from "../../scripts/leads-replay";
import { runMain } from "../../tests/run-cli";
import type { CliMain } from "../../scripts/cli";

const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

// `npm run leads:outbox` and `npm run leads:replay` print what strangers typed (and CRMs answered):
// a terminal must never be handed their escapes.
describe.each(backends)("the lead CLIs' output on %s", (name, make) => {
  const db = withTestDatabase(make, () => undefined);
  const h = () => db.handle as DbHandle;

  /** One real process per CLI (on PostgreSQL: no embedded database to boot in it); main in this process on PGlite. */
  const runCli = (script: string, main: CliMain, args: string[]) => {
    const env = (db.tdb as TestDatabase).env;
    return db.closedWhile(async () =>
      name === "PostgreSQL" ? spawnSync("node_modules/.bin/tsx", ["--import", "./scripts/server-only.mjs", script, ...args], { encoding: "utf8", env: { ...process.env, ...env } }) : await runMain(main, args, env),
    );
  };

  async function storedEmail(lead = validLead()) {
    const res = await post(deps(h(), demoSite(null)), lead);
    expect(res.status).toBe(200);
    const leadId = (await res.json()).lead_id as string;
    const [email] = await h().db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    return { leadId, email };
  }

  it("leads:outbox shows control characters of stored lead text as \\uXXXX escapes, and a new lead's e-mail has none", async (ctx) => {
    db.need(ctx);
    const message = "Call me\u001b[2J\u001b]0;owned\u0007 \u001b[31mnow\u001b[0m";
    const { leadId, email } = await storedEmail(validLead({ fields: { ...validLead().fields, message } }));
    expect(email.body).toContain("Call me now\n");
    expect(email.body).not.toMatch(CONTROLS);
    // A row stored before e-mails were cleaned (or written by anything else) still prints safely.
    await h().db.update(leadDeliveries).set({ body: `${email.body}Old row: ${message}\r\u009b2J\n`, lastError: "bad\u001b[8m" }).where(eq(leadDeliveries.id, email.id));
    const run = await runCli("scripts/leads-outbox.ts", outboxMain, ["--lead", leadId]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(CONTROLS);
    expect(run.stdout).toContain("  | Call me now\n");
    expect(run.stdout).toContain("  | Old row: Call me\\u001b[2J\\u001b]0;owned\\u0007 \\u001b[31mnow\\u001b[0m\\u000d\\u009b2J\n");
  });

  it("leads:replay shows control characters of the stored address and last error as \\uXXXX escapes, one line per delivery", async (ctx) => {
    db.need(ctx);
    const { leadId, email } = await storedEmail();
    const lastError = "550 no\u001b[2J\u001b]0;owned\u0007 such\u009b2J user\r\nrequeued #999 email of lead x";
    await h().db.update(leadDeliveries).set({ status: "dead", target: "sales@\u001b[8mexample.test", lastError }).where(eq(leadDeliveries.id, email.id));
    const run = await runCli("scripts/leads-replay.ts", replayMain, [leadId]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(CONTROLS);
    expect(run.stdout.split("\n")).toEqual([
      `requeued #${email.id} email of lead ${leadId} to sales@\\u001b[8mexample.test (it had failed: 550 no\\u001b[2J\\u001b]0;owned\\u0007 such\\u009b2J user\\u000d\\u000arequeued #999 email of lead x)`,
      "1 delivery back to pending.",
      "",
    ]);
    const [row] = await h().db.select().from(leadDeliveries).where(eq(leadDeliveries.id, email.id));
    expect([row.status, row.attempts, row.lastError]).toEqual(["pending", 0, lastError]);
  });

  it("leads:replay refuses a lead id that is not a UUID with its usage line", async () => {
    const run = await runMain(replayMain, ["x';drop table leads;--"]);
    expect(run).toEqual({ status: 2, stdout: "", stderr: "usage: npm run leads:replay -- [lead-id]   (a lead id is a UUID)\n" });
  });
});
