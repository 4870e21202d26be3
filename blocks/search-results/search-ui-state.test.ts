import { describe, expect, it } from "vitest";
import { boxReducer, failedAfter, followsQuery, initialBox, type BoxAction, type BoxState } from "./search-ui-state";

const run = (actions: BoxAction[], from: BoxState = initialBox("corolla")) => actions.reduce(boxReducer, from);

describe("the search box's state", () => {
  it("starts showing the query it was given, as the one searched for", () => {
    expect(initialBox("corolla")).toEqual({ value: "corolla", sent: "corolla" });
  });

  it("typing changes what it shows; a search records what was searched; the same again changes nothing", () => {
    const s = run([{ type: "typed", value: "cam" }, { type: "searched", query: "cam" }]);
    expect(s).toEqual({ value: "cam", sent: "cam" });
    expect(run([{ type: "typed", value: "cam" }], s)).toBe(s);
    expect(run([{ type: "searched", query: "cam" }], s)).toBe(s);
  });

  it("follows a query changed elsewhere (Clear Filters, Back): what is still being typed goes", () => {
    const typing = run([{ type: "typed", value: "hil" }]);
    expect(followsQuery(typing, "", "idle")).toBe(true);
    expect(run([{ type: "query-changed", query: "", status: "idle" }], typing)).toEqual({ value: "", sent: "" });
  });

  it("does not follow its own search, nor the query a failed search puts back (the box keeps what was typed)", () => {
    const searched = run([{ type: "typed", value: "ranger" }, { type: "searched", query: "ranger" }]);
    expect(run([{ type: "query-changed", query: "ranger", status: "loading" }], searched)).toBe(searched);
    expect(followsQuery(searched, "corolla", "error")).toBe(false);
    expect(run([{ type: "query-changed", query: "corolla", status: "error" }], searched)).toBe(searched);
  });
});

describe("the failure notice", () => {
  it("on at an error, kept while a retry runs, off once a search settles", () => {
    expect(failedAfter(false, "error")).toBe(true);
    expect(failedAfter(true, "loading")).toBe(true);
    expect(failedAfter(true, "stalled")).toBe(true);
    expect(failedAfter(false, "loading")).toBe(false);
    expect(failedAfter(true, "idle")).toBe(false);
  });
});
