import type { ReactNode } from "react";
import { blockRegistry } from "./registry.generated";
import { BlockErrorBoundary } from "./block-error-boundary";
import type { Block, BlockComponent, BlockContext, BlockRegistry, BlockType } from "./types";

/**
 * Renders one block from the registry. A block that throws is left out and logged, so the rest of
 * the page still renders; a block that fails later in the browser is caught by BlockErrorBoundary.
 */
export async function renderBlock(block: Block, ctx: BlockContext, registry: BlockRegistry = blockRegistry): Promise<ReactNode> {
  const Component = registry[block.type] as BlockComponent<BlockType> | undefined;
  if (!Component) {
    console.error(`[blocks] no component for block type "${block.type}" (block "${block.id}")`);
    return null;
  }
  try {
    const element = await Component({ id: block.id, props: block.props as never, ctx });
    return (
      <BlockErrorBoundary key={block.id} id={block.id} type={block.type}>
        {element}
      </BlockErrorBoundary>
    );
  } catch (error) {
    console.error(`[blocks] block "${block.id}" (${block.type}) on ${ctx.tenant.identity.slug}${ctx.path} failed to render:`, error);
    return null;
  }
}

export async function renderBlocks(blocks: Block[], ctx: BlockContext, registry?: BlockRegistry): Promise<ReactNode[]> {
  return Promise.all(blocks.map((b) => renderBlock(b, ctx, registry)));
}
