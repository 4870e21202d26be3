import { describe, expect, it } from "vitest";
import { parseFacetFilters, parseFilters, parseNumericFilters } from "./filters";
import { SearchRequestError } from "./types";

const schema = {
  facetSet: new Set(["make", "model", "body", "colour", "reserved", "year", "dealership_id", "make_model", "tag"]),
  numericSet: new Set(["price", "km", "year", "sold_at", "dealership_id"]),
};
const f = (s: string) => parseFilters(s, schema);
const err = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SearchRequestError);
    return (e as Error).message;
  }
  throw new Error("expected a SearchRequestError");
};

describe("filters string", () => {
  it("parses facet values, quoted values and booleans", () => {
    expect(f("make:Toyota")).toEqual({ type: "facet", attribute: "make", value: "Toyota" });
    expect(f('make_model:"Toyota > Corolla"')).toEqual({ type: "facet", attribute: "make_model", value: "Toyota > Corolla" });
    expect(f(`tag:'Test Drive Only'`)).toEqual({ type: "facet", attribute: "tag", value: "Test Drive Only" });
    expect(f('tag:"say \\"hi\\": now"')).toEqual({ type: "facet", attribute: "tag", value: 'say "hi": now' });
    expect(f("reserved:true")).toEqual({ type: "facet", attribute: "reserved", value: "true" });
    expect(f('"make":Mazda')).toEqual({ type: "facet", attribute: "make", value: "Mazda" });
    expect(f("dealership_id:12")).toEqual({ type: "facet", attribute: "dealership_id", value: "12" });
  });

  it("parses comparisons and ranges on numeric attributes", () => {
    for (const op of ["<", "<=", "=", "!=", ">=", ">"]) {
      expect(f(`price ${op} 1000`)).toEqual({ type: "numeric", attribute: "price", op, value: 1000 });
      expect(f(`price${op}-2.5`)).toEqual({ type: "numeric", attribute: "price", op, value: -2.5 });
    }
    expect(f("price:1000 TO 5000")).toEqual({ type: "range", attribute: "price", lo: 1000, hi: 5000 });
    expect(f("km: 0 TO 1e5")).toEqual({ type: "range", attribute: "km", lo: 0, hi: 100000 });
    // `attr:value` on a numeric attribute that is not a facet is numeric equality.
    expect(f("price:15000")).toEqual({ type: "numeric", attribute: "price", op: "=", value: 15000 });
  });

  it("gives AND precedence over OR, and honours NOT and parentheses", () => {
    expect(f("make:A OR make:B AND body:suv")).toEqual({
      type: "or",
      children: [
        { type: "facet", attribute: "make", value: "A" },
        { type: "and", children: [{ type: "facet", attribute: "make", value: "B" }, { type: "facet", attribute: "body", value: "suv" }] },
      ],
    });
    expect(f("(make:A OR make:B) AND NOT body:suv")).toEqual({
      type: "and",
      children: [
        { type: "or", children: [{ type: "facet", attribute: "make", value: "A" }, { type: "facet", attribute: "make", value: "B" }] },
        { type: "not", child: { type: "facet", attribute: "body", value: "suv" } },
      ],
    });
    expect(f("NOT (price < 5 OR NOT year = 2020)")).toEqual({
      type: "not",
      child: { type: "or", children: [{ type: "numeric", attribute: "price", op: "<", value: 5 }, { type: "not", child: { type: "numeric", attribute: "year", op: "=", value: 2020 } }] },
    });
    expect(f("   ")).toBeNull();
  });

  it("says what is wrong and where", () => {
    expect(err(() => f("make:Toyota AND AND body:suv"))).toBe('Unexpected token "AND" at position 16 in filters (expected an attribute)');
    expect(err(() => f("make:Toyota OR"))).toBe("Unexpected end of filters at position 14 (expected an attribute)");
    expect(err(() => f("make:"))).toBe('Unexpected end of filters at position 5 (expected a value after "make:")');
    expect(err(() => f("(make:Toyota"))).toBe('Unexpected end of filters at position 12 (expected ")" to close "(" at position 0)');
    expect(err(() => f("make:Toyota)"))).toBe('Unexpected token ")" at position 11 in filters (expected "AND", "OR" or the end)');
    expect(err(() => f("make:Toyota body:suv"))).toBe('Unexpected token "body" at position 12 in filters (expected "AND", "OR" or the end)');
    expect(err(() => f('make:"Toyota'))).toBe("Unterminated string starting at position 5 in filters");
    expect(err(() => f("price >= cheap"))).toBe('Expected a number but found "cheap" at position 9 in filters');
    expect(err(() => f("price:10 TO"))).toBe("Unexpected end of filters at position 11 (expected a number)");
    expect(err(() => f("price:a TO 5"))).toBe('Expected a number but found "a" at position 6 in filters');
    expect(err(() => f("make"))).toBe('Unexpected end of filters at position 4 (expected ":" or a comparison after "make")');
    expect(err(() => f("price ! 5"))).toBe('Unexpected character "!" at position 6 in filters');
    expect(err(() => f("colour_code:red"))).toBe('Attribute "colour_code" is not in attributesForFaceting at position 0 in filters');
    expect(err(() => f("make > 5"))).toBe('Attribute "make" is not in numericAttributes at position 0 in filters');
    expect(err(() => f("price:cheap"))).toBe('Attribute "price" is numeric, so "cheap" must be a number at position 0 in filters');
    expect(err(() => f("NOT ".repeat(100) + "make:A"))).toBe("filters nest deeper than 64 levels");
  });
});

describe("facetFilters", () => {
  const ff = (v: unknown) => parseFacetFilters(v, schema);
  it("is an AND of ORs, with negation and literal values", () => {
    expect(ff(["make:Toyota", ["body:suv", "body:ute"], "-colour:Red"])).toEqual({
      type: "and",
      children: [
        { type: "facet", attribute: "make", value: "Toyota" },
        { type: "or", children: [{ type: "facet", attribute: "body", value: "suv" }, { type: "facet", attribute: "body", value: "ute" }] },
        { type: "not", child: { type: "facet", attribute: "colour", value: "Red" } },
      ],
    });
    expect(ff("make_model:Toyota > Corolla: GR")).toEqual({ type: "facet", attribute: "make_model", value: "Toyota > Corolla: GR" });
    expect(ff(['tag:20" "alloys"'])).toEqual({ type: "facet", attribute: "tag", value: '20" "alloys"' });
    expect(ff(["tag:\\-5% off"])).toEqual({ type: "facet", attribute: "tag", value: "-5% off" });
    expect(ff([[], ""])).toBeNull();
    expect(ff(undefined)).toBeNull();
  });
  it("rejects malformed entries", () => {
    expect(err(() => ff(["makeToyota"]))).toBe('"makeToyota" is not attribute:value in facetFilters[0]');
    expect(err(() => ff([["make:A", 3]]))).toBe("facetFilters[0] must be a string or an array of strings");
    expect(err(() => ff([[["make:A"]]]))).toBe("facetFilters[0] must be a string or an array of strings");
    expect(err(() => ff({ make: "A" }))).toBe("facetFilters must be a string or an array of strings and arrays of strings");
    expect(err(() => ff(["stocknum:S1"]))).toBe('Attribute "stocknum" is not in attributesForFaceting in facetFilters[0]');
  });
});

describe("numericFilters", () => {
  const nf = (v: unknown) => parseNumericFilters(v, schema);
  it("parses comparisons, ranges and OR groups", () => {
    expect(nf(["price>=1000", "price<=5000"])).toEqual({
      type: "and",
      children: [{ type: "numeric", attribute: "price", op: ">=", value: 1000 }, { type: "numeric", attribute: "price", op: "<=", value: 5000 }],
    });
    expect(nf("year = 2021")).toEqual({ type: "numeric", attribute: "year", op: "=", value: 2021 });
    expect(nf(["price:1000 TO 5000"])).toEqual({ type: "range", attribute: "price", lo: 1000, hi: 5000 });
    expect(nf([["year=2021", "year=2022"]])).toEqual({
      type: "or",
      children: [{ type: "numeric", attribute: "year", op: "=", value: 2021 }, { type: "numeric", attribute: "year", op: "=", value: 2022 }],
    });
  });
  it("rejects malformed entries", () => {
    expect(err(() => nf(["price>>5"]))).toBe('Expected a number but found ">5" in numericFilters[0]');
    expect(err(() => nf(["price between 1 and 2"]))).toBe('"price between 1 and 2" is not "attribute<op>number" or "attribute:lo TO hi" in numericFilters[0]');
    expect(err(() => nf(["make>=2"]))).toBe('Attribute "make" is not in numericAttributes in numericFilters[0]');
    expect(err(() => nf([["price>=x"]]))).toBe('Expected a number but found "x" in numericFilters[0][0]');
  });
});
