import { useEffect, useState, type RefObject } from "react";

/**
 * Whether the element has come within `marginPx` of the viewport (and stays true once it has). The
 * observer answers after a frame is drawn, so what is mounted then starts on a laid-out page in a
 * task of its own, not in hydration's. Without IntersectionObserver it is true at once; with `watch`
 * false it is true and observes nothing.
 */
export function useNearView(ref: RefObject<Element | null>, marginPx: number, watch = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!watch || near || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, marginPx, near, watch]);
  return near || !watch;
}
