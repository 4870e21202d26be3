/**
 * Plain words for the tenant document's fields: a field's title and place found from a JSON pointer
 * (walking the generated schema, a block by its type), the sentence a failed rule becomes ("Primary
 * must look like #1A2B3C."), and the labels of enumerated values. Shared by the validator's messages
 * and the admin's forms and error lists, so neither ever shows a regular expression or a pointer.
 */
import type { ErrorObject } from "ajv";
import tenantSchema from "../schemas/generated/tenant.schema.json" with { type: "json" };

type Node = Record<string, any>;
const root = tenantSchema as unknown as Node;
const definitions = root.definitions as Record<string, Node>;
export const DEF = "#/definitions/";

/** What each pattern of the schema asks for, after the field's title. Every pattern has one (a test checks). */
export const PATTERN_WORDS: Record<string, string> = {
  "^[a-z0-9]+(-[a-z0-9]+)*$": "may contain only lower-case letters, digits and single hyphens, like harbour-city",
  "^(/[^\\s]*|#[A-Za-z][\\w-]*|https?://[^\\s]+|tel:\\+?[0-9 ]+|sms:\\+?[0-9 ]+|mailto:[^\\s@]+@[^\\s@]+)$":
    "must be a page of this site (starting with /), a web address (https://…), a phone link (tel:…), an e-mail link (mailto:…) or a section of the page (#…)",
  "^#[0-9a-fA-F]{6}$": "must look like #1A2B3C",
  "^\\+?[0-9 ()-]{6,20}$": "must be a phone number, like 07 3000 1234 or +61 7 3000 1234",
  "^([01][0-9]|2[0-3]):[0-5][0-9]$": "must be a time like 08:30 or 17:00",
  "^(/[^\\s]+|https?://[^\\s]+)$": "must be an address starting with / or https://",
  "^[a-z0-9.-]+$": "must be a domain name like www.example.com.au",
  "^https://": "must be a web address starting with https://",
  "^https://[^\\s\"'<>\\\\]+$": "must be a web address starting with https://, without spaces or quotes",
  "^(?=.*\\{z\\})(?=.*\\{x\\})(?=.*\\{y\\})https://[A-Za-z0-9.{}-]+(:[0-9]{1,5})?/[^\\s\"'<>\\\\]*$":
    "must be a web address starting with https:// that contains {z}, {x} and {y}",
  "^/[a-z0-9-]+$": "must be a path like /my-garage",
  "^https?://": "must be a web address starting with https://",
  "^[0-9]{4}$": "must be 4 digits",
  "^/([a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*)?$": "must be a path like / or /about-us: lower-case letters, digits and hyphens",
  "\\{price\\}": "must contain {price}, where the estimate goes",
  "\\{count\\}": "must contain {count}, where the number goes",
  "^[a-z][a-z0-9-]{0,59}$": "must start with a letter and contain only lower-case letters, digits and hyphens (at most 60)",
  "^(/|https://)": "must be a page of this site (starting with /) or a web address starting with https://",
  "^[A-Za-z0-9_-]{1,60}$": "may contain only letters, digits, hyphens and underscores (at most 60), like BNE-01",
  "^G-[A-Z0-9]{4,16}$": "must look like G-ABC123DEF4: G- then capital letters and digits",
  "^[0-9]{6,20}$": "must be a number of 6 to 20 digits",
};

/** Labels of enumerated values where the value itself is not plain words (the rest are humanised). */
const ENUM_LABELS: Record<string, string> = {
  "en-AU": "English (Australia)",
  "en-NZ": "English (New Zealand)",
  AUD: "Australian dollars (AUD)",
  NZD: "New Zealand dollars (NZD)",
  created_at: "Date listed",
  km: "Odometer (km)",
  custom_rank: "Dealer's own order",
  asc: "Lowest first",
  desc: "Highest first",
  car_type: "Car type (new, demo, used)",
  price_range: "Price range",
  location_name: "Location",
  lightTruck: "Light trucks",
  ute: "Utes",
  "new-demo": "New & demo",
  "buy-online": "Buy online",
  "after-scroll": "After scrolling",
  "service-and-parts": "Service and parts",
  "by-appointment": "By appointment",
  coming_soon: "Coming soon",
  "recent-car": "A recent car",
  "weekly-payment": "A weekly payment is quoted",
  "monthly-payment": "A monthly payment is quoted",
  first_name: "First name",
  last_name: "Last name",
  email: "E-mail",
  "1920x540": "Wide banner (1920 × 540)",
  "1920x1080": "Tall banner (1920 × 1080)",
  "check-circle": "Check in a circle",
  x: "X (Twitter)",
  linkedin: "LinkedIn",
  whatsapp: "WhatsApp",
  suv: "SUV",
  "spin-to-win": "Spin to win",
  "online-payment": "Online payment",
  "equifax-finance": "Equifax finance",
  "my-garage": "My garage",
  count: "Most cars first",
  name: "By name",
  "": "Not set",
};

/** A value or name as words: "average_rating", "leadEmail" → "Average rating", "Lead email". */
export function humanise(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim().toLowerCase();
  return words.replace(/^\w/, (c) => c.toUpperCase()).replace(/\b(url|crm|adf|id|abn|nzbn|mvtr|seo|api|sms)\b/gi, (w) => w.toUpperCase());
}

/** The label of an enumerated value ("created_at" → "Date listed", "weekly" → "Weekly"). */
export function enumLabel(value: unknown): string {
  if (typeof value !== "string") return String(value);
  if (value in ENUM_LABELS) return ENUM_LABELS[value];
  // Values that are already words (titles, time zones, sentences) stay as they are.
  return /[A-Z/ ]/.test(value) ? value : humanise(value);
}

/** A schema node with its $ref followed (the referring node's own title and description win). */
export function resolveNode(node: Node | undefined): Node | undefined {
  let n = node;
  for (let i = 0; n && typeof n.$ref === "string" && n.$ref.startsWith(DEF) && i < 8; i++) {
    const { $ref, ...own } = n;
    n = { ...definitions[$ref.slice(DEF.length)], ...own };
  }
  return n;
}

/** A block kind's title ("rich-text" → "Rich text"). */
export const blockTitle = (type: string): string => String(definitions[`${pascal(type)}Block`]?.title ?? humanise(type));

const pascal = (type: string) => type.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const unescape = (part: string) => part.replace(/~1/g, "/").replace(/~0/g, "~");

export interface PathStep {
  key: string;
  /** The schema of this step (resolved), when the schema has one. */
  node?: Node;
  /** The document's value here, when `doc` was given. */
  value?: unknown;
  /** A list item's 1-based position. */
  position?: number;
}

/** The schema along a JSON pointer in the tenant document; a block is looked up by its type in `doc`. */
export function schemaSteps(pointer: string, doc?: unknown): PathStep[] {
  const steps: PathStep[] = [];
  let node: Node | undefined = root;
  let value: any = doc;
  for (const part of pointer.split("/").slice(1).map(unescape)) {
    const here = resolveNode(node);
    value = value && typeof value === "object" ? value[part] : undefined;
    let next: Node | undefined;
    let position: number | undefined;
    if (here?.type === "array" || here?.items) {
      position = /^\d+$/.test(part) ? Number(part) + 1 : undefined;
      next = here.items as Node | undefined;
      if (next?.$ref === `${DEF}block`) {
        const type = value && typeof value === "object" ? (value as { type?: unknown }).type : undefined;
        next = typeof type === "string" ? definitions[`${pascal(type)}Block`] : undefined;
      }
    } else {
      next = (here?.properties as Record<string, Node> | undefined)?.[part];
    }
    node = next;
    steps.push({ key: part, node: resolveNode(next), value, position });
  }
  return steps;
}

/** A list item's own name (its title, label, name or heading), cut to 40 characters. */
export const nameOf = (value: unknown): string | undefined => {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Node;
  const named = [v.title, v.label, v.name, v.heading].find((n) => typeof n === "string" && n.trim());
  return named ? (named as string).trim().slice(0, 40) : undefined;
};
export const isBlock = (step: PathStep | undefined) => typeof step?.node?.properties?.type?.const === "string";
export const titleOf = (step: PathStep) => (typeof step.node?.title === "string" ? step.node.title.trim() : "");

/** A step's words: its title, else a list item's name or title and position ("Day 3"), else its name. */
export function stepTitle(step: PathStep, list?: PathStep): string {
  const title = titleOf(step);
  if (step.position !== undefined) {
    const what = title || (list?.node?.title ? String(list.node.title) : "Item");
    return nameOf(step.value) ?? `${what} ${step.position}`;
  }
  return title || KEY_WORDS[step.key] || humanise(step.key);
}

/** Words for keys the schema cannot title (a block whose kind is not known). */
export const KEY_WORDS: Record<string, string> = { html: "Text", href: "Link", url: "Link", src: "Picture", alt: "Description" };

/** The title of the field at `pointer` ("Primary", "Postcode"). */
export function fieldTitle(pointer: string, doc?: unknown): string {
  const steps = schemaSteps(pointer, doc);
  const last = steps.at(-1);
  if (!last) return "The site";
  return stepTitle(last, steps.at(-2));
}

const s = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "yes or no",
  object: "a group of settings",
  array: "a list",
};
const FORMAT_WORDS: Record<string, string> = {
  email: "must be an e-mail address, like sales@example.com.au",
  uri: "must be a web address starting with https://",
  date: "must be a date (day, month and year)",
  "date-time": "must be a date and time",
  time: "must be a time like 08:30",
};

/** A failed schema rule of the tenant document as a sentence naming the field; undefined for keywords worded elsewhere. */
export function plainSchemaError(e: ErrorObject, doc: unknown): { pointer: string; message: string } | undefined {
  const pointer = e.instancePath;
  const title = () => fieldTitle(pointer, doc);
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case "required": {
      const at = `${pointer}/${String(p.missingProperty).replace(/~/g, "~0").replace(/\//g, "~1")}`;
      return { pointer: at, message: `${fieldTitle(at, doc)} is required.` };
    }
    case "pattern": {
      const words = PATTERN_WORDS[p.pattern as string];
      return { pointer, message: `${title()} ${words ?? "is not in the expected form"}.` };
    }
    case "format":
      return { pointer, message: `${title()} ${FORMAT_WORDS[p.format as string] ?? "is not in the expected form"}.` };
    case "minLength":
      return { pointer, message: p.limit === 1 ? `${title()} cannot be empty.` : `${title()} must be at least ${s(p.limit, "character")} long.` };
    case "maxLength":
      return { pointer, message: `${title()} can be at most ${s(p.limit, "character")} long.` };
    case "minimum":
    case "exclusiveMinimum":
      return { pointer, message: `${title()} must be ${e.keyword === "minimum" ? "at least" : "more than"} ${p.limit}.` };
    case "maximum":
    case "exclusiveMaximum":
      return { pointer, message: `${title()} must be ${e.keyword === "maximum" ? "at most" : "less than"} ${p.limit}.` };
    case "multipleOf":
      return { pointer, message: `${title()} must be a multiple of ${p.multipleOf}.` };
    case "minItems":
      return { pointer, message: `${title()} needs at least ${s(p.limit, "item")}.` };
    case "maxItems":
      return { pointer, message: `${title()} can have at most ${s(p.limit, "item")}.` };
    case "uniqueItems":
      return { pointer, message: `${title()} lists the same choice twice.` };
    case "enum":
      return { pointer, message: `${title()} must be one of: ${(p.allowedValues as unknown[]).map(enumLabel).join(", ")}.` };
    case "type":
      return { pointer, message: `${title()} must be ${TYPE_WORDS[String(p.type).split(",")[0]] ?? p.type}.` };
    case "additionalProperties":
      return {
        pointer: `${pointer}/${String(p.additionalProperty).replace(/~/g, "~0").replace(/\//g, "~1")}`,
        message: `${pointer ? title() : "The site"} has a setting this version does not know (“${p.additionalProperty}”); remove it.`,
      };
    default:
      return undefined;
  }
}
