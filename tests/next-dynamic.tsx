/**
 * next/dynamic for the unit tests (vitest.config.ts aliases it here). Next's own renders nothing
 * outside Next; this one renders the loaded component, as Next's server render does, so a block's
 * markup test sees its client part. Each dynamic() starts its import at once; tests/setup.ts waits
 * for all of them before a file's tests run. `ssr: false` renders what Next's server renders: the
 * `loading` element, or nothing.
 */
import type { ComponentType, ReactNode } from "react";

const pending = new Set<Promise<unknown>>();

/** Resolves when every dynamic() made so far has loaded its component. */
export const dynamicImportsLoaded = () => Promise.all(pending);

type Loaded<P> = ComponentType<P> | { default: ComponentType<P> };

export default function dynamic<P extends object>(loader: () => Promise<Loaded<P>>, options: { ssr?: boolean; loading?: () => ReactNode } = {}) {
  // As on Next's server: a browser-only component is neither loaded nor rendered.
  if (options.ssr === false) return function Dynamic() {
    return options.loading?.() ?? null;
  };
  let Component: ComponentType<P> | null = null;
  pending.add(
    loader().then((m) => {
      Component = typeof m === "object" && "default" in m ? m.default : (m as ComponentType<P>);
    }),
  );
  function Dynamic(props: P) {
    if (!Component) throw new Error("next/dynamic in a test: the component has not loaded yet (tests/setup.ts waits for every dynamic import)");
    return <Component {...props} />;
  }
  return Dynamic;
}
