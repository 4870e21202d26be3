import type { ReactNode } from "react";
import type { Block, ExampleBlock, Page, TenantDocument } from "../schemas/generated/tenant";
import type { StoredVehicle } from "../server/inventory/vehicle";
import type { VehicleSheet } from "../domain/vehicle-sheet";

export type { Block, Page, TenantDocument };
export type BlockType = Block["type"];
/**
 * A type a block folder's code may name: a block type, or the copyable example's (blocks/_example),
 * typed like a block so its folder compiles as a copy would; no document, schema union or registry
 * holds it.
 */
export type FolderBlockType = BlockType | ExampleBlock["type"];
export type BlockProps<T extends FolderBlockType> = Extract<Block | ExampleBlock, { type: T }>["props"];

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

export type BlockComponent<T extends FolderBlockType> = (args: {
  id: string;
  props: BlockProps<T>;
  ctx: BlockContext;
}) => ReactNode | Promise<ReactNode>;

/**
 * What a block says about a whole page of one template (the search page's title from its SEO path,
 * and whether that path names anything the site sells); the renderer asks the registry for it.
 */
export interface TemplatePage {
  template: string;
  /** The page's heading and title; null for the page's own title. */
  title?: (ctx: BlockContext) => Promise<string | null>;
  /** Whether the path shows nothing (a 404). */
  missing?: (ctx: BlockContext) => Promise<boolean>;
}

/**
 * Where a block belongs, declared by its definition (`belongs`):
 * - "page": an ordinary page with its own address (Home, About us, Finance …);
 * - a template page's name ("vehicle-detail", "search", "location-detail", "contact-us",
 *   "model-detail", "brand-overview");
 * - "every-page": an ordinary page and every template page;
 * - "layout-top" / "layout-bottom": the layout, at the top or the bottom of every page;
 * - an address ("/success", "/sign-in"): only the page at that address.
 */
export type BlockPlace = "page" | "every-page" | "layout-top" | "layout-bottom" | NonNullable<Page["template"]> | `/${string}`;

/**
 * A block type: blocks/<type>/block.ts default-exports one (blocks/_shared/define.ts `defineBlock`),
 * and scripts/generate.ts collects them into renderer/registry.generated.ts.
 */
export interface BlockDefinition<T extends FolderBlockType> {
  render: BlockComponent<T>;
  /**
   * Where the block belongs (see BlockPlace): the editor's "Add a block" offers it only there. The
   * generator copies it into the tenant schema.
   */
  belongs: BlockPlace[];
  /** The block shows one visitor's own things (or signs them in): a page with it is never indexed. */
  personal?: boolean;
  /** What the block says about a page of its template (see TemplatePage). */
  templatePage?: TemplatePage;
  /**
   * The print view of a car (/print?car_id=): the generator re-exports it into
   * renderer/print-view.generated.ts, so the print page imports only it, not every block.
   */
  printView?: (args: { sheet: VehicleSheet }) => ReactNode;
  /**
   * Client parts loaded as chunks of their own, only on pages that render them: component name →
   * module ("./x.client"). The generator writes their next/dynamic wrappers into
   * blocks/lazy.generated.tsx; the block imports them from there ("../lazy.generated").
   */
  lazy?: Record<string, string>;
}

export type BlockRegistry = { [T in BlockType]: BlockDefinition<T> };
