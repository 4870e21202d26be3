import type { ReactNode } from "react";
import type { Block, Page, TenantDocument } from "../schemas/generated/tenant";

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
}

export type BlockComponent<T extends BlockType> = (args: {
  id: string;
  props: BlockProps<T>;
  ctx: BlockContext;
}) => ReactNode | Promise<ReactNode>;

export type BlockRegistry = { [T in BlockType]: BlockComponent<T> };
