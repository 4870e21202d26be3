import { describe, expect, it } from "vitest";
import { malformedPath, withoutNulInQuery } from "./request-target";

describe("the request line as hostile input (issue 12 item 5)", () => {
  it("finds malformed percent-encoding and NUL in the path, not in the query string", () => {
    for (const bad of ["/cars/%ZZ", "/cars/%C0%AF", "/search/%ED%A0%80", "/%uD800/watchlist", "/cars/%00", "/media/a%00.jpg", "/x/%", "/x/%E0%A4%A"]) expect(malformedPath(bad), bad).toBe(true);
    for (const good of ["/", "/cars/2021-toyota", "/search/%F0%9F%98%80", "/a%20b", "/search?query=%ZZ%00", undefined, ""]) expect(malformedPath(good), String(good)).toBe(false);
  });

  it("drops %00 from the query string only", () => {
    expect(withoutNulInQuery("/search?query=a%00b&page=%002")).toBe("/search?query=ab&page=2");
    expect(withoutNulInQuery("/print?car_id=x")).toBe("/print?car_id=x");
    expect(withoutNulInQuery("/a%00?b")).toBe("/a%00?b");
  });
});
