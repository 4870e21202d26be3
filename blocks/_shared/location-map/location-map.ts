/**
 * What a map of locations needs, shared by the server blocks that show one (the dealer locator,
 * later a location's page) and the client map (location-map.client.tsx): the places with their
 * coordinates, the site's map settings with their defaults (tenant `map`, spec §9 "Map zoom and
 * centre come from config"). Get Directions is directions.ts (server side only).
 */
import type { TenantDocument } from "../../../schemas/generated/tenant";

/** OpenStreetMap's tiles and attribution, as its tile usage policy asks. */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_ATTRIBUTION = "© OpenStreetMap contributors";
export const DEFAULT_ATTRIBUTION_URL = "https://www.openstreetmap.org/copyright";
export const DEFAULT_MAX_ZOOM = 19;
/** The closest a map fitted to its places zooms in (one place alone would otherwise fill it at street level). */
export const FIT_MAX_ZOOM = 14;
/** Shown instead of the map when its tiles cannot load (offline, blocked, the tile server down). */
export const MAP_UNAVAILABLE = "The map can't be shown right now. Every location below has its address and a Get Directions link.";
/** How long a map waits for its first tile before it gives up. */
export const TILE_TIMEOUT_MS = 10_000;

export interface MapSettings {
  tileUrl: string;
  attribution: string;
  attributionUrl: string;
  maxZoom: number;
  zoom?: number;
  centre?: { lat: number; long: number };
}

/** One marker: a location with its coordinates and what its popup says. */
export interface MapPlace {
  id: string;
  name: string;
  lat: number;
  long: number;
  /** One line: "142 Shore Street West, Cleveland QLD 4163". */
  address: string;
  /** Its page (/locations/{slug}), when the site has location pages. */
  href?: string;
  directions: string;
}

/** The site's map settings, defaults filled in (a document saved before `map` existed has none). */
export function mapSettings(map: TenantDocument["map"] | undefined): MapSettings {
  return {
    tileUrl: map?.tileUrl ?? DEFAULT_TILE_URL,
    attribution: map?.attribution ?? DEFAULT_ATTRIBUTION,
    attributionUrl: map?.attributionUrl ?? DEFAULT_ATTRIBUTION_URL,
    maxZoom: map?.maxZoom ?? DEFAULT_MAX_ZOOM,
    ...(map?.zoom !== undefined ? { zoom: map.zoom } : {}),
    ...(map?.centre ? { centre: { lat: map.centre.lat, long: map.centre.long } } : {}),
  };
}

/** The attribution as HTML for the map's corner: the text and link escaped (the document's values are not trusted as markup). */
export function attributionHtml(settings: Pick<MapSettings, "attribution" | "attributionUrl">): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<a href="${esc(settings.attributionUrl)}" rel="noopener">${esc(settings.attribution)}</a>`;
}
