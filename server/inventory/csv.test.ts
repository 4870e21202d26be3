import { describe, expect, it } from "vitest";
import { csvField, CsvError, parseCsv } from "./csv";

describe("parseCsv (RFC 4180)", () => {
  it("splits records and fields, with the line each record starts on", () => {
    expect(parseCsv("a,b,c\n1,2,3\n")).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["1", "2", "3"] },
    ]);
  });

  it("reads CRLF and lone CR line ends, a byte-order mark, and a last record without a line end", () => {
    expect(parseCsv("\ufeffa,b\r\n1,2\r3,4")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
      { line: 3, fields: ["3", "4"] },
    ]);
  });

  it("keeps commas, doubled quotes and line breaks inside quoted fields, and counts lines across them", () => {
    const text = 'id,comment,price\nv1,"Nice, clean car",100\nv2,"Says ""mint""\nand more\non three lines",200\nv3,,300\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["id", "comment", "price"] },
      { line: 2, fields: ["v1", "Nice, clean car", "100"] },
      { line: 3, fields: ["v2", 'Says "mint"\nand more\non three lines', "200"] },
      { line: 6, fields: ["v3", "", "300"] },
    ]);
  });

  it("keeps empty fields, including a trailing one, and skips blank lines", () => {
    expect(parseCsv('a,,\n\n"",b,\n\n')).toEqual([
      { line: 1, fields: ["a", "", ""] },
      { line: 3, fields: ["", "b", ""] },
    ]);
  });

  it("reports an unclosed quote and text after a closing quote with their lines", () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(new CsvError(2, "a quoted field is not closed"));
    expect(() => parseCsv('a,b\n"x"y,2\n')).toThrow(/^line 2: unexpected "y" after a closing quote/);
  });

  it("round-trips fields through csvField", () => {
    const values = ["plain", "with, comma", 'with "quotes"', "two\nlines", ""];
    expect(parseCsv(values.map(csvField).join(","))[0].fields).toEqual(values);
  });
});
