import { useLayoutEffect, type ReactNode } from "react";
import { useInstantSearchContext } from "react-instantsearch";

type IndexWidget = ReturnType<typeof useInstantSearchContext>["mainIndex"];

const held = new WeakMap<IndexWidget, { add: IndexWidget["addWidgets"]; queue: Parameters<IndexWidget["addWidgets"]>[0] }>();

/** From now on the index queues the widgets added to it instead of adding them. */
function hold(index: IndexWidget) {
  if (held.has(index)) return;
  const entry = { add: index.addWidgets, queue: [] as Parameters<IndexWidget["addWidgets"]>[0] };
  held.set(index, entry);
  index.addWidgets = (widgets) => {
    entry.queue.push(...widgets);
    return index;
  };
}

/** The index adds the widgets it queued, in one call, and adds later ones itself again. */
function release(index: IndexWidget) {
  const entry = held.get(index);
  if (!entry) return;
  held.delete(index);
  index.addWidgets = entry.add;
  if (entry.queue.length) index.addWidgets(entry.queue);
}

function Hold({ index }: { index: IndexWidget }) {
  useLayoutEffect(() => {
    hold(index);
    return () => release(index);
  }, [index]);
  return null;
}

/**
 * Adds the search widgets of the first commit to InstantSearch in one call (issue 34: the search
 * page's hydration). Each widget hook adds its widget in a layout effect of its own
 * (react-instantsearch's useWidget), and once the page hydrates from the server's results the
 * instance has already started, so each of those calls recomputed the search parameters of every
 * widget added before it: n widgets cost n²/2 computations, about 80 ms of the hydration's
 * longest task on Lighthouse's phone for Harbourline's 35. Layout effects run children first and
 * in order: `Hold`, the first child, makes the index queue what it is given; the children's
 * widgets are queued in their order; this component's own effect, last, adds them in one call and
 * puts the index back as it was (widgets mounted later are added one by one, as before).
 */
export function BatchedWidgets({ children }: { children: ReactNode }) {
  const index = useInstantSearchContext().mainIndex;
  useLayoutEffect(() => release(index), [index]);
  return (
    <>
      <Hold index={index} />
      {children}
    </>
  );
}
