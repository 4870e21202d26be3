import algoliasearchHelper from "algoliasearch-helper";
import { connectRange, connectRefinementList } from "instantsearch.js/es/connectors";
import { describe, expect, it } from "vitest";
import { connectHiddenList, connectHiddenRange } from "./hidden-widgets";

const { SearchParameters } = algoliasearchHelper;
type AnyWidget = {
  getWidgetSearchParameters: (p: InstanceType<typeof SearchParameters>, o: { uiState: object }) => InstanceType<typeof SearchParameters>;
  getWidgetUiState: (u: object, o: { searchParameters: InstanceType<typeof SearchParameters>; helper: unknown }) => object;
  getWidgetRenderState: (o: never) => unknown;
};
const widget = (connector: unknown, params: object) => (connector as (r: () => void) => (p: object) => AnyWidget)(() => {})(params);

// The search state and the URL state a hidden widget keeps must be what InstantSearch's own widget keeps.
const same = (hidden: AnyWidget, real: AnyWidget, uiStates: object[]) => {
  for (const uiState of uiStates) {
    const start = new SearchParameters({ index: "vehicles", maxValuesPerFacet: 250 });
    const a = hidden.getWidgetSearchParameters(start, { uiState });
    const b = real.getWidgetSearchParameters(start, { uiState });
    expect(a, JSON.stringify(uiState)).toEqual(b);
    expect(hidden.getWidgetUiState({ query: "x" }, { searchParameters: a, helper: null })).toEqual(real.getWidgetUiState({ query: "x" }, { searchParameters: b, helper: null }));
  }
};

describe("hidden widgets for what a typed request may set", () => {
  it("keep the search parameters and URL state of a refinement list", () => {
    same(widget(connectHiddenList, { attribute: "drive" }), widget(connectRefinementList, { attribute: "drive", limit: 1 }), [
      {},
      { refinementList: { drive: ["4x4"] } },
      { refinementList: { drive: ["4x4", "AWD"], make: ["Toyota"] } },
      { refinementList: { make: ["Toyota"] } },
      { refinementList: { drive: [] } },
    ]);
  });

  it("keep the search parameters and URL state of a range", () => {
    same(widget(connectHiddenRange, { attribute: "seats" }), widget(connectRange, { attribute: "seats" }), [
      {},
      { range: { seats: "7:" } },
      { range: { seats: ":5" } },
      { range: { seats: "2:7", price: ":40000" } },
      { range: { seats: "seven" } },
      { range: { seats: "a:b" } },
    ]);
  });

  it("compute no render state beyond their parameters", () => {
    expect(widget(connectHiddenList, { attribute: "drive" }).getWidgetRenderState({} as never)).toEqual({ widgetParams: { attribute: "drive" } });
  });
});
