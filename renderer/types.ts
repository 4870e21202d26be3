import type { ReactNode } from "react";
import type { Block, Page, TenantDocument } from "../schemas/generated/tenant";
import type { StoredVehicle } from "../server/inventory/vehicle";

export type { Block, Page, TenantDocument };
export type BlockType = Block["type"];
export type BlockProps<T extends BlockType> = Extract<Block, { type: T }>["props"];

/** What every block receives besides its own props. */
export interface BlockContext {
  /** The published (or previewed) document, with schema defaults applied. */
  tenant: TenantDocument;
  page: Page;
  /** The request path, e.g. "/about-us". */
  path: string;
  /**
   * The page's car: on a vehicle page (/cars/{slug}) the car it shows, found once by the page
   * (server/inventory/vdp.ts `vehicleForPage`); null on every other page.
   */
  vehicle: StoredVehicle | null;
  /**
   * The host the site's search is asked for (domain/search-host.ts `searchHost`): `{slug}.localhost`,
   * or for a previewed draft `{slug}.localhost/preview/{token}` so its search answers from the draft.
   */
  searchHost: string;
  /**
   * The request's query parameters (Next's searchParams), for a block that renders from them on the
   * server (the dealer locator's ?postcode=, which works without JavaScript); absent where a page is
   * rendered without a request's query (tests, print, previews).
   */
  query?: Readonly<Record<string, string | string[] | undefined>>;
}

export type BlockComponent<T extends BlockType> = (args: {
  id: string;
  props: BlockProps<T>;
  ctx: BlockContext;
}) => ReactNode | Promise<ReactNode>;

export type BlockRegistry = { [T in BlockType]: BlockComponent<T> };
