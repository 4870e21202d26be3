import { describe, expect, it } from "vitest";
import { formatCallNumber, maskCallNumber, telHref } from "./phone";

describe("formatCallNumber", () => {
  it("replaces +61 with 0 and groups 2-4-4", () => {
    expect(formatCallNumber("+61730001234")).toBe("07 3000 1234");
    expect(formatCallNumber("+61 7 3000 1234")).toBe("07 3000 1234");
    expect(formatCallNumber("+61412345678")).toBe("04 1234 5678");
  });

  it("groups an already national ten-digit number 2-4-4", () => {
    expect(formatCallNumber("0730001234")).toBe("07 3000 1234");
    expect(formatCallNumber("(02) 9000-1234")).toBe("02 9000 1234");
  });

  it("drops a stray trunk zero after +61", () => {
    expect(formatCallNumber("+61 (0)7 3000 1234")).toBe("07 3000 1234");
  });

  it("keeps 1300/1800 numbers in their 4-3-3 form", () => {
    expect(formatCallNumber("1300123456")).toBe("1300 123 456");
    expect(formatCallNumber("1800 123 456")).toBe("1800 123 456");
  });

  it("keeps a New Zealand site's numbers as the dealer wrote them, 0800/0508 grouped 4-3-3", () => {
    expect(formatCallNumber("+64 9 555 0140", "en-NZ")).toBe("+64 9 555 0140");
    expect(formatCallNumber("021 123  4567", "en-NZ")).toBe("021 123 4567");
    expect(formatCallNumber("0800569424", "en-NZ")).toBe("0800 569 424");
    expect(formatCallNumber("0508 123 456", "en-NZ")).toBe("0508 123 456");
  });

  it("leaves numbers it does not recognise as written", () => {
    expect(formatCallNumber("+64 9 300 1234")).toBe("+64 9 300 1234");
    expect(formatCallNumber(" 13  22 11 ")).toBe("13 22 11");
  });
});

describe("telHref", () => {
  it("dials digits only, keeping the international plus", () => {
    expect(telHref("+61 7 3000 1234")).toBe("tel:+61730001234");
    expect(telHref("07 3000 1234")).toBe("tel:0730001234");
    expect(telHref("(02) 9000-1234")).toBe("tel:0290001234");
  });
});

describe("maskCallNumber", () => {
  it("hides the last four digits of the displayed number, keeping its spacing", () => {
    expect(maskCallNumber("+61755501011")).toBe("07 5550 XXXX");
    expect(maskCallNumber("1300 123 456")).toBe("1300 12X XXX");
    expect(maskCallNumber("09 555 0123", "en-NZ")).toBe("09 555 XXXX");
  });
});
