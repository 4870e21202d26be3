import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pgliteDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { leadDeliveries, leads } from "../db/schema";
import { demoSite, deps, post, validLead } from "./test-helpers";

let tdb: TestDatabase;
let h: DbHandle;
beforeAll(async () => {
  tdb = pgliteDatabase();
  h = await tdb.open();
});
afterAll(async () => {
  await h.close();
  await tdb.cleanup();
});

// A small deterministic PRNG, so a failure names a payload that can be reproduced.
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const SCRIPTS = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "javascript:alert(document.cookie)", "{{constructor.constructor('alert(1)')()}}", "'; DROP TABLE leads; --\u0000"];

type Mutation = (lead: any, r: () => number) => string | void;
const pick = <T,>(r: () => number, xs: T[]) => xs[Math.floor(r() * xs.length)];
const huge = (r: () => number, min: number) => "A".repeat(min + Math.floor(r() * 20_000));

/** Each mutation alone makes a lead invalid (or unreadable); it returns JSON text when it works on the text. */
const MUTATIONS: Mutation[] = [
  // wrong types
  (l, r) => void (l.category = pick(r, [123, true, null, [], {}])),
  (l, r) => void (l.fields = pick(r, ["Ada", 1, [], null])),
  (l, r) => void (l.fields.first_name = pick(r, [1, {}, [], false])),
  (l, r) => void (l.car_dealership_id = pick(r, ["101", 1.5, -1, {}, 2 ** 40])),
  (l, r) => void (l.isLastStep = pick(r, ["yes", 1, null])),
  (l, r) => void (l.additional_services = pick(r, ["Finance", [1], [{}], Array(21).fill("x")])),
  (l, r) => void (l.lead_attributes = pick(r, [[], "x", { visited_pages: "x" }, { linked_query_params: { a: 1 } }])),
  (l, r) => void (l.fields.vehicle_year = pick(r, ["2020", 1800, 2020.5])),
  // huge strings (within the body limit, or over it: 413)
  (l, r) => void (l.fields.first_name = huge(r, 101)),
  (l, r) => void (l.fields.message = huge(r, 5001)),
  (l, r) => void (l.url = `https://x.test/${huge(r, 2048)}`),
  (l, r) => void (l.category = huge(r, 101)),
  (l, r) => void (l.user_agent = huge(r, 513)),
  (l) => void (l.lead_attributes = { visited_pages: Array(51).fill("/a") }),
  // scripts where they do not belong
  // (U+0000 alone no longer refuses a name: the body reader drops it, see boundary.test.ts)
  (l, r) => void (l.fields.first_name = pick(r, SCRIPTS.filter((s) => /[<>{}]/.test(s)))),
  (l, r) => void (l.fields.email = pick(r, SCRIPTS)),
  (l, r) => void (l.fields.phone = pick(r, SCRIPTS)),
  (l, r) => void (l.fields.postcode = pick(r, SCRIPTS)),
  (l, r) => void (l.car_id = pick(r, SCRIPTS)),
  (l, r) => void (l.url = pick(r, SCRIPTS)),
  (l, r) => void (l.fields.dealership_slug = pick(r, SCRIPTS)),
  // unknown fields
  (l, r) => void (l[pick(r, ["admin", "lead_id", "status", "tenant", "Name", "source2"])] = pick(r, [true, "x", 1])),
  (l, r) => void (l.fields[pick(r, ["password", "is_admin", "Email", "first name"])] = "x"),
  (l) => void (l.source = "Phone"),
  // missing required
  (l) => void delete l.category,
  (l) => void delete l.form,
  // a form that is not the site's, or whose rules the lead breaks (its category, its required fields)
  (l, r) => void (l.form = pick(r, ["contact", "", "ENQUIRY", 1, null, ["enquiry"]])),
  (l, r) => void (l.category = pick(r, ["General Enquiry", "Finance Enquiry", "Spam"])),
  (l, r) => void (l.form = pick(r, ["hero", "enquiry", "finance", "test-drive"])),
  (l) => void delete l.fields.first_name,
  (l) => {
    delete l.fields.email;
    delete l.fields.phone;
  },
  // prototype pollution keys (on the text: JSON.parse keeps __proto__ as an own key)
  (l) => JSON.stringify(l).replace(/^\{/, '{"__proto__":{"polluted":true},'),
  (l) => JSON.stringify(l).replace('"fields":{', '"fields":{"__proto__":{"polluted":true},'),
  (l) => JSON.stringify(l).replace('"linked_query_params":{', '"linked_query_params":{"__proto__":"x","constructor":"y",'),
  (l) => JSON.stringify(l).replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},'),
  // not a lead at all
  (_l, r) => JSON.stringify(pick(r, [[], null, 42, "lead", [{ category: "x" }]])),
  (l, r) => JSON.stringify(l).slice(0, Math.floor(r() * 50) + 1),
];

it("answers 1,000 malformed or hostile payloads with a 4xx and a message, never a 500, and stores nothing", async () => {
  const site = demoSite("https://crm.example.test/adf");
  const d = deps(h, site);
  const r = rng(20260501);
  const started = Date.now();
  const seen = new Map<number, number>();
  for (let batch = 0; batch < 10; batch++) {
    const payloads = Array.from({ length: 100 }, (_, i) => {
      const lead: any = structuredClone(validLead());
      let text: string | undefined;
      const n = 1 + Math.floor(r() * 3);
      for (let k = 0; k < n && text === undefined; k++) {
        const mutate = k === 0 ? MUTATIONS[(batch * 100 + i) % MUTATIONS.length] : pick(r, MUTATIONS);
        try {
          text = mutate(lead, r) ?? undefined;
        } catch {
          // a later mutation that needs what an earlier one replaced (fields: null …) is skipped
        }
      }
      return text ?? JSON.stringify(lead);
    });
    const responses = await Promise.all(payloads.map((p) => post(d, p, { raw: true })));
    for (const [i, res] of responses.entries()) {
      const body = await res.json();
      if (res.status < 400 || res.status >= 500 || typeof body.error !== "string" || !body.error) {
        throw new Error(`payload ${batch * 100 + i} answered ${res.status} ${JSON.stringify(body).slice(0, 300)}: ${payloads[i].slice(0, 300)}`);
      }
      if (res.status === 422) {
        expect(body.errors.length).toBeGreaterThan(0);
        for (const e of body.errors) expect(e.message.length).toBeGreaterThan(0);
        expect(JSON.stringify(body).length).toBeLessThan(5000); // rejected values are not echoed back
      }
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
    }
  }
  console.log(`1,000 hostile payloads in ${Date.now() - started} ms, answers by status: ${JSON.stringify(Object.fromEntries(seen))}`);
  expect((await h.db.select({ n: count() }).from(leads))[0].n).toBe(0);
  expect((await h.db.select({ n: count() }).from(leadDeliveries))[0].n).toBe(0);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty("polluted");
}, 60_000);

it("takes a script in the free-text message as text (stored as sent, escaped on the way out)", async () => {
  const d = deps(h, demoSite("https://crm.example.test/adf"));
  const res = await post(d, validLead({ fields: { ...validLead().fields, message: "<script>alert('x')</script> & more" } }));
  expect(res.status).toBe(200);
});
