import { describe, expect, it } from "vitest";
import { safeLocalPath, SAFE_PATH_MAX_LENGTH } from "./safe-path";

describe("safeLocalPath: same-site paths pass", () => {
  it.each([
    ["/", "/"],
    ["/my-garage", "/my-garage"],
    ["/finance?car_id=abc&vehiclePriceBudget=30000", "/finance?car_id=abc&vehiclePriceBudget=30000"],
    ["/search?query=100%25", "/search?query=100%25"],
    ["/cars/toyota-hilux-123/checkout#pay", "/cars/toyota-hilux-123/checkout#pay"],
    ["/search?make=M%C3%BCller", "/search?make=M%C3%BCller"],
    // A space is encoded, not a way out.
    ["/a b", "/a%20b"],
    // Dot segments resolve on the same site.
    ["/a/../finance", "/finance"],
  ])("%j → %j", (input, out) => {
    expect(safeLocalPath(input)).toBe(out);
  });
});

describe("safeLocalPath: hostile values fall back to /", () => {
  it.each([
    ["null", null],
    ["undefined", undefined],
    ["empty", ""],
    ["absolute https", "https://evil.example/"],
    ["absolute http", "http://evil.example/my-garage"],
    ["protocol-relative", "//evil.example/"],
    ["triple slash", "///evil.example"],
    ["backslash after slash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["slash backslash mix", "/\\/evil.example"],
    ["backslash inside", "/foo\\bar"],
    ["javascript:", "javascript:alert(1)"],
    ["JavaScript: mixed case", "JaVaScRiPt:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["relative word", "evil.example"],
    ["leading space", " /finance"],
    ["tab", "/\tfoo"],
    ["tab between slashes", "/\t/evil.example"],
    ["newline", "/foo\nSet-Cookie: x=1"],
    ["carriage return", "/foo\r"],
    ["NUL", "/foo\u0000"],
    ["NUL first", "\u0000/foo"],
    ["DEL", "/foo\u007f"],
    ["C1 control", "/foo\u0085"],
    ["line separator", "/foo\u2028bar"],
    ["lone high surrogate", "/foo\uD800"],
    ["lone low surrogate", "/\uDC00foo"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded slashes, lower case", "/%2f%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["double-encoded slash", "/%252F%252Fevil.example"],
    ["double-encoded backslash", "/%255Cevil.example"],
    ["encoded NUL", "/foo%00"],
    ["encoded newline", "/foo%0d%0aLocation:%20https://evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["no leading slash, encoded", "%2F%2Fevil.example"],
    ["four times encoded", "/%25252525"],
    ["over-long", `/${"a".repeat(SAFE_PATH_MAX_LENGTH)}`],
  ])("%s", (_name, input) => {
    expect(safeLocalPath(input as string | null | undefined)).toBe("/");
  });

  it("uses the fallback given", () => {
    expect(safeLocalPath("//evil.example", "/watchlist")).toBe("/watchlist");
  });

  it("takes a path of exactly the longest length", () => {
    const path = `/${"a".repeat(SAFE_PATH_MAX_LENGTH - 1)}`;
    expect(safeLocalPath(path)).toBe(path);
  });
});
