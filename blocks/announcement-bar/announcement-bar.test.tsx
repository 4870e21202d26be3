import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BlockProps } from "../../renderer/types";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import { shortHash } from "../_shared/schedule";
import AnnouncementBar from "./announcement-bar";
import styles from "./announcement-bar.module.css";
import { announcementStorageKey, hideBarScript } from "./announcement-rules";

type Props = BlockProps<"announcement-bar">;
const base: Props = { message: "Service special: 20% off logbook servicing", tone: "accent", dismissible: true };

async function render(props: Partial<Props> = {}) {
  const node = await AnnouncementBar({ id: "promo-bar", props: { ...base, ...props }, ctx: fixtureCtx() });
  return renderToStaticMarkup(<>{node}</>);
}

/** Runs the inline script against a fake page at `now`; returns whether it hid the bar. */
function runScript(script: string, stored: Record<string, string>, now = Date.parse("2026-06-15T00:00:00Z")): boolean {
  const bar = { hidden: false };
  const localStorage = {
    getItem: (k: string) => {
      if (stored === BLOCKED) throw new Error("SecurityError");
      return stored[k] ?? null;
    },
  };
  const document = { getElementById: (id: string) => (id === "fc-announcement-promo-bar" ? bar : null) };
  const FakeDate = { now: () => now, parse: Date.parse };
  new Function("localStorage", "document", "Date", script)(localStorage, document, FakeDate);
  return bar.hidden;
}
const BLOCKED: Record<string, string> = {};

afterEach(() => {
  vi.useRealTimers();
});

describe("announcement-bar", () => {
  it("renders the message and link in a labelled region", async () => {
    const html = await render({ link: { label: "Book now", href: "/book-a-service", newTab: false } });
    expect(html).toMatch(/^<section id="fc-announcement-promo-bar" class="[^"]*" aria-label="Announcement">/);
    expect(html).toMatch(/<p class="[^"]*">Service special: 20% off logbook servicing <a class="[^"]*" href="\/book-a-service">Book now<\/a><\/p>/);
  });

  it("has a close button named Dismiss announcement", async () => {
    const html = await render();
    expect(html).toMatch(/<button type="button" class="[^"]*" aria-label="Dismiss announcement"><svg aria-hidden="true"/);
  });

  it("uses the colour pair of its tone", async () => {
    for (const tone of ["accent", "primary", "neutral"] as const) {
      const html = await render({ tone });
      expect(html).toContain(`class="${styles.bar} ${styles[tone]}"`);
    }
  });

  it("announces a new-tab link", async () => {
    const html = await render({ link: { label: "Apply", href: "https://finance.example.com", newTab: true } });
    expect(html).toContain(
      'href="https://finance.example.com" target="_blank" rel="noopener noreferrer">Apply<span class="fc-visually-hidden"> (opens in a new tab)</span></a>',
    );
  });

  it("is not rendered before its start or from its expiry on", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-06-15T00:00:00Z"));
    expect(await render({ start: "2026-06-16T00:00:00Z" })).toBe("");
    expect(await render({ expiry: "2026-06-15T00:00:00Z" })).toBe("");
    expect(await render({ expiry: "2026-06-14T23:59:59+10:00" })).toBe("");
    expect(await render({ start: "2026-06-01T00:00:00Z", expiry: "2026-06-30T00:00:00Z" })).toContain("Service special");
  });

  it("hides itself before paint when this message was dismissed", async () => {
    const html = await render();
    const script = html.match(/<script>(.*)<\/script>$/)?.[1];
    expect(script).toBeDefined();
    const key = `forecourt:announcement-dismissed:harbourside-motors:promo-bar:${shortHash(base.message)}`;
    expect(script).toContain(JSON.stringify(key));
    expect(runScript(script!, { [key]: "2026-06-01T00:00:00.000Z" })).toBe(true);
    expect(runScript(script!, {})).toBe(false);
  });

  it("shows again when the message changes", () => {
    const before = announcementStorageKey("harbourside-motors", "promo-bar", "Sale ends Sunday");
    const after = announcementStorageKey("harbourside-motors", "promo-bar", "Sale ends Monday");
    expect(before).not.toBe(after);
    expect(before.startsWith("forecourt:announcement-dismissed:harbourside-motors:promo-bar:")).toBe(true);
    const script = hideBarScript({ elementId: "fc-announcement-promo-bar", storageKey: after });
    expect(runScript(script, { [before]: "x" })).toBe(false);
    expect(runScript(script, { [after]: "x" })).toBe(true);
  });

  it("still shows when browser storage is blocked", () => {
    const script = hideBarScript({ elementId: "fc-announcement-promo-bar", storageKey: "k" });
    expect(runScript(script, BLOCKED)).toBe(false);
  });

  it("hides a cached bar once its expiry has passed in the browser", () => {
    const script = hideBarScript({ elementId: "fc-announcement-promo-bar", expiry: "2026-06-20T00:00:00Z" });
    expect(runScript(script, {}, Date.parse("2026-06-19T23:59:59Z"))).toBe(false);
    expect(runScript(script, {}, Date.parse("2026-06-20T00:00:00Z"))).toBe(true);
    expect(runScript(hideBarScript({ elementId: "fc-announcement-promo-bar", expiry: "garbled" }), {})).toBe(true);
  });

  it("keeps the inline script inert against markup in its strings", () => {
    expect(hideBarScript({ elementId: "id", storageKey: "k</script><script>alert(1)//" })).not.toContain("</script>");
  });

  it("has no close button or script when neither dismissible nor expiring", async () => {
    const html = await render({ dismissible: false });
    expect(html).not.toContain("<button");
    expect(html).not.toContain("<script");
  });

  it("checks only the expiry in the browser when not dismissible", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-06-15T00:00:00Z"));
    const html = await render({ dismissible: false, expiry: "2026-06-20T00:00:00Z" });
    const script = html.match(/<script>(.*)<\/script>$/)?.[1] ?? "";
    expect(script).toContain('Date.parse("2026-06-20T00:00:00Z")');
    expect(script).not.toContain("localStorage");
  });
});
