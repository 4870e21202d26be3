import { describe, expect, it } from "vitest";
import { describeAudit } from "./history-page";
import { placeholderWords } from "./new-site-created.client";

// Words a person reads in the admin instead of the system's names (issue 17's look-through).
describe("History's audit log in words", () => {
  it("words the dealership directory's changes", () => {
    expect(describeAudit("assign-dealership", { dealership: 101, from: null, to: "harbourline" })).toBe("gave dealership 101 to harbourline");
    expect(describeAudit("assign-dealership", { dealership: 101, from: "bluegum", to: "harbourline" })).toBe("gave dealership 101 to harbourline (it was bluegum's)");
    expect(describeAudit("unassign-dealership", { dealership: 101, from: "harbourline", to: null })).toBe("took dealership 101 off harbourline");
    expect(describeAudit("create-feed-key", { dealership: 101, key: 4, prefix: "fck_IEUB", label: "DMS" })).toBe("made a feed key “DMS” (fck_IEUB…) for dealership 101");
    expect(describeAudit("create-feed-key", { dealership: 102, key: 5, prefix: "fck_AbCd", label: null })).toBe("made a feed key (fck_AbCd…) for dealership 102");
    expect(describeAudit("revoke-feed-key", { dealership: 101, key: 4, prefix: "fck_IEUB" })).toBe("revoked feed key fck_IEUB… of dealership 101");
  });
});

describe("History's audit log names settings by their labels", () => {
  it("words a change of feature flags by each flag's label", () => {
    expect(describeAudit("flags", { flags: { "/features/phoneRevealed": false, "/features/tradeIn/enabled": true } })).toBe(
      "changed feature flags: Phone number shown from the start: off, Trade-in valuation: on",
    );
    expect(describeAudit("flags", { flags: { "/features/calculators/fuel": true } })).toBe("changed feature flags: Fuel cost calculator: on");
  });
});

describe("the new site's placeholders in the wizard", () => {
  it("names a stand-in picture instead of showing its path, and keeps placeholder text", () => {
    expect(placeholderWords({ pointer: "/theme/logo/src", text: "/starters/logo.svg" })).toBe("The logo: a stand-in “Your logo” box until a logo is added (editor › Theme).");
    expect(placeholderWords({ pointer: "/pages/0/blocks/0/props/image/src", text: "/starters/hero.webp" })).toBe("A stand-in picture, to be replaced in the editor.");
    expect(placeholderWords({ pointer: "/pages/1/blocks/0/props/html", text: "[Placeholder] Tell visitors who you are" })).toBe("[Placeholder] Tell visitors who you are");
  });
});
