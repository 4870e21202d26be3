import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leadDeliveries, leads } from "../db/schema";
import { TOO_DEEP } from "../http/body";
import { demoSite, deps, post, validLead } from "./test-helpers";

// Issue 12 item 5: PostgreSQL refuses U+0000 and lone surrogates in text and jsonb, so such a lead
// used to answer 500 and be lost; deep nesting too. Now they are cleaned (or refused) at the boundary.
describe.each(backends)("a lead with NUL, lone surrogates or deep nesting on %s", (_name, make) => {
  let h: DbHandle;
  const db = withTestDatabase(make, (opened) => (h = opened));

  it("is stored with U+0000 dropped and a cut emoji's half replaced by U+FFFD, the rest of the message kept", async (c) => {
    if (!db.tdb) return c.skip();
    const d = deps(h, demoSite());
    const lead = validLead({ fields: { ...validLead().fields, first_name: "A\u0000da", message: "Is it still available? 😀 I'd like to see it \uD83D", last_name: "Love\uDE00lace" } });
    // In the raw text too: escapes for NUL and surrogates, as a browser's JSON.stringify sends them.
    const text = JSON.stringify(lead).replace('"user_agent":"', '"user_agent":"\\u0000\\udfff');
    const res = await post(d, text, { raw: true });
    expect(res.status).toBe(200);
    const { lead_id } = (await res.json()) as { lead_id: string };
    const [row] = await h.db.select().from(leads).where(eq(leads.id, lead_id));
    const stored = JSON.stringify(row);
    expect(stored).toContain("Ada");
    expect(stored).toContain("Love\uFFFDlace");
    expect(stored).toContain("Is it still available? 😀 I'd like to see it \uFFFD");
    expect(stored).toContain("\uFFFDMozilla/5.0 (test)");
    expect(stored).not.toMatch(/\u0000|\\u0000/);
    const [{ n }] = await h.db.select({ n: count() }).from(leadDeliveries).where(eq(leadDeliveries.leadId, lead_id));
    expect(n).toBeGreaterThan(0);
  });

  it("nested 10,000 levels deep is refused with a 400 that says so, and nothing is stored", async (c) => {
    if (!db.tdb) return c.skip();
    const [{ before }] = await h.db.select({ before: count() }).from(leads);
    const d = deps(h, demoSite());
    const deep = JSON.stringify(validLead()).replace('"lead_attributes":{', `"lead_attributes":{"x":${"[".repeat(10_000)}${"]".repeat(10_000)},`);
    const res = await post(d, deep, { raw: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: TOO_DEEP });
    const [{ after }] = await h.db.select({ after: count() }).from(leads);
    expect(after).toBe(before);
  });
});
