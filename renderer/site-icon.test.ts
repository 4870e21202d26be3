import { describe, expect, it } from "vitest";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";
import { siteIcon } from "./tenant-page";

describe("siteIcon", () => {
  it("is the site's initial on its primary colour, as an inline SVG", () => {
    const svg = decodeURIComponent(siteIcon(fixtureTenant).replace(/^data:image\/svg\+xml,/, ""));
    expect(svg).toContain('fill="#0b3d91"');
    expect(svg).toContain('fill="#ffffff">H</text>');
  });
  it("keeps markup out of the initial", () => {
    const doc = { ...fixtureTenant, identity: { ...fixtureTenant.identity, name: "<b>" } };
    expect(decodeURIComponent(siteIcon(doc))).toContain('"></text>');
  });
});
