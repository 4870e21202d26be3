import { describe, expect, it } from "vitest";
import { maskMobile, mobileCountry, normaliseMobile } from "./mobile";
import { safeLocalPath } from "./safe-path";

describe("normaliseMobile", () => {
  it.each([
    ["0412 345 678", "AU", "+61412345678"],
    ["0412-345-678", "AU", "+61412345678"],
    ["+61 412 345 678", "AU", "+61412345678"],
    ["+61 0412 345 678", "AU", "+61412345678"],
    ["61412345678", "AU", "+61412345678"],
    ["0061412345678", "AU", "+61412345678"],
    ["021 123 4567", "NZ", "+64211234567"],
    ["022 123 456", "NZ", "+6422123456"],
    ["+64 27 123 4567", "NZ", "+64271234567"],
    ["+64 27 123 4567", "AU", "+64271234567"],
    ["+61 412 345 678", "NZ", "+61412345678"],
  ] as const)("%s on an %s site is %s", (raw, country, e164) => {
    expect(normaliseMobile(raw, country)).toBe(e164);
  });

  it.each([["07 3000 1234"], ["0412 345 67"], ["0412 345 6789"], ["1300 975 707"], ["hello"], [""], ["+1 415 555 0100"], ["0412a345678"]])("rejects %s", (raw) => {
    expect(normaliseMobile(raw, "AU")).toBeNull();
  });

  it("takes the country from the locale and masks for display", () => {
    expect(mobileCountry("en-NZ")).toBe("NZ");
    expect(mobileCountry("en-AU")).toBe("AU");
    expect(maskMobile("+61412345678")).toBe("04xx xxx 678");
    expect(maskMobile("+6422123456")).toBe("02x xxx 456");
  });
});

describe("safeLocalPath", () => {
  it.each([
    ["/search?make=Toyota", "/search?make=Toyota"],
    ["/watchlist", "/watchlist"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/\tfoo", "/"],
  ])("%s → %s", (input, out) => {
    expect(safeLocalPath(input)).toBe(out);
  });
});
