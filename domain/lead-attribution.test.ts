import { describe, expect, it } from "vitest";
import { emptyAttribution, MAX_QUERY_PARAMS, MAX_VISITED_PAGES, parseAttribution, recordVisit } from "./lead-attribution";
import validateLead from "../schemas/generated/validate-lead.cjs";

const visit = (state: ReturnType<typeof emptyAttribution>, href: string) => {
  const u = new URL(href, "https://harbourline.localhost");
  return recordVisit(state, { pathname: u.pathname, search: u.search });
};

describe("visited pages and linked query parameters (leads §7 lead_attributes)", () => {
  it("records each page with its query, skipping a reload of the same page, and keeps the arrival parameters", () => {
    let s = emptyAttribution();
    s = visit(s, "/?utm_source=google&utm_campaign=spring");
    s = visit(s, "/search/used-cars?page=2");
    s = visit(s, "/search/used-cars?page=2");
    s = visit(s, "/cars/2021-toyota-corolla?utm_source=newsletter");
    expect(s).toEqual({
      visited_pages: ["/?utm_source=google&utm_campaign=spring", "/search/used-cars?page=2", "/cars/2021-toyota-corolla?utm_source=newsletter"],
      linked_query_params: { utm_source: "newsletter", utm_campaign: "spring", page: "2" },
    });
  });

  it("keeps the last 50 pages and at most 50 parameter names; drops names the lead schema refuses", () => {
    let s = emptyAttribution();
    for (let i = 0; i < 60; i++) s = visit(s, `/p${i}?k${i}=v`);
    expect(s.visited_pages).toHaveLength(MAX_VISITED_PAGES);
    expect(s.visited_pages[0]).toBe("/p10?k10=v");
    expect(Object.keys(s.linked_query_params)).toHaveLength(MAX_QUERY_PARAMS);
    expect(s.linked_query_params.k55).toBeUndefined();
    s = visit(emptyAttribution(), "/?__proto__=x&constructor=y&bad%20name=z&ok=" + "v".repeat(600));
    expect(Object.keys(s.linked_query_params)).toEqual(["ok"]);
    expect(s.linked_query_params.ok).toHaveLength(500);
  });

  it("what it keeps is a valid lead_attributes for POST /api/leads", () => {
    let s = emptyAttribution();
    for (let i = 0; i < 70; i++) s = visit(s, `/page-${i}?utm_${i}=${"x".repeat(700)}&q[${i}]=1`);
    expect(validateLead({ form: "hero", category: "General Enquiry", fields: { first_name: "A", email: "a@example.com" }, lead_attributes: s })).toBe(true);
  });

  it("reads back a stored state, dropping what is malformed", () => {
    expect(parseAttribution(null)).toEqual(emptyAttribution());
    expect(parseAttribution("{nope")).toEqual(emptyAttribution());
    expect(parseAttribution(JSON.stringify({ visited_pages: ["/", 3, "x".repeat(3000)], linked_query_params: { a: "1", "b c": "2", d: 4 } }))).toEqual({
      visited_pages: ["/"],
      linked_query_params: { a: "1" },
    });
  });
});
