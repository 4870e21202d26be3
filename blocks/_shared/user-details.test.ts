import { describe, expect, it } from "vitest";
import { detailsFromValues, forgetUserDetails, parseUserDetails, prefillValues, readUserDetails, rememberUserDetails, userDetailsKey } from "./user-details";

/** A Storage in memory (the real one is per test environment). */
function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}
const KEY = userDetailsKey("harbourline");
const ADA = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" };

describe("storeUserDetails: on", () => {
  it("keeps name, e-mail and phone of a sent lead (nothing else) and reads them back", () => {
    const s = memory();
    rememberUserDetails("harbourline", true, { ...ADA, message: "Is it available?", postcode: "4000", opt_in: true }, s);
    expect(JSON.parse(s.map.get(KEY)!)).toEqual(ADA);
    expect(readUserDetails("harbourline", true, s)).toEqual(ADA);
    // One entry per site.
    expect(readUserDetails("bluegum", true, s)).toEqual({});
  });

  it("a later lead updates what it carries and keeps the rest", () => {
    const s = memory({ [KEY]: JSON.stringify(ADA) });
    rememberUserDetails("harbourline", true, { first_name: "Ada", email: "ada@new.example", phone: "" }, s);
    expect(readUserDetails("harbourline", true, s)).toEqual({ ...ADA, email: "ada@new.example" });
  });

  it("fills only the form's own contact fields that are still empty", () => {
    expect(prefillValues(ADA, ["first_name", "last_name", "email", "phone", "message"], { first_name: "", email: "typed@example.com" })).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      phone: "0400 000 000",
    });
    // A form without a last name (the hero form has one; the trade-in wizard's is optional) gets none.
    expect(prefillValues(ADA, ["first_name", "email"], {})).toEqual({ first_name: "Ada", email: "ada@example.com" });
  });

  it("forget removes them", () => {
    const s = memory({ [KEY]: JSON.stringify(ADA) });
    forgetUserDetails("harbourline", s);
    expect(s.map.has(KEY)).toBe(false);
  });
});

describe("storeUserDetails: off", () => {
  it("keeps nothing after a lead, and removes what was kept earlier instead of using it", () => {
    const s = memory({ [KEY]: JSON.stringify(ADA) });
    expect(readUserDetails("harbourline", false, s)).toEqual({});
    expect(s.map.has(KEY)).toBe(false);
    rememberUserDetails("harbourline", false, ADA, s);
    expect(s.map.size).toBe(0);
  });
});

describe("storeUserDetails: hostile or corrupt storage never breaks a form", () => {
  it.each([
    ["not JSON", "{ada"],
    ["null", "null"],
    ["an array", JSON.stringify([ADA])],
    ["a string", JSON.stringify("Ada")],
    ["a number", "1e999"],
    ["deep nesting", "[".repeat(5000) + "]".repeat(5000)],
    ["over 4 KB", JSON.stringify({ first_name: "A".repeat(5000) })],
    ["empty", ""],
  ])("%s → nothing", (_name, raw) => {
    expect(parseUserDetails(raw)).toEqual({});
  });

  it("drops each bad field and keeps the good ones", () => {
    const raw = JSON.stringify({
      first_name: { toString: "x" },
      last_name: "Lovelace\u0000",
      email: "e".repeat(255),
      phone: 400000000,
      __proto__: { first_name: "Mallory" },
    });
    expect(parseUserDetails(raw)).toEqual({});
    expect(parseUserDetails(JSON.stringify({ first_name: " Ada ", last_name: "Love\u2028lace", email: "ada@example.com", phone: "\uD800" }))).toEqual({ first_name: "Ada", email: "ada@example.com" });
    expect(parseUserDetails('{"__proto__": {"first_name": "Mallory"}}')).toEqual({});
    expect(parseUserDetails('{"constructor": {"prototype": {"x": 1}}, "first_name": "Ada"}')).toEqual({ first_name: "Ada" });
  });

  it("storage that throws (blocked, full) reads as nothing and writes nothing", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(readUserDetails("harbourline", true, broken)).toEqual({});
    expect(readUserDetails("harbourline", false, broken)).toEqual({});
    expect(() => rememberUserDetails("harbourline", true, ADA, broken)).not.toThrow();
    expect(() => forgetUserDetails("harbourline", broken)).not.toThrow();
    expect(readUserDetails("harbourline", true, null)).toEqual({});
  });

  it("values from a form are cleaned the same way", () => {
    expect(detailsFromValues({ first_name: "Ada\n", email: ["x"], phone: "0400 000 000" })).toEqual({ first_name: "Ada", phone: "0400 000 000" });
  });
});
