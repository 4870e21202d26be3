/**
 * Widgets for the filters a typed request may set that the page shows no filter for (drive, seats,
 * the weekly price …): a refinement needs a widget, or InstantSearch drops it. They keep the same
 * search state and URL as a refinement list ("or") and a range widget would — the same
 * `getWidgetUiState` / `getWidgetSearchParameters` as connectRefinementList and connectRange — but
 * compute no render state: those connectors sort and format every facet value on each render for a
 * widget nobody sees, about a quarter of the search page's hydration work (README, Lighthouse).
 */
import type { Connector } from "instantsearch.js";
import { useConnector } from "react-instantsearch";

type Hidden<T extends string, U> = {
  $$type: T;
  renderState: Record<string, unknown>;
  indexRenderState: Record<string, unknown>;
  indexUiState: U;
};
type ListDescription = Hidden<
  "ais.refinementList",
  { refinementList: Record<string, string[]> }
>;
type RangeDescription = Hidden<"ais.range", { range: Record<string, string> }>;

const quiet = <P>(widgetParams: P) => ({
  init() {},
  render() {},
  getRenderState: <S>(state: S) => state,
  getWidgetRenderState: () => ({ widgetParams }),
});

export const connectHiddenList: Connector<
  ListDescription,
  { attribute: string; limit?: number }
> = () => (widgetParams) => {
  const { attribute, limit = 1 } = widgetParams;
  return {
    ...quiet(widgetParams),
    $$type: "ais.refinementList",
    dispose: ({ state }) => state.removeDisjunctiveFacet(attribute),
    getWidgetUiState(uiState, { searchParameters }) {
      const values = searchParameters.getDisjunctiveRefinements(attribute);
      const { [attribute]: _dropped, ...others } = uiState.refinementList ?? {};
      const refinementList = values.length
        ? { ...others, [attribute]: values }
        : others;
      const { refinementList: _old, ...rest } = uiState;
      return Object.keys(refinementList).length
        ? { ...rest, refinementList }
        : rest;
    },
    getWidgetSearchParameters(searchParameters, { uiState }) {
      const values = uiState.refinementList?.[attribute];
      const base = searchParameters
        .addDisjunctiveFacet(attribute)
        .removeDisjunctiveFacetRefinement(attribute);
      const configured = base.setQueryParameter(
        "maxValuesPerFacet",
        Math.max(base.maxValuesPerFacet ?? 0, limit),
      );
      if (!values)
        return configured.setQueryParameters({
          disjunctiveFacetsRefinements: {
            ...configured.disjunctiveFacetsRefinements,
            [attribute]: [],
          },
        });
      return values.reduce(
        (p, v) => p.addDisjunctiveFacetRefinement(attribute, v),
        configured,
      );
    },
  };
};

const finite = (n: number) => Number.isFinite(n);

export const connectHiddenRange: Connector<
  RangeDescription,
  { attribute: string }
> = () => (widgetParams) => {
  const { attribute } = widgetParams;
  return {
    ...quiet(widgetParams),
    $$type: "ais.range",
    dispose: ({ state }) =>
      state
        .removeDisjunctiveFacet(attribute)
        .removeNumericRefinement(attribute),
    getWidgetUiState(uiState, { searchParameters }) {
      const { ">=": min = [], "<=": max = [] } =
        searchParameters.getNumericRefinements(attribute);
      if (min.length === 0 && max.length === 0) return uiState;
      return {
        ...uiState,
        range: { ...uiState.range, [attribute]: `${min}:${max}` },
      };
    },
    getWidgetSearchParameters(searchParameters, { uiState }) {
      let p = searchParameters
        .addDisjunctiveFacet(attribute)
        .setQueryParameters({
          numericRefinements: {
            ...searchParameters.numericRefinements,
            [attribute]: {},
          },
        });
      const value = uiState.range?.[attribute];
      if (!value || !value.includes(":")) return p;
      const [lo, hi] = value.split(":").map(parseFloat);
      if (finite(lo)) p = p.addNumericRefinement(attribute, ">=", lo);
      if (finite(hi)) p = p.addNumericRefinement(attribute, "<=", hi);
      return p;
    },
  };
};

/** A filter's options in the results and its values refined: all a closed filter section shows. */
export type ListSummary = { options: number; refined: number };
type SummaryDescription = Omit<ListDescription, "renderState"> & { renderState: ListSummary };
type SummarySource = { results?: { disjunctiveFacets?: { name: string; data?: Record<string, number> }[] } | null; state: { getDisjunctiveRefinements(a: string): string[] } };

/**
 * A refinement list's search state and URL (connectHiddenList: with `limit`, the same search
 * parameters as useRefinementList's) and, to draw, only how many options the results hold and how
 * many are refined: no value is sorted or formatted (issue 34, the search page's hydration).
 */
export const connectListSummary: Connector<SummaryDescription, { attribute: string; limit: number }> = (render) => (widgetParams) => {
  const { attribute } = widgetParams;
  const summary = (o: unknown) => {
    const { results, state } = o as SummarySource;
    return {
      options: Object.keys(results?.disjunctiveFacets?.find((f) => f.name === attribute)?.data ?? {}).length,
      refined: state.getDisjunctiveRefinements(attribute).length,
      widgetParams,
    };
  };
  return {
    ...connectHiddenList(() => {})(widgetParams),
    init: (o) => render({ ...summary(o), instantSearchInstance: o.instantSearchInstance }, true),
    render: (o) => render({ ...summary(o), instantSearchInstance: o.instantSearchInstance }, false),
    getWidgetRenderState: summary,
  };
};

export function HiddenListWidget({ attribute }: { attribute: string }) {
  useConnector(connectHiddenList, { attribute });
  return null;
}

export function HiddenRangeWidget({ attribute }: { attribute: string }) {
  useConnector(connectHiddenRange, { attribute });
  return null;
}
