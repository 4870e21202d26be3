/**
 * Whether a language model's reading of a request is taken (issue 34): only when every filter it
 * names exists in the site's facets — a value attribute's value among the site's values, a range on
 * a range attribute with whole-number ends — and nothing else is in it. One unknown filter and the
 * whole answer is refused. A taken answer only adds to the embedded parser's reading: the filters the
 * parser placed stay, the model's fill attributes the parser left unset, and the query keeps only
 * words the parser had left over (the model cannot put words of its own in the search).
 */
import { normaliseRange } from "../../domain/search-rules";
import { RANGE_ATTRIBUTES, VALUE_ATTRIBUTES, type Facets, type Understood } from "../../domain/understand/understand";

export type Reading = Pick<Understood, "refinementList" | "range" | "query">;

const VALUES = new Set<string>(VALUE_ATTRIBUTES);
const RANGES = new Set<string>(RANGE_ATTRIBUTES);
const KEYS = new Set(["refinementList", "range", "query"]);
/** The most values one attribute may name (a request names a few). */
const MAX_VALUES = 20;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** Why an answer was refused, for the log; null when it is taken. */
export function refusal(answer: unknown, facets: Facets): string | null {
  if (!isObject(answer)) return "the answer is not a JSON object";
  for (const key of Object.keys(answer)) if (!KEYS.has(key)) return `the answer names "${key.slice(0, 40)}", which is not part of a reading`;
  const { refinementList = {}, range = {}, query = "" } = answer;
  if (!isObject(refinementList) || !isObject(range) || typeof query !== "string") return "refinementList and range must be objects and query a string";
  for (const [attribute, values] of Object.entries(refinementList)) {
    if (!VALUES.has(attribute)) return `"${attribute.slice(0, 40)}" is not a filter the request may set`;
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_VALUES) return `refinementList.${attribute} must be a list of 1 to ${MAX_VALUES} values`;
    for (const value of values) {
      if (typeof value !== "string" || !Object.hasOwn(facets[attribute] ?? {}, value)) return `${attribute} "${String(value).slice(0, 60)}" is not a value this site has`;
    }
  }
  for (const [attribute, value] of Object.entries(range)) {
    if (!RANGES.has(attribute)) return `"${attribute.slice(0, 40)}" is not a range the request may set`;
    if (typeof value !== "string" || !/^\d{0,10}:\d{0,10}$/.test(value) || value === ":" || !normaliseRange(attribute, value)) return `range.${attribute} "${String(value).slice(0, 40)}" is not "lo:hi" in whole numbers`;
  }
  if (query.length > 200) return "query is over 200 characters";
  return null;
}

/**
 * The reading to use: the parser's with the model's taken answer added (see the file's comment), or
 * null when the answer is refused or adds no filter.
 */
export function mergeReading(embedded: Reading, answer: unknown, facets: Facets, joinNewAndDemo: boolean): Reading | null {
  if (refusal(answer, facets) !== null) return null;
  const a = answer as { refinementList?: Record<string, string[]>; range?: Record<string, string>; query?: string };
  const refinementList = { ...embedded.refinementList };
  const range = { ...embedded.range };
  let added = false;
  for (const [attribute, values] of Object.entries(a.refinementList ?? {})) {
    if (refinementList[attribute]) continue;
    let taken = [...new Set(values)];
    if (attribute === "car_type" && joinNewAndDemo && taken.includes("new") && facets.car_type?.demo !== undefined && !taken.includes("demo")) taken = [...taken, "demo"];
    refinementList[attribute] = taken;
    added = true;
  }
  for (const [attribute, value] of Object.entries(a.range ?? {})) {
    if (range[attribute] || (attribute === "year" && refinementList.year)) continue;
    range[attribute] = normaliseRange(attribute, value)!;
    added = true;
  }
  if (!added) return null;
  const left = new Set(words(embedded.query));
  const query = words(a.query ?? "")
    .filter((w) => left.has(w))
    .join(" ");
  return { refinementList, range, query };
}
