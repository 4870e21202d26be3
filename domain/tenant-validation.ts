import type { ErrorObject } from "ajv";
import { literalHostReason, privateNameReason } from "./ip-address";
import { describeSchemaErrors, valueAt, type SchemaError } from "./schema-errors";
import { fieldTitle, plainSchemaError } from "./field-wording";
import validateSchema from "../schemas/generated/validate-tenant.cjs";
import type { Block, TenantDocument } from "../schemas/generated/tenant";

/** One problem in a tenant document: where (a JSON pointer) and what, in words a person can act on. */
export type TenantError = SchemaError;

export type TenantValidation = { ok: true; document: TenantDocument } | { ok: false; errors: TenantError[] };

// Paths the app itself answers; a page there would never be reached.
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const RESERVED_PREFIXES = ["/api", "/admin", "/_next", "/cars", "/search", "/s", "/preview", "/checkout-journey"];

/** What the server refuses to post leads to (server/http/safe-fetch.ts), said at the CRM address field. */
export const CRM_NOT_PUBLIC = "CRM address must be a public https address.";
export const CRM_NOT_HTTPS = "CRM address must start with https:// (leads are not sent over plain http).";

/** A location's dealership the site does not have, in staff's words: the stock feed's name when known, else its number there. */
export const notOneOfTheSitesDealerships = (id: number, name?: string) =>
  `${name ? `"${name}"` : `The stock feed's dealership ${id}`} is not one of the site's dealerships; choose one of them, or add it under Dealerships.`;

/**
 * Validates a tenant document against the generated schema (compiled ahead of time) and the
 * rules a schema cannot say. Works on a copy: the returned document has schema defaults applied,
 * and the input is never changed. `feedNames`: the stock feed's dealership names by number, where
 * the caller knows them (the server), for messages about dealerships the document does not name.
 */
export function validateTenant(input: unknown, feedNames?: ReadonlyMap<number, string>): TenantValidation {
  const document = structuredClone(input);
  if (!validateSchema(document)) {
    return { ok: false, errors: describeSchemaErrors(validateSchema.errors ?? [], input, (e) => tenantSpecial(e, input)) };
  }
  const errors = documentRules(document as TenantDocument, feedNames);
  return errors.length ? { ok: false, errors } : { ok: true, document: document as TenantDocument };
}

export function formatErrors(errors: TenantError[]): string {
  return errors.map((e) => `${e.pointer || "/"}: ${e.message}`).join("\n");
}

// A block with an unknown type fails its discriminator; every other rule is a sentence naming the field.
function tenantSpecial(e: ErrorObject, input: unknown): TenantError | undefined {
  const pointer = e.instancePath;
  if (e.keyword === "discriminator") {
    if (e.params.error === "mapping") {
      return { pointer: `${pointer}/type`, message: `There is no block type ${JSON.stringify(valueAt(input, `${pointer}/type`))}.` };
    }
    return { pointer: `${pointer}/type`, message: "A block needs a type." };
  }
  return plainSchemaError(e, input);
}

/** Every block in the document with its JSON pointer: layout regions first, then pages. */
export function* blocksOf(doc: TenantDocument): Generator<{ block: Block; pointer: string }> {
  for (const region of ["top", "bottom"] as const) {
    for (const [i, block] of doc.layout[region].entries()) yield { block, pointer: `/layout/${region}/${i}` };
  }
  for (const [p, page] of doc.pages.entries()) {
    for (const [i, block] of page.blocks.entries()) yield { block, pointer: `/pages/${p}/blocks/${i}` };
  }
}

function documentRules(doc: TenantDocument, feedNames?: ReadonlyMap<number, string>): TenantError[] {
  const errors: TenantError[] = [];
  const firstSeen = <T>(items: Iterable<[T, string]>, what: (value: T, first: string) => string) => {
    const seen = new Map<T, string>();
    for (const [value, pointer] of items) {
      const first = seen.get(value);
      if (first !== undefined) errors.push({ pointer, message: what(value, first) });
      else seen.set(value, pointer);
    }
  };

  firstSeen(
    [...blocksOf(doc)].map(({ block, pointer }) => [block.id, `${pointer}/id`] as [string, string]),
    (id) => `Two blocks have the id "${id}"; each block needs its own.`,
  );
  firstSeen(
    doc.pages.map((p, i) => [p.id, `/pages/${i}/id`] as [string, string]),
    (id) => `Two pages have the ID "${id}"; each page needs its own.`,
  );
  firstSeen(
    doc.pages.flatMap((p, i) => (p.path !== undefined ? [[p.path, `/pages/${i}/path`] as [string, string]] : [])),
    (path) => `Two pages have the path "${path}"; choose another.`,
  );
  firstSeen(
    doc.pages.flatMap((p, i) => (p.template ? [[p.template, `/pages/${i}/template`] as [string, string]] : [])),
    (t) => `Two pages are the "${t}" template page; keep one.`,
  );
  /** Dealerships' and locations' numeric ids and their slugs: each unique within its list. */
  const uniqueIdsAndSlugs = (list: "dealerships" | "locations", noun: string) => {
    firstSeen(
      doc[list].map((x, i) => [x.id, `/${list}/${i}/id`] as [number, string]),
      (id) => `Two ${noun}s have the number ${id}; each needs its own.`,
    );
    firstSeen(
      doc[list].map((x, i) => [x.slug, `/${list}/${i}/slug`] as [string, string]),
      (slug) => `Two ${noun}s have the slug "${slug}"; each needs its own.`,
    );
  };
  uniqueIdsAndSlugs("dealerships", "dealership");
  firstSeen(
    doc.offers.map((o, i) => [o.id, `/offers/${i}/id`] as [string, string]),
    (id) => `Two offers have the ID "${id}"; each needs its own.`,
  );
  // The server posts leads to these (server/http/safe-fetch.ts), so what it would refuse is refused
  // here, at the field: plain http, a literal private address, a localhost name, a name that is never
  // public (one label, a private-use ending). Other names are checked after DNS when a lead is sent.
  doc.dealerships.forEach((d, i) => {
    if (d.crmUrl === undefined) return;
    let url: URL | null = null;
    try {
      url = new URL(d.crmUrl);
    } catch {
      // the schema's format check reports it
    }
    if (!url) return;
    const pointer = `/dealerships/${i}/crmUrl`;
    if (literalHostReason(url.hostname) || privateNameReason(url.hostname)) errors.push({ pointer, message: CRM_NOT_PUBLIC });
    else if (url.protocol === "http:") errors.push({ pointer, message: CRM_NOT_HTTPS });
  });
  const dealershipSlugs = new Set(doc.dealerships.map((d) => d.slug));
  doc.offers.forEach((o, i) => {
    if (!dealershipSlugs.has(o.dealership)) errors.push({ pointer: `/offers/${i}/dealership`, message: `Dealership "${o.dealership}" is not one of the site's dealerships.` });
    if (o.start && o.expiry && o.expiry < o.start) errors.push({ pointer: `/offers/${i}/expiry`, message: `ends on ${o.expiry}, before it starts on ${o.start}` });
  });
  uniqueIdsAndSlugs("locations", "location");

  const models = doc.models ?? [];
  firstSeen(
    models.map((m, i) => [m.id, `/models/${i}/id`] as [string, string]),
    (id) => `Two models have the ID "${id}"; each needs its own.`,
  );
  firstSeen(
    models.map((m, i) => [m.slug, `/models/${i}/slug`] as [string, string]),
    (slug) => `Two models have the page address "${slug}"; each needs its own.`,
  );
  // A model page lives at /{slug}: a page of the site, or a path the platform serves, would hide it.
  // (/success, the trade-in paths, /book-a-service and /offers are pages every site may answer.)
  const pagePaths = new Set([...doc.pages.map((p) => p.path), "/success", "/trade-in", "/sell-my-car", "/book-a-service", "/offers"]);
  models.forEach((m, i) => {
    if (m.overrideUrl) return;
    const path = `/${m.slug}`;
    if (pagePaths.has(path) || RESERVED_PREFIXES.includes(path)) errors.push({ pointer: `/models/${i}/slug`, message: `the model page address "${path}" is already a page of the site; choose another` });
  });

  doc.pages.forEach((page, i) => {
    if ((page.path === undefined) === (page.template === undefined)) {
      errors.push({ pointer: `/pages/${i}`, message: "a page needs exactly one of path or template" });
    }
    const reserved = page.path && RESERVED_PREFIXES.find((p) => page.path === p || page.path!.startsWith(`${p}/`));
    if (reserved) errors.push({ pointer: `/pages/${i}/path`, message: `"${page.path}" is served by the platform (${reserved}); choose another path` });
  });
  if (!doc.pages.some((p) => p.path === "/")) errors.push({ pointer: "/pages", message: 'the site needs a home page with path "/"' });

  const dealershipIds = new Set(doc.dealerships.map((d) => d.id));
  doc.locations.forEach((loc, i) => {
    if (!dealershipIds.has(loc.dealership_id)) {
      errors.push({ pointer: `/locations/${i}/dealership_id`, message: notOneOfTheSitesDealerships(loc.dealership_id, feedNames?.get(loc.dealership_id)?.trim()) });
    }
    loc.opening_hours?.forEach((h, j) => {
      if (h.status === "open" && (!h.open || !h.close)) {
        errors.push({ pointer: `/locations/${i}/opening_hours/${j}`, message: "an open day needs open and close times" });
      } else if (h.open && h.close && h.open >= h.close) {
        errors.push({ pointer: `/locations/${i}/opening_hours/${j}/close`, message: `closes at ${h.close}, not after it opens at ${h.open}` });
      }
    });
    firstSeen(
      (loc.opening_hours ?? []).map((h, j) => [h.weekday, `/locations/${i}/opening_hours/${j}/weekday`] as [number, string]),
      (day) => `${WEEKDAYS[day] ?? `Day ${day}`} is listed twice in the opening hours.`,
    );
  });

  const { locale, currency } = doc.identity;
  if ((locale === "en-NZ") !== (currency === "NZD")) {
    errors.push({ pointer: "/identity/currency", message: `${currency} does not match locale ${locale} (en-AU uses AUD, en-NZ uses NZD)` });
  }

  for (const [pointer, range] of Object.entries(doc.finance.calculator)) {
    if (range && typeof range === "object" && "min" in range) {
      if (range.min > range.max) errors.push({ pointer: `/finance/calculator/${pointer}/min`, message: `min ${range.min} is above max ${range.max}` });
      else if (range.default < range.min || range.default > range.max) {
        errors.push({ pointer: `/finance/calculator/${pointer}/default`, message: `default ${range.default} is outside ${range.min}–${range.max}` });
      }
    }
  }
  const slider = doc.search.heroPriceSlider;
  if (slider.min >= slider.max) errors.push({ pointer: "/search/heroPriceSlider/min", message: `min ${slider.min} must be below max ${slider.max}` });
  if (!doc.search.sorts.some((s) => s.id === doc.search.defaultSort)) {
    errors.push({ pointer: "/search/defaultSort", message: `"${doc.search.defaultSort}" is not one of the sort options` });
  }

  for (const [name, [fg, bg]] of Object.entries(contrastPairs(doc.theme.colors))) {
    const ratio = contrastRatio(fg, bg);
    if (ratio < 4.5) {
      const [front, , back] = name.split(" ");
      const pointer = `/theme/colors/${front}`;
      const message = `${fieldTitle(pointer)} has contrast ${ratio.toFixed(2)}:1 on ${fieldTitle(`/theme/colors/${back}`)}; text needs at least 4.5:1.`;
      errors.push({ pointer, message });
    }
  }
  return errors;
}

function contrastPairs(c: TenantDocument["theme"]["colors"]): Record<string, [string, string]> {
  return {
    "onPrimary on primary": [c.onPrimary, c.primary],
    "onAccent on accent": [c.onAccent, c.accent],
    "text on background": [c.text, c.background],
    "text on surface": [c.text, c.surface],
    "muted on background": [c.muted, c.background],
    "primary on background": [c.primary, c.background],
  };
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
