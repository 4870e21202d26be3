// @vitest-environment happy-dom
/**
 * The page's content hydrates in a pass of its own, after the rest of the document (issue 34: the
 * search page's hydration was one long task). These tests hold React to what HydrateLater relies
 * on, so a React upgrade that changes it fails here rather than silently in Lighthouse: a visible
 * Activity keeps its server HTML in place, is hydrated after the root's own commit, and a click on
 * it before then is still handled.
 */
import { useLayoutEffect, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HydrateLater } from "./hydrate-later.client";

let order: string[] = [];
/** Run in a microtask after the commit that ran the "document" mark: before any later task of React's. */
let afterDocumentCommit: (() => void) | undefined;
function Mark({ name }: { name: string }) {
  useLayoutEffect(() => {
    order.push(name);
    if (name === "document" && afterDocumentCommit) queueMicrotask(afterDocumentCommit);
  }, [name]);
  return null;
}
function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN((x) => x + 1)}>
      Clicked {n}
    </button>
  );
}
const page = () => (
  <div>
    <header>
      <Mark name="document" />
    </header>
    <HydrateLater>
      <main>
        <Counter />
        <Mark name="content" />
      </main>
    </HydrateLater>
  </div>
);

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  root?.unmount();
  root = undefined;
  host?.remove();
  vi.unstubAllGlobals();
  afterDocumentCommit = undefined;
});

/** The server's HTML in the document, then hydrated by React's own scheduler (not act(), which would flush every pass at once). */
function hydrate() {
  vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", false);
  order = [];
  host = document.body.appendChild(document.createElement("div"));
  host.innerHTML = renderToString(page());
  root = hydrateRoot(host, page());
}
const button = () => host.querySelector("button")!;

describe("HydrateLater", () => {
  it("sends the content in the server's HTML, marked as a boundary of its own", () => {
    const html = renderToString(page());
    expect(html).toContain("<!--&--><main><button");
    expect(html).toContain("Clicked <!-- -->0</button></main><!--/&-->");
  });

  it("hydrates the content in a later pass than the rest of the document, and keeps its HTML meanwhile", async () => {
    let seen: string[] = [];
    afterDocumentCommit = () => (seen = [...order]);
    hydrate();
    const before = button();
    await vi.waitFor(() => expect(seen).toEqual(["document"]), { timeout: 2_000, interval: 1 });
    await vi.waitFor(() => expect(order).toEqual(["document", "content"]), { timeout: 2_000, interval: 5 });
    // Hydrated in place: the server's nodes, now React's.
    expect(button()).toBe(before);
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe("Clicked 1"));
  });

  it("handles a click made before the content has hydrated", async () => {
    let seen: string[] = [];
    afterDocumentCommit = () => {
      seen = [...order];
      button().click();
    };
    hydrate();
    await vi.waitFor(() => expect(seen).toEqual(["document"]), { timeout: 2_000, interval: 1 });
    await vi.waitFor(() => expect(button().textContent).toBe("Clicked 1"), { timeout: 2_000 });
    expect(order).toEqual(["document", "content"]);
  });
});
