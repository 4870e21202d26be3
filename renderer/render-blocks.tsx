import type { ReactNode } from "react";
import { blockRegistry } from "./registry.generated";
import { BlockErrorBoundary } from "./block-error-boundary";
import { parseSearchHost } from "../domain/search-host";
import type { Block, BlockContext, BlockDefinition, BlockRegistry, BlockType, TemplatePage } from "./types";

/**
 * Renders one block from the registry. A block that throws is left out and logged, so the rest of
 * the page still renders; a block that fails later in the browser is caught by BlockErrorBoundary.
 */
export async function renderBlock(block: Block, ctx: BlockContext, registry: BlockRegistry = blockRegistry): Promise<ReactNode> {
  const Component = (registry[block.type] as BlockDefinition<BlockType> | undefined)?.render;
  if (!Component) {
    console.error(`[blocks] no component for block type "${block.type}" (block "${block.id}")`);
    return null;
  }
  try {
    const element = await Component({ id: block.id, props: block.props as never, ctx });
    const bounded = (
      <BlockErrorBoundary key={block.id} id={block.id} type={block.type}>
        {element}
      </BlockErrorBoundary>
    );
    // In a preview each block is marked (without a box of its own) so a click on it can open it in the editor.
    if (!parseSearchHost(ctx.searchHost).token) return bounded;
    return (
      <div key={block.id} data-fc-block={block.id} style={{ display: "contents" }}>
        {bounded}
      </div>
    );
  } catch (error) {
    console.error(`[blocks] block "${block.id}" (${block.type}) on ${ctx.tenant.identity.slug}${ctx.path} failed to render:`, error);
    return null;
  }
}

/** What a block says about a page of this template (the search page's title), from the registry. */
export function templatePage(template: string | undefined, registry: BlockRegistry = blockRegistry): TemplatePage | undefined {
  if (!template) return undefined;
  return Object.values(registry).find((d) => d.templatePage?.template === template)?.templatePage;
}

/** Whether a list of blocks has one whose definition is `personal` (sign-in, My Garage, the watchlist). */
export function hasPersonalBlock(blocks: { type: string }[], registry: BlockRegistry = blockRegistry): boolean {
  return blocks.some((b) => (registry as Record<string, BlockDefinition<BlockType> | undefined>)[b.type]?.personal === true);
}

export async function renderBlocks(blocks: Block[], ctx: BlockContext, registry?: BlockRegistry): Promise<ReactNode[]> {
  return Promise.all(blocks.map((b) => renderBlock(b, ctx, registry)));
}

/**
 * A page's blocks. Where some are in the sidebar area, the page becomes two columns on wide
 * screens: the main blocks before the first sidebar block lead, the sidebar sits beside them and
 * the rest of the main blocks and stays in view (sticky); on phones everything stacks as lead,
 * sidebar, rest — the list order when the sidebar blocks are listed together.
 */
export async function renderPageBlocks(blocks: Block[], ctx: BlockContext, registry?: BlockRegistry): Promise<ReactNode> {
  const first = blocks.findIndex((b) => b.area === "sidebar");
  if (first < 0) return renderBlocks(blocks, ctx, registry);
  const main = blocks.filter((b) => b.area !== "sidebar");
  const [lead, side, rest] = await Promise.all([
    renderBlocks(main.slice(0, first), ctx, registry),
    renderBlocks(blocks.filter((b) => b.area === "sidebar"), ctx, registry),
    renderBlocks(main.slice(first), ctx, registry),
  ]);
  return (
    <div className="fc-columns">
      <div className="fc-columns__lead">{lead}</div>
      <div className="fc-columns__side">
        <div className="fc-columns__sticky">{side}</div>
      </div>
      <div className="fc-columns__rest">{rest}</div>
    </div>
  );
}
