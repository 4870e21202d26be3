import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_SEARCH } from "../../domain/search-host";
import type { BlockProps } from "../../renderer/types";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import { modelRangeTenant as tenant, withModelStock as withEngine } from "../../tests/fixtures/model-range";
import ModelHero from "./model-hero";

vi.mock("../../server/search/in-process", () => ({ registerInProcessSearch: () => {} }));

const html = async (node: unknown) => renderToString((await node) as ReactElement).replace(/<!-- -->/g, "");

describe("model-hero block", () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH];
  });
  const hero = (path: string, props: BlockProps<"model-hero"> = {}) => html(ModelHero({ id: "hero", props, ctx: fixtureCtx(path, tenant) }));

  it("heads a model page: badge, name, bodies, From price, description, stock and the buttons given", async () => {
    withEngine();
    const h = await hero("/cx-5", { testDriveHref: "/book-test-drive", enquireHref: "/contact-us" });
    expect(h).toContain(">Mazda CX-5</h2>");
    expect(h).toContain(">SUV</p>");
    expect(h).toContain(">From $37,990</p>");
    expect(h).toContain("<p>The mid-size SUV.</p>");
    expect(h).toContain('<a class="fc-button" href="/search/mazda/cx-5">View 2 in stock</a>');
    expect(h).toContain('href="/book-test-drive">Book a Test Drive</a>');
    expect(h).toContain('href="/contact-us">Enquire</a>');
  });

  it("a coming-soon model with no stock: its badge, no stock button, no buttons not given", async () => {
    withEngine();
    const h = await hero("/cx-70");
    expect(h).toContain(">COMING SOON</p>");
    expect(h).toContain(">None in stock</p>");
    expect(h).not.toContain("View ");
    expect(h).not.toContain("Book a Test Drive");
  });

  it("renders nothing off a model page", async () => {
    withEngine();
    expect(await hero("/about-us")).toBe("");
  });
});
