/**
 * The pre-publish checklist (issue 17): what a site must have right before it goes live, beyond
 * the schema. Failing items block publishing (staff may override with a reason; dealers may not);
 * a warning never blocks. Pure: server/admin/checklist.ts gathers the other sites and the stock
 * and runs it for the editor, the publish route and scheduled publishing alike.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import type { TenantError } from "./tenant-validation";
import { findPlaceholders } from "./placeholders";
import { deadLinks } from "./site-links";
import { fieldPlace } from "./field-place";
import { eachText, listingRuleProblems } from "./listing-rules";

const placeOf = (doc: unknown, pointer: string) => fieldPlace(pointer, doc);

export type CheckId = "valid" | "links" | "placeholders" | "other-dealers" | "lead-email" | "listing-rules" | "stock";
export type CheckStatus = "pass" | "fail" | "warn";

export interface CheckProblem {
  message: string;
  /** Where, in words ("Menu › Finance"). */
  where: string;
  /** The field to open in the editor. */
  pointer: string;
}

export interface CheckItem {
  id: CheckId;
  status: CheckStatus;
  /** One plain sentence: what was checked and how it came out. */
  summary: string;
  problems: CheckProblem[];
}

/** Another site, whose names, phone numbers, e-mails, domains and licence numbers must not appear in this one. */
export interface OtherSite {
  name: string;
  document: unknown;
}

export interface ChecklistContext {
  others: OtherSite[];
  /** Cars in stock (shown on the site) of the dealerships the document names. */
  stock: number;
  /** Of those, the used and demo cars (New Zealand's Consumer Information Notice is theirs); none when not given. */
  usedStock?: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quote = (text: string) => `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;

function item(id: CheckId, problems: CheckProblem[], pass: string, fail: (n: number) => string): CheckItem {
  return { id, status: problems.length ? "fail" : "pass", summary: problems.length ? fail(problems.length) : pass, problems };
}

/**
 * The checklist of a document as `validateTenant` left it. `errors`: the document's validation
 * errors; while there are any, only that item is checked (the rest need a valid document). `draft`:
 * the document as written, to name the pages and blocks of those errors when it is not valid.
 */
export function publishChecklist(doc: TenantDocument | null, errors: TenantError[], ctx: ChecklistContext, draft: unknown = doc): CheckItem[] {
  const valid = item(
    "valid",
    errors.map((e) => ({ message: e.message, where: placeOf(draft, e.pointer), pointer: e.pointer })),
    "Every field is filled in correctly.",
    (n) => `${plural(n, "field")} to correct first; the other checks run once the draft has no errors.`,
  );
  if (!doc || errors.length) return [valid];

  const links = deadLinks(doc).map((l) => ({ message: `${quote(l.href)} leads to no page of this site.`, where: l.where, pointer: l.pointer }));
  const placeholders = findPlaceholders(doc).map((p) => ({ message: `Still a placeholder: ${quote(p.text)}.`, where: placeOf(doc, p.pointer), pointer: p.pointer }));
  const leadEmail = doc.dealerships.flatMap((d, i) =>
    d.leadEmail?.trim() ? [] : [{ message: `${d.name} has no lead e-mail address, so its leads cannot be sent.`, where: placeOf(doc, `/dealerships/${i}`), pointer: `/dealerships/${i}/leadEmail` }],
  );
  const rules = listingRuleProblems(doc, { usedStock: ctx.usedStock ?? 0 });
  const stock: CheckItem = ctx.stock > 0
    ? { id: "stock", status: "pass", summary: `${plural(ctx.stock, "car")} in stock.`, problems: [] }
    : {
        id: "stock",
        status: "warn",
        summary: "No car in stock yet: the search and car pages stay empty until the dealerships' feed sends cars. (A warning: it does not stop publishing.)",
        problems: [],
      };
  return [
    valid,
    item("links", links, "Every link inside the site leads to a page.", (n) => `${plural(n, "link")} ${n === 1 ? "leads" : "lead"} to no page.`),
    item("placeholders", placeholders, "No placeholder text or picture is left.", (n) => `${plural(n, "placeholder")} left to replace.`),
    item("other-dealers", otherDealersText(doc, ctx.others), "No other dealer's name, phone number, e-mail, domain or licence number.", (n) => `${plural(n, "place")} with another dealer's details.`),
    item("lead-email", leadEmail, "Every dealership has a lead e-mail address.", (n) => `${plural(n, "dealership")} without a lead e-mail address.`),
    item("listing-rules", rules, "The site meets the advertising rules of its states or country: licence numbers, phone, wording.", (n) => `${plural(n, "place")} ${n === 1 ? "breaks" : "break"} an advertising rule of the site's states or country.`),
    stock,
  ];
}

/** Whether the checklist stops publishing (a failing item; warnings never do). */
export const blocksPublishing = (items: CheckItem[]) => items.some((i) => i.status === "fail");

type Kind = "name" | "phone number" | "e-mail address" | "domain" | "licence number";
interface Mark {
  text: string;
  kind: Kind;
  site: string;
}

/** A phone number's digits as dialled at home: +61 7 … and 07 … are one number. */
const phoneDigits = (s: string) => s.replace(/\D/g, "").replace(/^(61|64)(?=[1-9]\d{7,})/, "0");
const PHONE_IN_TEXT = /\+?\d[\d ()-]{6,}\d/g;

/**
 * What identifies a site: its names, phone numbers, e-mail addresses, domains and licence numbers
 * (with `identityOnly`, only what its identity says: name, group, main phone and e-mail, domains).
 */
function marksOf(doc: unknown, site: string, identityOnly = false): Mark[] {
  const d = (doc ?? {}) as Partial<TenantDocument>;
  const out: Mark[] = [];
  const add = (text: unknown, kind: Kind) => {
    if (typeof text !== "string") return;
    const t = kind === "domain" ? text.trim().toLowerCase().replace(/^www\./, "") : text.trim();
    // Short names ("Sales", "Service") and numbers are everyone's; only distinctive ones identify a dealer.
    const enough =
      kind === "phone number" ? phoneDigits(t).length >= 8 : kind === "licence number" ? t.length >= 4 : kind === "name" ? t.length >= 8 && /\S\s+\S/.test(t) : t.length >= 6;
    if (enough) out.push({ text: t, kind, site });
  };
  add(d.identity?.name, "name");
  add(d.identity?.groupName, "name");
  add(d.identity?.phone, "phone number");
  add(d.identity?.email, "e-mail address");
  for (const domain of d.identity?.domains ?? []) add(domain, "domain");
  if (identityOnly) return out;
  for (const x of d.dealerships ?? []) {
    add(x.name, "name");
    add(x.phone, "phone number");
    add(x.leadEmail, "e-mail address");
  }
  for (const l of d.locations ?? []) {
    add(l.name, "name");
    add(l.contact_detail?.phone, "phone number");
    add(l.contact_detail?.landline_phone, "phone number");
    add(l.contact_detail?.email, "e-mail address");
    add(l.dealer_license_number, "licence number");
    add(l.motor_vehicle_repairer, "licence number");
  }
  return out;
}

const key = (m: Pick<Mark, "text" | "kind">) => (m.kind === "phone number" ? `p:${phoneDigits(m.text)}` : `t:${m.text.toLowerCase()}`);

/** The places in `doc` that hold another site's details (one problem per place: the first found). */
export function otherDealersText(doc: TenantDocument, others: OtherSite[]): CheckProblem[] {
  // What the site says it is itself is its own (sites of one group may share a name or a phone);
  // its dealerships and locations are not: a copied site's are the first thing left behind.
  const own = new Set(marksOf(doc, "", true).map(key));
  const marks = others.flatMap((o) => marksOf(o.document, o.name)).filter((m) => !own.has(key(m)));
  // The longest first, so "Harbourline Toyota Cleveland Sales" is named rather than "Harbourline Toyota".
  const texts = marks
    .filter((m) => m.kind !== "phone number")
    .map((m) => ({ ...m, lower: m.text.toLowerCase() }))
    .sort((a, b) => b.text.length - a.text.length);
  const phones = new Map(marks.filter((m) => m.kind === "phone number").map((m) => [phoneDigits(m.text), m]));
  const problems: CheckProblem[] = [];
  eachText(doc, (value, pointer) => {
    const lower = value.toLowerCase();
    const found = texts.find((m) => lower.includes(m.lower)) ?? [...value.matchAll(PHONE_IN_TEXT)].map((p) => phones.get(phoneDigits(p[0]))).find(Boolean);
    if (found) problems.push({ message: `${quote(found.text)} is ${found.kind === "e-mail address" ? "an" : "a"} ${found.kind} of another site, ${found.site}.`, where: placeOf(doc, pointer), pointer });
  });
  return problems;
}
