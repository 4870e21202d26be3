import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import VehicleActions from "./vehicle-actions";
import { blockProps } from "../../tests/fixtures/block-props";

const REPORT = "/demo/history-report-sample.pdf";
const PATH = "/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001";
const URL_ENC = encodeURIComponent("https://harbourside.example/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001");

async function render(car: StoredVehicle | null, props: Partial<BlockProps<"vehicle-actions">> = {}, features: Partial<TenantDocument["features"]> = {}) {
  const tenant = structuredClone(fixtureTenant);
  Object.assign(tenant.features, features);
  const el = (await VehicleActions({ id: "va", props: blockProps("vehicle-actions", props), ctx: fixtureCtx(PATH, tenant, car) })) as ReactElement | null;
  return el ? renderToStaticMarkup(el) : "";
}

describe("vehicle-actions block", () => {
  it("renders nothing without a car", async () => {
    expect(await render(null)).toBe("");
  });

  it("shares the car's canonical URL on Facebook, X, LinkedIn, WhatsApp and by e-mail, each a named link", async () => {
    const html = await render(fixtureVehicle());
    expect(html).toContain('<section class="fc-container');
    expect(html).toContain('aria-label="Share" data-block="vehicle-actions"');
    expect(html).toContain('role="group" aria-labelledby="va-share"');
    expect(html).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${URL_ENC}" target="_blank" rel="noopener noreferrer" data-share="facebook"`);
    expect(html).toContain(`href="https://x.com/intent/tweet?url=${URL_ENC}&amp;text=2021%20Toyota%20Corolla%20Ascent%20Sport%20ZWE211R"`);
    expect(html).toContain(`href="https://www.linkedin.com/sharing/share-offsite/?url=${URL_ENC}"`);
    expect(html).toContain(`href="https://wa.me/?text=2021%20Toyota%20Corolla%20Ascent%20Sport%20ZWE211R%20${URL_ENC}"`);
    expect(html).toContain(`href="mailto:?subject=2021%20Toyota%20Corolla%20Ascent%20Sport%20ZWE211R&amp;body=`);
    const names = [...html.matchAll(/<span class="fc-visually-hidden">(Share [^<]*)<\/span>/g)].map((m) => m[1].replace(/<!-- -->/g, ""));
    expect(names).toEqual([
      "Share on Facebook (opens in a new window)",
      "Share on X (opens in a new window)",
      "Share on LinkedIn (opens in a new window)",
      "Share on WhatsApp (opens in a new window)",
      "Share by Email",
    ]);
    expect(html).toMatch(/<button type="button" class="[^"]*" data-copied="false">.*<span aria-live="polite">Copy link<\/span><\/button>/);
  });

  it("shows only the chosen networks, in their order; copy link and print can be switched off", async () => {
    const html = await render(fixtureVehicle(), { networks: ["whatsapp", "email"], copyLink: false, print: false, label: "Share this car" });
    expect([...html.matchAll(/data-share="([a-z]+)"/g)].map((m) => m[1])).toEqual(["whatsapp", "email"]);
    expect(html).toContain('aria-label="Share this car"');
    expect(html).not.toContain("Copy link");
    expect(html).not.toContain("Print");
    expect(html).not.toContain("Download PDF");
  });

  it("Print opens the print view in a new tab when the site does not download PDFs", async () => {
    const html = await render(fixtureVehicle(), {}, { pdfDownload: false });
    expect(html).toMatch(/<a class="fc-button fc-button--ghost [^"]*" href="\/print\?car_id=2021-toyota-corolla-ascent-sport-hatch-hm1001" target="_blank" rel="noopener">/);
    expect(html).toContain('Print<span class="fc-visually-hidden"> (opens in a new tab)</span>');
    expect(html).not.toContain("Download PDF");
  });

  it("Download PDF instead where the site downloads PDFs", async () => {
    const html = await render(fixtureVehicle(), {}, { pdfDownload: true });
    expect(html).toMatch(/<button type="button" class="fc-button fc-button--ghost [^"]*" aria-busy="false">.*<span aria-live="polite">Download PDF<\/span><\/button>/);
    expect(html).not.toContain("/print?car_id=");
  });

  it("History Report only when the car has a report and the site shows them; it opens in a new tab", async () => {
    expect(await render(fixtureVehicle())).not.toContain("History Report");
    expect(await render(fixtureVehicle({ history_report_url: "  " }))).not.toContain("History Report");
    expect(await render(fixtureVehicle({ history_report_url: REPORT }), {}, { historyReport: false })).not.toContain("History Report");
    const html = await render(fixtureVehicle({ history_report_url: REPORT }));
    expect(html).toContain(`href="${REPORT}" target="_blank" rel="noopener">`);
    expect(html).toContain('History Report<span class="fc-visually-hidden"> (opens in a new tab)</span></a>');
  });

  it("the toast variant keeps an empty status region ready for its message", async () => {
    expect(await render(fixtureVehicle(), {}, { shareCopyFeedback: "toast" })).toMatch(/<div class="[^"]*" role="status" data-open="false"><\/div>/);
    expect(await render(fixtureVehicle(), {}, { shareCopyFeedback: "inline" })).not.toContain('role="status"');
  });

  it("a sold car can still be shared and printed", async () => {
    const html = await render(soldVehicle());
    expect(html).toContain('data-share="facebook"');
    expect(html).toContain("/print?car_id=");
  });
});
