/** Facet tiles: the values of one search facet in a site's stock, each with its count and search link. Pure. */
import { BODY_TYPES, pictureBody, pictureUrl, type BodyType, type ItemType } from "../../domain/media";
import { PAINTS } from "../../domain/colours";
import { imageUrl } from "../../domain/image-urls";
import { SEARCH_BASE, seoPathFor } from "../../domain/search-paths";
import { VEHICLES_INDEX } from "../../domain/search-rules";
import type { BlockProps } from "../../renderer/types";
import { valueLabel } from "../_shared/search/display";
import { routeQuery } from "../_shared/search/routing";

export interface Tile {
  value: string;
  label: string;
  count: number;
  href: string;
  /** A drawing of the body type, for body tiles. */
  image: string | null;
}

const KIND_OF_BODY: Partial<Record<BodyType, ItemType>> = {
  naked: "motorcycle", sports: "motorcycle", adventure: "motorcycle", touring: "motorcycle", cruiser: "motorcycle", scooter: "motorcycle", offRoad: "motorcycle",
  tray: "truck", pantech: "truck", curtainsider: "truck", tipper: "truck", primeMover: "truck",
  caravan: "caravan", popTop: "caravan", camperTrailer: "caravan",
};
/** Body drawings are in Titanium Silver, a neutral paint of the picture renderer. */
export const TILE_PAINT = PAINTS.find((p) => p.name === "Titanium Silver")!.hex;

export function tilesRequest(props: BlockProps<"facet-tiles">) {
  const attribute = props.attribute;
  return {
    indexName: VEHICLES_INDEX,
    params: {
      query: "",
      hitsPerPage: 0,
      facets: [attribute],
      maxValuesPerFacet: 100,
      facetFilters: props.carType ? [[`car_type:${props.carType}`]] : [],
    },
  };
}

export function readTiles(props: BlockProps<"facet-tiles">, facets: Record<string, Record<string, number>> | undefined, joinNewAndDemo: boolean): Tile[] {
  const attribute = props.attribute;
  const counts = Object.entries(facets?.[attribute] ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return counts.slice(0, props.limit).map(([value, count]) => {
    const refinementList: Record<string, string[]> = { ...(props.carType ? { car_type: [props.carType] } : {}), [attribute]: [value] };
    const seo = seoPathFor(refinementList, { joinNewAndDemo, carTypes: ["new", "demo", "used"] });
    const image =
      attribute === "body" && Object.hasOwn(BODY_TYPES, value)
        ? imageUrl(pictureUrl(pictureBody(value as BodyType, KIND_OF_BODY[value as BodyType] ?? "car"), TILE_PAINT, "right", "webp"), { width: 256, quality: 75 })
        : null;
    return { value, label: valueLabel(attribute, value), count, href: seo ?? `${SEARCH_BASE}${routeQuery({ refinementList })}`, image };
  });
}
