// @vitest-environment happy-dom
import { act, useRef } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNearView } from "./use-near-view";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ margin, watch }: { margin: number; watch?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  return <div ref={ref}>{useNearView(ref, margin, watch) ? "near" : "far"}</div>;
}

/** An IntersectionObserver that reports what the test tells it. */
function fakeObserver() {
  const made: { margin: string; watched: Element[]; live: boolean; report: (hit: boolean) => void }[] = [];
  class Observer {
    constructor(cb: (e: { isIntersecting: boolean }[]) => void, opts: { rootMargin: string }) {
      const o = { margin: opts.rootMargin, watched: [] as Element[], live: true, report: (hit: boolean) => o.live && cb([{ isIntersecting: hit }]) };
      made.push(o);
      Object.assign(this, { observe: (el: Element) => o.watched.push(el), disconnect: () => (o.live = false) });
    }
  }
  vi.stubGlobal("IntersectionObserver", Observer);
  return made;
}

const render = async (node: React.ReactNode) => {
  const el = document.createElement("div");
  const root = createRoot(el);
  await act(async () => root.render(node));
  return { el, root };
};

afterEach(() => void vi.unstubAllGlobals());

describe("useNearView", () => {
  it("is false until the element comes within the margin, then true for good, with the observer let go", async () => {
    const made = fakeObserver();
    const { el, root } = await render(<Probe margin={600} />);
    expect(el.textContent).toBe("far");
    expect(made).toHaveLength(1);
    expect(made[0].margin).toBe("600px 0px");
    expect(made[0].watched).toEqual([el.firstChild]);
    await act(async () => made[0].report(false));
    expect(el.textContent).toBe("far");
    await act(async () => made[0].report(true));
    expect(el.textContent).toBe("near");
    expect(made[0].live).toBe(false);
    await act(async () => root.render(<Probe margin={600} />));
    expect(el.textContent).toBe("near");
    expect(made).toHaveLength(1);
    root.unmount();
  });

  it("with watch false, is true at once and makes no observer", async () => {
    const made = fakeObserver();
    const { el, root } = await render(<Probe margin={600} watch={false} />);
    expect(el.textContent).toBe("near");
    expect(made).toHaveLength(0);
    root.unmount();
  });

  it("is true at once where there is no IntersectionObserver", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const { el, root } = await render(<Probe margin={600} />);
    expect(el.textContent).toBe("near");
    root.unmount();
  });
});
