import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BlockProps } from "../../renderer/types";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import Popup from "./popup";
import { CONSENT_ASK_ATTR } from "../../domain/consent";
import { PHONE_MEDIA, openPopupScript, popupStorageKey, shouldOpenPopup, sparesPhones } from "./popup-rules";

type Props = BlockProps<"popup">;
const base: Props = {
  title: "End of financial year sale",
  description: "Drive away deals on every new SUV until 30 June.",
  image: { src: "/promos/eofy.jpg", alt: "A row of new SUVs", width: 600, height: 300 },
  button: { label: "See the offers", href: "/special-offers", newTab: false },
};

async function render(props: Partial<Props> = {}) {
  const node = await Popup({ id: "eofy", props: { ...base, ...props }, ctx: fixtureCtx() });
  return renderToStaticMarkup(<>{node}</>);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("popup", () => {
  it("renders a closed, labelled native dialog and the inline script that opens it (opened by the browser, so nothing shifts)", async () => {
    const html = await render();
    expect(html).toMatch(/^<dialog id="fc-popup-eofy" class="[^"]*" aria-labelledby="eofy-title" aria-describedby="eofy-description" closedby="any">/);
    expect(html).not.toMatch(/<dialog[^>]* open/);
    const script = openPopupScript({ elementId: "fc-popup-eofy", storageKey: popupStorageKey("harbourside-motors") });
    expect(html.endsWith(`</dialog><script>${script}</script>`)).toBe(true);
  });

  it("has a Close button first, then image, title, description and button", async () => {
    const html = await render();
    expect(html).toMatch(/<dialog[^>]*><button type="button" class="[^"]*" aria-label="Close" commandfor="fc-popup-eofy" command="close"><svg aria-hidden="true"/);
    expect(html).toMatch(/<img class="[^"]*" src="\/promos\/eofy.jpg" alt="A row of new SUVs" width="600" height="300" loading="lazy" decoding="async"\/>/);
    expect(html).toMatch(/<h2 class="[^"]*" id="eofy-title">End of financial year sale<\/h2>/);
    expect(html).toMatch(/<p class="[^"]*" id="eofy-description">Drive away deals on every new SUV until 30 June.<\/p>/);
    expect(html).toContain('<a class="fc-button" href="/special-offers">See the offers</a>');
  });

  it("works without an image", async () => {
    const html = await render({ image: undefined });
    expect(html).not.toContain("<img");
    expect(html).toContain("End of financial year sale");
  });

  it("is not rendered at or past its expiry", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-07-01T00:00:00+10:00"));
    expect(await render({ expiry: "2026-06-30T23:59:59+10:00" })).toBe("");
    expect(await render({ expiry: "2026-07-01T00:00:00+10:00" })).toBe("");
    expect(await render({ expiry: "2026-07-01T00:00:01+10:00" })).toContain("<dialog");
  });
});

/** Runs the inline script against a fake page at `now`: whether it opened the dialog, and what a close then stores. */
function runScript(script: string, stored: Record<string, string> | null, now = Date.parse("2026-06-15T00:00:00Z"), width = 1280, asking = false) {
  const listeners: (() => void)[] = [];
  const image = { loading: "lazy" };
  const dialog = {
    open: false,
    showModal: () => void (dialog.open = true),
    addEventListener: (_: string, f: () => void) => listeners.push(f),
    querySelector: (selector: string) => (selector === "img[loading=lazy]" && image.loading === "lazy" ? image : null),
  };
  const localStorage = {
    getItem: (k: string) => {
      if (!stored) throw new Error("SecurityError");
      return stored[k] ?? null;
    },
    setItem: (k: string, v: string) => {
      if (stored) stored[k] = v;
    },
  };
  // <html>, with the consent banner's attribute while it asks, and the observers of that attribute.
  const attrs = new Set(asking ? [CONSENT_ASK_ATTR] : []);
  const observers: { owner: unknown; filter: string[]; notify: () => void }[] = [];
  const documentElement = { hasAttribute: (a: string) => attrs.has(a) };
  class MutationObserver {
    constructor(private readonly callback: (records: unknown[], o: MutationObserver) => void) {}
    observe(target: unknown, init: { attributes: boolean; attributeFilter: string[] }) {
      if (target !== documentElement || !init.attributes) throw new Error("observes something else");
      observers.push({ owner: this, filter: init.attributeFilter, notify: () => this.callback([{}], this) });
    }
    disconnect() {
      observers.splice(0, observers.length, ...observers.filter((o) => o.owner !== this));
    }
  }
  const document = { getElementById: (id: string) => (id === "fc-popup-eofy" ? dialog : null), documentElement };
  class FakeDate extends Date {
    constructor() {
      super(now);
    }
    static now = () => now;
  }
  // Only the phone query the script asks is answered; any other would be a mistake in it.
  const matchMedia = (q: string) => {
    if (q !== PHONE_MEDIA) throw new Error(`unexpected media query ${q}`);
    return { matches: width < 720 };
  };
  new Function("localStorage", "document", "Date", "window", "matchMedia", "MutationObserver", script)(localStorage, document, FakeDate, { matchMedia, MutationObserver }, matchMedia, MutationObserver);
  return {
    opened: dialog.open,
    isOpen: () => dialog.open,
    imageLoading: image.loading,
    close: () => listeners.forEach((f) => f()),
    /** The visitor answers the consent banner: its attribute goes, and whoever observes it hears so. */
    choose: () => {
      attrs.delete(CONSENT_ASK_ATTR);
      for (const o of [...observers]) if (o.filter.includes(CONSENT_ASK_ATTR)) o.notify();
      return observers.length;
    },
  };
}

describe("the inline script that opens the popup with the page", () => {
  const key = popupStorageKey("harbourside-motors");
  const script = (expiry?: string) => openPopupScript({ elementId: "fc-popup-eofy", storageKey: key, expiry });

  it("opens it and loads its picture at once; a close (before the page's scripts run) is remembered for this dealer", () => {
    const stored: Record<string, string> = {};
    const run = runScript(script(), stored);
    expect(run.opened).toBe(true);
    expect(run.imageLoading).toBe("eager");
    expect(stored[key]).toBeUndefined();
    run.close();
    expect(stored[key]).toBe("2026-06-15T00:00:00.000Z");
    const again = runScript(script(), stored);
    expect(again.opened).toBe(false);
    expect(again.imageLoading).toBe("lazy");
  });

  it("does not open a popup past its expiry, or with an unreadable one", () => {
    expect(runScript(script("2026-06-20T00:00:00Z"), {}, Date.parse("2026-06-19T23:59:59Z")).opened).toBe(true);
    expect(runScript(script("2026-06-20T00:00:00Z"), {}, Date.parse("2026-06-20T00:00:00Z")).opened).toBe(false);
    expect(runScript(script("garbled"), {}).opened).toBe(false);
  });

  it("on a page that spares phones, stays closed on a phone and opens on a wider screen", () => {
    const sparing = openPopupScript({ elementId: "fc-popup-eofy", storageKey: key, sparePhones: true });
    expect(runScript(sparing, {}, undefined, 390).opened).toBe(false);
    expect(runScript(sparing, {}, undefined, 719).opened).toBe(false);
    expect(runScript(sparing, {}, undefined, 720).opened).toBe(true);
    // Elsewhere a phone sees it too.
    expect(runScript(script(), {}, undefined, 390).opened).toBe(true);
  });

  it("while the consent banner asks, waits for the visitor's choice and opens then (once, and only if not dismissed meanwhile)", () => {
    const run = runScript(script(), {}, undefined, 1280, true);
    expect(run.opened).toBe(false);
    expect(run.imageLoading).toBe("lazy");
    expect(run.choose()).toBe(0);
    expect(run.isOpen()).toBe(true);
    const stored: Record<string, string> = {};
    const other = runScript(script(), stored, undefined, 1280, true);
    stored[key] = "2026-06-15T00:00:00.000Z"; // closed in another tab before choosing
    other.choose();
    expect(other.isOpen()).toBe(false);
  });

  it("still opens when browser storage is blocked", () => {
    expect(runScript(script(), null).opened).toBe(true);
  });

  it("keeps the inline script inert against markup in its strings", () => {
    expect(openPopupScript({ elementId: "id", storageKey: "k</script><script>alert(1)//", expiry: "</script>" })).not.toContain("</script>");
  });
});

describe("popup rules", () => {
  const now = new Date("2026-06-01T00:00:00Z");

  it("spares phones on a car's page, its checkout and pages with a form the visitor came for", () => {
    const page = (...types: string[]) => ({ blocks: types.map((type) => ({ type })) });
    expect(sparesPhones({ vehicle: null, path: "/", page: page("hero-slides", "search-hero", "rich-text") })).toBe(false);
    expect(sparesPhones({ vehicle: null, path: "/search", page: page("search-results") })).toBe(false);
    expect(sparesPhones({ vehicle: {}, path: "/cars/2021-mazda-cx-5-abc", page: page("vehicle-summary") })).toBe(true);
    expect(sparesPhones({ vehicle: null, path: "/cars/2021-mazda-cx-5-abc/checkout", page: page() })).toBe(true);
    expect(sparesPhones({ vehicle: null, path: "/checkout-journey", page: page() })).toBe(true);
    for (const form of ["enquiry-form", "hero-lead-form", "trade-in-wizard", "service-booking", "sign-in"]) {
      expect(sparesPhones({ vehicle: null, path: "/x", page: page("rich-text", form) }), form).toBe(true);
    }
  });

  it("renders the phone rule into a car page's script", async () => {
    const node = await Popup({ id: "eofy", props: base, ctx: { ...fixtureCtx("/cars/x"), vehicle: {} as never } });
    expect(renderToStaticMarkup(<>{node}</>)).toContain(`matchMedia(${JSON.stringify(PHONE_MEDIA)})`);
    expect(await render()).not.toContain("matchMedia");
  });

  it("keys the dismissal per dealer", () => {
    expect(popupStorageKey("harbourside-motors")).toBe("forecourt:popup-dismissed:harbourside-motors");
    expect(popupStorageKey("bayside-caravans")).not.toBe(popupStorageKey("harbourside-motors"));
  });

  it("opens when neither dismissed nor expired", () => {
    expect(shouldOpenPopup({ dismissed: null, now })).toBe(true);
    expect(shouldOpenPopup({ dismissed: null, expiry: "2026-06-02T00:00:00Z", now })).toBe(true);
  });

  it("stays closed once dismissed", () => {
    expect(shouldOpenPopup({ dismissed: "2026-05-30T10:00:00.000Z", now })).toBe(false);
  });

  it("stays closed in a cached page once expired", () => {
    expect(shouldOpenPopup({ dismissed: null, expiry: "2026-05-31T23:59:59Z", now })).toBe(false);
  });
});
