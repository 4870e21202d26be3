import type { BlockDefinition, FolderBlockType } from "../../renderer/types";

/**
 * A block's one definition, default-exported by blocks/<type>/block.ts: its render function and its
 * optional parts (renderer/types.ts `BlockDefinition`). `npm run generate` collects them.
 */
export function defineBlock<T extends FolderBlockType>(definition: BlockDefinition<T>): BlockDefinition<T> {
  return definition;
}

/**
 * A value the admin's editor makes itself (an id or slug, hidden) or proposes (shown): made from a
 * sibling field while the item is new, never changed once saved (admin/editor/sections.ts).
 */
export interface GenerateRule {
  /** The sibling the value is made from ("name" → a slug of it); without one, `prefix` and a random part. */
  from?: string;
  prefix: string;
  /** A path ("/about-us") rather than a slug. */
  path?: boolean;
  /** Shown (and editable) rather than hidden. */
  shown?: boolean;
  /** A number: the next free one among the item's siblings (the largest plus one). */
  next?: boolean;
}

/**
 * How the admin's editor shows a block's props beyond what its schema says, default-exported by
 * blocks/<type>/editor.ts (optional; collected only into admin/editor/blocks.generated.ts). Keys are
 * a field's place in the block's props ("slides.items.id", "order.items").
 */
export interface BlockEditor {
  /** RJSF ui-schema entries, e.g. `{ location: { "ui:widget": "location" } }` (a location picked by name). */
  ui?: Record<string, Record<string, unknown>>;
  /** Ids the editor makes itself, hidden. */
  generated?: Record<string, GenerateRule>;
}

export function defineEditor(editor: BlockEditor): BlockEditor {
  return editor;
}
