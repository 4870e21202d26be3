/**
 * "near 2148" on the search page (domain/near.ts): a hidden widget that owns `near` in the search
 * state and maps it to Algolia's aroundLatLng / aroundRadius, which the embedded engine and Algolia
 * both take — only cars within the radius, nearest first on the relevance order (a sorted replica's
 * attribute comes first in both, as in Algolia: distance then only breaks its ties). Its pattern is
 * InstantSearch's own places widget: the place's name, which is no search parameter, is kept beside
 * the parameters it set.
 */
import type { Connector } from "instantsearch.js";
import { useConnector } from "react-instantsearch";
import { isNear, nearKm, nearParams, type Near } from "../../domain/near";
import type { IndexUiState } from "../_shared/search/routing";

type NearDescription = {
  $$type: "forecourt.near";
  renderState: { near: Near | undefined };
  indexRenderState: { near: { near: Near | undefined } };
  indexUiState: { near: Near };
};

const withoutNear = <S extends { near?: unknown }>(state: S): Omit<S, "near"> => {
  const { near: _near, ...rest } = state;
  return rest;
};

export const connectNear: Connector<NearDescription, Record<string, never>> = (render = () => {}, unmount = () => {}) => (widgetParams) => {
  // The near the search parameters were last set from (undefined: none).
  let current: Near | undefined;
  const holds = (params: { aroundLatLng?: string; aroundRadius?: number | "all" }) =>
    !!current && params.aroundLatLng === nearParams(current).aroundLatLng && params.aroundRadius === nearParams(current).aroundRadius;
  return {
    $$type: "forecourt.near",
    init(options) {
      render({ ...this.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance }, true);
    },
    render(options) {
      render({ ...this.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance }, false);
    },
    dispose({ state }) {
      unmount();
      return state.setQueryParameter("aroundLatLng", undefined).setQueryParameter("aroundRadius", undefined);
    },
    getWidgetUiState(uiState, { searchParameters }) {
      const rest = withoutNear(uiState);
      return holds(searchParameters) ? { ...rest, near: current! } : rest;
    },
    getWidgetSearchParameters(searchParameters, { uiState }) {
      current = isNear(uiState.near) ? uiState.near : undefined;
      const params = current ? nearParams(current) : undefined;
      return searchParameters.setQueryParameter("aroundLatLng", params?.aroundLatLng).setQueryParameter("aroundRadius", params?.aroundRadius);
    },
    getRenderState(renderState, options) {
      return { ...renderState, near: this.getWidgetRenderState(options) };
    },
    getWidgetRenderState({ helper }) {
      return { near: holds(helper.state) ? current : undefined, widgetParams };
    },
  };
};

/** The widget; it draws nothing (the chip is in current-refinements.tsx). */
export function NearWidget() {
  useConnector(connectNear, {});
  return null;
}

/** The near of a search state, if it carries a valid one. */
export const nearOf = (state: IndexUiState): Near | undefined => (isNear(state.near) ? state.near : undefined);

/** The state without its near (a removed chip, Clear all). */
export const dropNear = (state: IndexUiState): IndexUiState => withoutNear(state);

export type PlaceAnswer = { near: Near } | { message: string };

/**
 * The place a request named, asked of GET /api/places on this site: its near at the radius asked
 * (or NEAR_DEFAULT_KM), or the message to show when there is no such place or the look-up failed.
 */
export async function lookUpPlace(place: string, radiusKm?: number, fetcher: typeof fetch = fetch): Promise<PlaceAnswer> {
  try {
    const res = await fetcher(`/api/places?q=${encodeURIComponent(place)}`, { credentials: "same-origin" });
    const body = (await res.json().catch(() => ({}))) as { place?: unknown; lat?: unknown; lng?: unknown; error?: unknown };
    const near = { place: body.place, lat: body.lat, lng: body.lng, km: nearKm(radiusKm) };
    if (res.ok && isNear(near)) return { near };
    if (res.status === 404 && typeof body.error === "string") return { message: `${body.error} Searched for it as words instead.` };
  } catch (error) {
    console.error("[search] could not look up the place:", error);
  }
  return { message: `“${place}” could not be looked up just now. Searched for it as words instead.` };
}
