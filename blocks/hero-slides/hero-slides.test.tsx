import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlockProps } from "../../renderer/types";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import HeroSlides from "./hero-slides";
import styles from "./hero-slides.module.css";

type Props = BlockProps<"hero-slides">;
type Slide = Props["slides"][number];

const slide = (n: number, extra: Partial<Slide> = {}): Slide => ({
  id: `slide-${n}`,
  name: `Slide ${n} heading`,
  buttonLabel: "Find out more",
  hide_overlay: false,
  image: { src: `/promos/slide-${n}.jpg`, alt: `Promo ${n}`, width: 1920, height: 540 },
  ...extra,
});

const three: Props["slides"] = [
  slide(1, { description: "Drive away today.", url: "/special-offers", buttonLabel: "See offers" }),
  slide(2, { url: "/finance" }),
  slide(3, { hide_overlay: true, url: "/service", image: { src: "/promos/slide-3.jpg", alt: "" } }),
];

async function render(props: Partial<Props> = {}) {
  const node = await HeroSlides({
    id: "hero",
    props: { slides: three, aspect: "1920x540", autoplay: true, intervalSeconds: 6, ...props },
    ctx: fixtureCtx(),
  });
  return renderToStaticMarkup(<>{node}</>);
}

const imgTags = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe("hero-slides with several slides", () => {
  it("is a labelled carousel of labelled slides, only the first visible", async () => {
    const html = await render();
    expect(html).toMatch(/<section class="[^"]*" aria-roledescription="carousel" aria-label="Promotions">/);
    const slides = [...html.matchAll(/role="group" aria-roledescription="slide" aria-label="([^"]+)" data-active="(true|false)"/g)];
    expect(slides.map((m) => [m[1], m[2]])).toEqual([
      ["1 of 3", "true"],
      ["2 of 3", "false"],
      ["3 of 3", "false"],
    ]);
  });

  it("loads the first image eagerly at high priority and the rest lazily, with sizes reserved", async () => {
    const imgs = imgTags(await render());
    expect(imgs).toHaveLength(3);
    expect(imgs[0]).toContain('src="/promos/slide-1.jpg"');
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[0]).toContain('fetchPriority="high"');
    expect(imgs[0]).toContain('width="1920" height="540"');
    for (const img of imgs.slice(1)) {
      expect(img).toContain('loading="lazy"');
      expect(img).not.toContain("fetchPriority");
    }
    // No width/height on the asset: the aspect's own size is used.
    expect(imgs[2]).toContain('width="1920" height="540"');
  });

  it("reserves the slide shape with CSS aspect-ratio", async () => {
    expect(await render()).toContain(`class="${styles.media} ${styles.wide}"`);
    expect(await render({ aspect: "1920x1080" })).toContain(`class="${styles.media} ${styles.tall}"`);
  });

  it("renders the heading as h2, the description and the button", async () => {
    const html = await render();
    expect([...html.matchAll(/<h2 class="[^"]*">([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(["Slide 1 heading", "Slide 2 heading"]);
    expect(html).toMatch(/<p class="[^"]*">Drive away today.<\/p>/);
    expect(html).toContain('href="/special-offers">See offers</a>');
    expect(html).toContain('href="/finance">Find out more</a>');
  });

  it("drops the overlay when hidden, linking the image with a non-empty alt instead", async () => {
    const html = await render();
    expect(html).not.toContain("Slide 3 heading</h2>");
    expect(html).toMatch(/<a class="[^"]*" href="\/service"><img class="[^"]*" src="\/promos\/slide-3.jpg" alt="Slide 3 heading"/);
  });

  it("has named previous, next, dot and pause controls", async () => {
    const html = await render();
    expect(html).toContain('aria-label="Pause slideshow"');
    expect(html).toContain('aria-label="Previous slide"');
    expect(html).toContain('aria-label="Next slide"');
    const dots = [...html.matchAll(/aria-label="(Go to slide \d of \d)"( aria-current="true")?/g)].map((m) => [m[1], Boolean(m[2])]);
    expect(dots).toEqual([
      ["Go to slide 1 of 3", true],
      ["Go to slide 2 of 3", false],
      ["Go to slide 3 of 3", false],
    ]);
    // The pause control comes first in the tab order (APG carousel); the slide controls follow the
    // slides, in the page as on screen (shown below them, so drawing the slides moves nothing).
    expect(html.indexOf("Pause slideshow")).toBeLessThan(html.indexOf("Slide 1 heading"));
    expect(html.indexOf("Slide 3 heading")).toBeLessThan(html.indexOf("Previous slide"));
    expect(html.indexOf("Previous slide")).toBeLessThan(html.indexOf("Next slide"));
    const css = readFileSync("blocks/hero-slides/hero-slides.module.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    expect(css).not.toMatch(/\border:/);
  });

  it("announces slide changes politely only when not rotating", async () => {
    expect(await render()).toContain('aria-live="off"');
    const still = await render({ autoplay: false });
    expect(still).toContain('aria-live="polite"');
    expect(still).not.toContain("Pause slideshow");
    expect(still).not.toContain("Play slideshow");
  });
});

describe("hero-slides with one slide", () => {
  it("has no controls and no carousel semantics", async () => {
    const html = await render({ slides: [three[0]] });
    expect(html).not.toContain("<button");
    expect(html).not.toContain("aria-roledescription");
    expect(html).toMatch(/<section class="[^"]*" aria-label="Promotions">/);
    expect(html).toContain("Slide 1 heading</h2>");
    expect(imgTags(html)[0]).toContain('fetchPriority="high"');
  });
});

describe("hero slides' transition", () => {
  // Axe (tests/e2e/admin.spec.ts) once measured a slide's text mid-fade, part-transparent: only the picture may fade.
  it("fades only the picture; no rule makes a slide's text part-transparent", () => {
    const css = readFileSync("blocks/hero-slides/hero-slides.module.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1].trim(), body: m[2] }));
    const fading = rules.filter((r) => /\bopacity\b/.test(r.body)).map((r) => r.selector);
    expect(fading).toEqual([".media", '.slide[data-active="false"] .media']);
  });
});
