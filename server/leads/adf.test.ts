import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { buildAdf, xmlEscape, type LeadContext } from "./adf";
import { buildLeadEmail } from "./email";
import { stripControls, visibleControls } from "./text";
import { validateLead } from "./validation";
import { validLead } from "./test-helpers";

const DTD = join(process.cwd(), "tests/fixtures/adf.dtd");
const hasXmllint = spawnSync("xmllint", ["--version"]).status === 0;
if (!hasXmllint) console.warn("ADF DTD validation skipped: xmllint is not installed (apt-get install libxml2-utils; .ci/run installs it)");

const dir = mkdtempSync(join(tmpdir(), "forecourt-adf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function xmllint(xml: string, ...args: string[]) {
  const file = join(dir, `lead-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  return spawnSync("xmllint", [...args, file], { encoding: "utf8" });
}

const HOSTILE = `Tom & "Jerry" <script>alert('x')</script> ]]> \u0001\u0008\uFFFE 🚗 naïve`;

function context(over: Partial<LeadContext> = {}, leadOver: Record<string, unknown> = {}): LeadContext {
  const v = validateLead(validLead(leadOver));
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return {
    leadId: "7a1f6a44-55c4-4c8f-9a37-0d7e1b0c2f11",
    lead: v.lead,
    createdAt: new Date("2026-05-01T10:00:00Z"),
    site: { slug: "harbourline", name: "Harbourline Motors", currency: "AUD" },
    dealership: { id: 101, name: "Harbourline Toyota", leadEmail: "leads@harbourline.test", phone: "07 5550 1010" },
    vehicle: { ...feedVehicle("car-1", { vin: "JTDKB20U093456789", price: 28990 }), slug: "x", created_at: "2026-01-01T00:00:00Z", views: 0 },
    ...over,
  };
}

it.skipIf(!hasXmllint)("generates ADF 1.0 XML that is valid against the ADF DTD, with and without a stock vehicle", () => {
  for (const ctx of [context(), context({ vehicle: null }), context({ vehicle: null }, { category: "Book a Test Drive", fields: { first_name: "Ada", phone: "0400000000" } })]) {
    const xml = buildAdf(ctx);
    const run = xmllint(xml, "--noout", "--dtdvalid", DTD);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  }
  const xml = buildAdf(context());
  expect(xml.startsWith('<?xml version="1.0"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
  expect(xml).toContain("<requestdate>2026-05-01T10:00:00.000Z</requestdate>");
  expect(xml).toContain('<vehicle interest="buy" status="used"><year>2021</year><make>Toyota</make><model>Corolla</model><vin>JTDKB20U093456789</vin>');
  expect(xml).toContain('<name part="first">Ada</name><name part="last">Lovelace</name><email>ada@example.com</email><phone>0400 000 000</phone>');
  expect(xml).toContain("<postalcode>4000</postalcode>");
  expect(xml).toContain("<vendorname>Harbourline Toyota</vendorname>");
  expect(xml).toContain('<provider><name part="full" type="business">Forecourt</name>');
  expect(buildAdf(context({ vehicle: null }, { category: "Book a Test Drive" }))).toContain('interest="test-drive"');
});

it.skipIf(!hasXmllint)("escapes every value: hostile text stays well-formed, valid, and reads back as the text sent", () => {
  const ctx = context({ dealership: { id: 101, name: HOSTILE, leadEmail: "a@b.test" }, site: { slug: "s", name: HOSTILE } }, {
    url: "https://x.test/?a=1&b='2'",
    fields: { first_name: "Tom & Jerry's", last_name: "O\"Brien", email: "ada@example.com", message: HOSTILE },
  });
  const xml = buildAdf(ctx);
  expect(xml).not.toContain("<script>");
  expect(xml).toContain("&lt;script&gt;");
  expect(xmllint(xml, "--noout", "--dtdvalid", DTD).status).toBe(0);
  const comments = xmllint(xml, "--xpath", "string(//customer/comments)");
  expect(comments.stdout).toContain(`Tom & "Jerry" <script>alert('x')</script> ]]>  🚗 naïve`);
  expect(xmllint(xml, "--xpath", "string(//vendor/url)").stdout.trimEnd()).toBe("https://x.test/?a=1&b='2'");
  expect(xmllint(xml, "--xpath", "string(//contact/name[@part='first'])").stdout.trimEnd()).toBe("Tom & Jerry's");
});

it("xmlEscape drops characters XML 1.0 cannot carry and escapes markup", () => {
  expect(xmlEscape(`<a href="x">'&'</a>\u0000\u001f\uFFFF\uD800ok`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;ok");
  expect(xmlEscape("line\nbreak\ttab")).toBe("line\nbreak\ttab");
});

it("builds the dealer's e-mail with a one-line subject (no header injection) and the lead's answers", () => {
  const mail = buildLeadEmail(context({}, { category: "General Enquiry", fields: { first_name: "Ada", last_name: "Smith", phone: "0400000000", message: "Hi\r\nBcc: evil@x.test" } }));
  expect(mail.subject).toBe("General Enquiry — 2021 Toyota Corolla Ascent Sport (stock S-car-1) — Ada Smith");
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.text).toContain("Phone: 0400000000");
  expect(mail.text).toContain("VIN: JTDKB20U093456789");
  expect(mail.text).toContain("Additional services: Finance");
});

it.skipIf(!hasXmllint)("a trade-in started from a car names both cars: the car being bought and the car traded in (interest trade-in, used)", () => {
  const tradeIn = {
    form: "trade-in",
    category: "Trade-In",
    subcategory: "3. Offer Accepted",
    car_id: "car-1",
    additional_services: undefined,
    fields: { first_name: "Ada", phone: "0400000000", rego: "310TYA", state: "QLD", vehicle_make: "Mazda", vehicle_model: "CX-5", vehicle_year: 2019, vehicle_vin: "JMZKF4W7A00612345", odometer: 60000, offer_price: 17500 },
  };
  const ctx = context({}, tradeIn);
  const xml = buildAdf(ctx);
  const run = xmllint(xml, "--noout", "--dtdvalid", DTD);
  expect(run.stderr).toBe("");
  expect(xml).toContain('<vehicle interest="buy" status="used"><year>2021</year><make>Toyota</make><model>Corolla</model><vin>JTDKB20U093456789</vin><stock>S-car-1</stock>');
  expect(xml).toContain(
    '<vehicle interest="trade-in" status="used"><year>2019</year><make>Mazda</make><model>CX-5</model><vin>JMZKF4W7A00612345</vin><odometer units="km">60000</odometer><price type="appraisal" currency="AUD">17500</price></vehicle>',
  );
  expect(xmllint(xml, "--xpath", "count(//vehicle)").stdout.trim()).toBe("2");
  const mail = buildLeadEmail(ctx);
  expect(mail.subject).toBe("Trade-In — 2021 Toyota Corolla Ascent Sport (stock S-car-1) — Ada");
  expect(mail.text).toContain("Vehicle: 2021 Toyota Corolla Ascent Sport (stock S-car-1)\nVIN: JTDKB20U093456789\nTrade-in vehicle: 2019 Mazda CX-5 (VIN JMZKF4W7A00612345)\n");
  // Without a car being bought (/trade-in): only the car traded in, as the trade-in vehicle.
  const alone = context({ vehicle: null }, { ...tradeIn, car_id: undefined });
  const only = buildAdf(alone);
  expect(xmllint(only, "--noout", "--dtdvalid", DTD).status).toBe(0);
  expect(xmllint(only, "--xpath", "count(//vehicle)").stdout.trim()).toBe("1");
  expect(only).toContain('<vehicle interest="trade-in" status="used"><year>2019</year>');
  expect(buildLeadEmail(alone).text).not.toMatch(/^Vehicle:/m);
  expect(buildLeadEmail(alone).text).toContain("Trade-in vehicle: 2019 Mazda CX-5 (VIN JMZKF4W7A00612345)");
});

// Every C0 and C1 control, DEL, lone surrogates, non-characters and terminal escape sequences.
const ESCAPES = "\u001b[2J\u001b[31mred\u001b[0m \u001b]0;owned\u0007title \u001b]8;;https://evil.test\u001b\\link\u001b]8;;\u001b\\ \u009b31mcsi8 \u001bc";
const EVERY_CONTROL = Array.from({ length: 0xa0 }, (_, i) => String.fromCharCode(i)).join("") + "\uD800 \uDBFF \uDC00 \uDFFF \uFFFE \uFFFF";
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

it("ADF never carries a character XML 1.0 forbids, nor a terminal escape, whatever the lead says", () => {
  const hostile = `${ESCAPES} ${EVERY_CONTROL} 🚗 end`;
  const ctx = context({ dealership: { id: 101, name: hostile, leadEmail: "a@b.test", phone: hostile }, site: { slug: "s", name: hostile, currency: hostile } }, {
    fields: { first_name: "Ada", email: "ada@example.com", message: hostile },
  });
  // Past what validation lets through too: the builder stands on its own.
  Object.assign(ctx.lead.fields, { first_name: hostile, last_name: hostile, postcode: hostile });
  ctx.lead.category = hostile;
  const xml = buildAdf(ctx);
  expect(XML_CHARS.test(xml)).toBe(true);
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
  expect(xml).not.toMatch(/\[31m|\]0;|8;;|31mcsi8/);
  expect(xml).toContain("red title link csi8");
  expect(xml).toContain("🚗 end");
  if (hasXmllint) expect(xmllint(xml, "--noout").status).toBe(0);
});

it("the dealer's e-mail keeps no control character but tab and newline, and no terminal escape", () => {
  const hostile = `${ESCAPES}\r\nsecond line\ttabbed ${EVERY_CONTROL}🚗`;
  const ctx = context({}, { fields: { first_name: "Ada", last_name: "Smith", phone: "0400000000", message: hostile } });
  ctx.lead.fields.first_name = `Ada${ESCAPES}`;
  const mail = buildLeadEmail(ctx);
  for (const text of [mail.subject, mail.text]) {
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).not.toMatch(/\[2J|\[31m|\]0;|8;;/);
  }
  expect(mail.text).toContain("red title link csi8 \nsecond line\ttabbed \t\n\n !\"#$%&'()*+,-./0123456789:;<=>?@ABC");
  expect(mail.subject).toBe("Vehicle Enquiry — 2021 Toyota Corolla Ascent Sport (stock S-car-1) — Adared title link csi8  Smith");
});

it("stripControls and visibleControls", () => {
  expect(stripControls("a\u001b[1;31mb\u001b[0m\u0007c\r\nd\re\u0000f\u009fg\th")).toBe("abc\nd\nefg\th");
  // An unterminated string escape loses only its introducer, not the text after it.
  expect(stripControls("before \u001b]0;rest of the message")).toBe("before 0;rest of the message");
  expect(visibleControls("a\u001b[2Jb\u0000c\td\ne\u009bf\u202eg\r")).toBe("a\\u001b[2Jb\\u0000c\td\ne\\u009bf\\u202eg\\u000d");
});
