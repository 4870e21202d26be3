/**
 * Algolia's three filter syntaxes, parsed into one FilterNode tree:
 * - `filters`: `make:Toyota AND (body:suv OR NOT colour:"Pearl White") AND price:1000 TO 5000 AND year >= 2020`
 * - `facetFilters`: ["make:Toyota", ["body:suv", "body:ute"], "-colour:Red"] (AND of ORs, "-" negates)
 * - `numericFilters`: ["price>=1000", ["year=2021", "year=2022"], "km:0 TO 5000"]
 * Attributes are checked against the settings: a facet value needs attributesForFaceting, a comparison
 * needs numericAttributes, as Algolia requires.
 */
import { SearchRequestError, type FilterNode, type NumericOp, type ResolvedSettings } from "./types";
import { facetKey } from "./values";

type Schema = Pick<ResolvedSettings, "facetSet" | "numericSet">;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const parseNumber = (s: string) => (NUMBER.test(s) ? Number(s) : NaN);

/** `attr:value`: a facet filter; on a numeric-only attribute, numeric equality (booleans as 1/0). */
function valueFilter(schema: Schema, attribute: string, value: string, where: string): FilterNode {
  if (schema.facetSet.has(attribute)) return { type: "facet", attribute, value };
  if (schema.numericSet.has(attribute)) {
    const n = value === "true" ? 1 : value === "false" ? 0 : parseNumber(value);
    if (Number.isNaN(n)) throw new SearchRequestError(`Attribute "${attribute}" is numeric, so "${value}" must be a number ${where}`);
    return { type: "numeric", attribute, op: "=", value: n };
  }
  throw new SearchRequestError(`Attribute "${attribute}" is not in attributesForFaceting ${where}`);
}

function numericAttribute(schema: Schema, attribute: string, where: string) {
  if (!schema.numericSet.has(attribute)) throw new SearchRequestError(`Attribute "${attribute}" is not in numericAttributes ${where}`);
}

const and = (children: FilterNode[]): FilterNode | null =>
  children.length === 0 ? null : children.length === 1 ? children[0] : { type: "and", children };
const or = (children: FilterNode[]): FilterNode => (children.length === 1 ? children[0] : { type: "or", children });

// ---- filters string ----

type Token = { kind: "word" | "string" | "op" | "(" | ")" | ":"; text: string; pos: number };

function lex(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) i++;
    else if (c === "(" || c === ")" || c === ":") tokens.push({ kind: c, text: c, pos: i++ });
    else if (c === '"' || c === "'") {
      let text = "";
      let j = i + 1;
      for (; j < src.length && src[j] !== c; j++) text += src[j] === "\\" && j + 1 < src.length ? src[++j] : src[j];
      if (j >= src.length) throw new SearchRequestError(`Unterminated string starting at position ${i} in filters`);
      tokens.push({ kind: "string", text, pos: i });
      i = j + 1;
    } else if (c === "<" || c === ">" || c === "=" || c === "!") {
      const two = src.slice(i, i + 2);
      const text = two === "<=" || two === ">=" || two === "!=" ? two : c;
      if (text === "!") throw new SearchRequestError(`Unexpected character "!" at position ${i} in filters`);
      tokens.push({ kind: "op", text, pos: i });
      i += text.length;
    } else {
      const m = /^[^\s()"':<>=!]+/.exec(src.slice(i))!;
      tokens.push({ kind: "word", text: m[0], pos: i });
      i += m[0].length;
    }
  }
  return tokens;
}

const KEYWORDS = new Set(["AND", "OR", "NOT", "TO"]);
const MAX_DEPTH = 64;

/** Parses Algolia's `filters` string. Empty → null. AND binds tighter than OR; NOT applies to one term. */
export function parseFilters(src: string, schema: Schema, name = "filters"): FilterNode | null {
  const tokens = lex(src);
  if (!tokens.length) return null;
  let p = 0;
  const fail = (t: Token | undefined, expected: string): never => {
    throw new SearchRequestError(
      t
        ? `Unexpected token "${t.text}" at position ${t.pos} in ${name} (expected ${expected})`
        : `Unexpected end of ${name} at position ${src.length} (expected ${expected})`,
    );
  };
  const isKeyword = (t: Token | undefined, k: string) => t?.kind === "word" && t.text === k;
  const expectValue = (expected: string): Token => {
    const t = tokens[p];
    if (!t || !(t.kind === "string" || (t.kind === "word" && !KEYWORDS.has(t.text)))) fail(t, expected);
    p++;
    return t;
  };
  const expectNumber = (): number => {
    const t = expectValue("a number");
    const n = parseNumber(t.text);
    if (Number.isNaN(n)) throw new SearchRequestError(`Expected a number but found "${t.text}" at position ${t.pos} in ${name}`);
    return n;
  };

  const orExpr = (depth: number): FilterNode => {
    const children = [andExpr(depth)];
    while (isKeyword(tokens[p], "OR")) {
      p++;
      children.push(andExpr(depth));
    }
    return or(children);
  };
  const andExpr = (depth: number): FilterNode => {
    const children = [unary(depth)];
    while (isKeyword(tokens[p], "AND")) {
      p++;
      children.push(unary(depth));
    }
    return and(children)!;
  };
  const unary = (depth: number): FilterNode => {
    if (depth > MAX_DEPTH) throw new SearchRequestError(`${name} nest deeper than ${MAX_DEPTH} levels`);
    const t = tokens[p];
    if (isKeyword(t, "NOT")) return p++, { type: "not", child: unary(depth + 1) };
    if (t?.kind === "(") {
      p++;
      const inner = orExpr(depth + 1);
      if (tokens[p]?.kind !== ")") fail(tokens[p], `")" to close "(" at position ${t.pos}`);
      p++;
      return inner;
    }
    return predicate();
  };
  const predicate = (): FilterNode => {
    const attr = expectValue("an attribute");
    const where = `at position ${attr.pos} in ${name}`;
    const t = tokens[p];
    if (t?.kind === ":") {
      p++;
      const v = expectValue(`a value after "${attr.text}:"`);
      if (!isKeyword(tokens[p], "TO")) return valueFilter(schema, attr.text, v.text, where);
      p++;
      numericAttribute(schema, attr.text, where);
      const lo = parseNumber(v.text);
      if (Number.isNaN(lo)) throw new SearchRequestError(`Expected a number but found "${v.text}" at position ${v.pos} in ${name}`);
      return { type: "range", attribute: attr.text, lo, hi: expectNumber() };
    }
    if (t?.kind === "op") {
      p++;
      numericAttribute(schema, attr.text, where);
      return { type: "numeric", attribute: attr.text, op: t.text as NumericOp, value: expectNumber() };
    }
    return fail(t, `":" or a comparison after "${attr.text}"`);
  };

  const node = orExpr(0);
  if (p < tokens.length) fail(tokens[p], '"AND", "OR" or the end');
  return node;
}

// ---- facetFilters and numericFilters ----

type Nested = string | (string | string[])[];

/** AND of ORs: each top-level entry is a string or an array of strings (OR). */
function nested(input: unknown, name: string, one: (s: string, where: string) => FilterNode): FilterNode | null {
  if (input === undefined || input === null || input === "") return null;
  if (typeof input === "string") return one(input, `in ${name}`);
  if (!Array.isArray(input)) throw new SearchRequestError(`${name} must be a string or an array of strings and arrays of strings`);
  const children = (input as Nested as unknown[]).flatMap((item, i): FilterNode[] => {
    if (typeof item === "string") return item === "" ? [] : [one(item, `in ${name}[${i}]`)];
    if (!Array.isArray(item) || item.some((s) => typeof s !== "string"))
      throw new SearchRequestError(`${name}[${i}] must be a string or an array of strings`);
    const alternatives = item.flatMap((s: string, j) => (s === "" ? [] : [one(s, `in ${name}[${i}][${j}]`)]));
    return alternatives.length ? [or(alternatives)] : [];
  });
  return and(children);
}

export function parseFacetFilters(input: unknown, schema: Schema): FilterNode | null {
  return nested(input, "facetFilters", (s, where) => {
    const negative = s.startsWith("-");
    const body = negative ? s.slice(1) : s;
    const colon = body.indexOf(":");
    if (colon <= 0) throw new SearchRequestError(`"${s}" is not attribute:value ${where}`);
    let value = body.slice(colon + 1);
    if (value.startsWith("\\-")) value = value.slice(1); // InstantSearch escapes a leading "-"
    const node = valueFilter(schema, body.slice(0, colon).trim(), value, where);
    return negative ? { type: "not", child: node } : node;
  });
}

const COMPARISON = /^\s*([^\s<>=!:]+)\s*(<=|>=|!=|<|>|=)\s*(\S+)\s*$/;
const RANGE = /^\s*([^\s<>=!:]+)\s*:\s*(\S+)\s+TO\s+(\S+)\s*$/;

export function parseNumericFilters(input: unknown, schema: Schema): FilterNode | null {
  return nested(input, "numericFilters", (s, where) => {
    const num = (v: string) => {
      const n = parseNumber(v);
      if (Number.isNaN(n)) throw new SearchRequestError(`Expected a number but found "${v}" ${where}`);
      return n;
    };
    let m = COMPARISON.exec(s);
    if (m) {
      numericAttribute(schema, m[1], where);
      return { type: "numeric", attribute: m[1], op: m[2] as NumericOp, value: num(m[3]) };
    }
    if ((m = RANGE.exec(s))) {
      numericAttribute(schema, m[1], where);
      return { type: "range", attribute: m[1], lo: num(m[2]), hi: num(m[3]) };
    }
    throw new SearchRequestError(`"${s}" is not "attribute<op>number" or "attribute:lo TO hi" ${where}`);
  });
}

/** Conjunction of the given filters, null when none. */
export const allOf = (nodes: (FilterNode | null)[]): FilterNode | null => and(nodes.filter((n): n is FilterNode => n !== null));

/** A canonical key for a filter, for memoising its evaluation. */
export function filterKey(n: FilterNode): string {
  switch (n.type) {
    case "and":
    case "or":
      return `${n.type}(${n.children.map(filterKey).join(",")})`;
    case "not":
      return `not(${filterKey(n.child)})`;
    case "facet":
      return `f${JSON.stringify([n.attribute, facetKey(n.value)])}`;
    case "numeric":
      return `n${JSON.stringify([n.attribute, n.op, n.value])}`;
    case "range":
      return `r${JSON.stringify([n.attribute, n.lo, n.hi])}`;
  }
}

/** Checks a FilterNode given by code (e.g. a base filter) against the settings. */
export function checkFilter(n: FilterNode, schema: Schema): void {
  switch (n.type) {
    case "and":
    case "or":
      return n.children.forEach((c) => checkFilter(c, schema));
    case "not":
      return checkFilter(n.child, schema);
    case "facet":
      if (!schema.facetSet.has(n.attribute)) throw new SearchRequestError(`Attribute "${n.attribute}" is not in attributesForFaceting in the base filter`);
      return;
    default:
      return numericAttribute(schema, n.attribute, "in the base filter");
  }
}
