/** Helpers for migrations that change one block type's props. */

type Doc = Record<string, unknown>;
type Props = Record<string, unknown>;

const mapList = (list: unknown, type: string, fn: (props: Props) => Props) =>
  Array.isArray(list)
    ? list.map((block) => {
        if (!block || typeof block !== "object" || (block as { type?: unknown }).type !== type) return block;
        const props = (block as { props?: unknown }).props;
        return { ...block, props: fn(props && typeof props === "object" && !Array.isArray(props) ? { ...(props as Props) } : {}) };
      })
    : list;

/**
 * A copy of `doc` in which the props of every block of `type` (layout top and bottom, every page)
 * are replaced by `fn(props)`; `fn` gets a shallow copy of the props. Other blocks, and parts of the
 * document that are not in the expected shape, are left as they are (validation reports those).
 */
export function mapBlocks(doc: Doc, type: string, fn: (props: Props) => Props): Doc {
  const layout = doc.layout && typeof doc.layout === "object" ? (doc.layout as Doc) : undefined;
  return {
    ...doc,
    ...(layout && {
      layout: { ...layout, ...("top" in layout && { top: mapList(layout.top, type, fn) }), ...("bottom" in layout && { bottom: mapList(layout.bottom, type, fn) }) },
    }),
    ...(Array.isArray(doc.pages) && {
      pages: doc.pages.map((page) => (page && typeof page === "object" ? { ...page, blocks: mapList((page as Doc).blocks, type, fn) } : page)),
    }),
  };
}
