import { useEffect, type DependencyList, type EffectCallback } from "react";

/**
 * useEffect whose body runs in a browser task of its own, just after the commit's: for work the
 * page does not need to draw (a page-view beacon, a background fetch, session storage). React runs
 * every passive effect of a hydration in one task, and each `fetch`, `sendBeacon` or first storage
 * access costs 5–30 ms of a slow phone's main thread: together they made a long task (issue 34,
 * total blocking time). Cleared if the component goes (or the deps change) before it ran.
 */
export function useTaskEffect(effect: EffectCallback, deps: DependencyList) {
  useEffect(() => {
    let cleanup: ReturnType<EffectCallback>;
    const timer = setTimeout(() => (cleanup = effect()), 0);
    return () => {
      clearTimeout(timer);
      cleanup?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps
  }, deps);
}
