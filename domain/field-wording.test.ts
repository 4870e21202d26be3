import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import tenantSchema from "../schemas/generated/tenant.schema.json";
import { validateTenant, type TenantError } from "./tenant-validation";
import { enumLabel, fieldTitle, PATTERN_WORDS } from "./field-wording";
import { fieldPlace, problemText, problemWords } from "./field-place";

const harbourline = () => JSON.parse(readFileSync("tenants/harbourline.json", "utf8"));
const errorsOf = (doc: unknown): TenantError[] => {
  const r = validateTenant(doc);
  return r.ok ? [] : r.errors;
};
// What an error must never show a person: a regular expression or a JSON pointer.
const REGEX = /\\[dDwWsS]|\[\^?[^\]\s]*-[^\]\s]*\]|\(\?[:=!]|\^\S*\$|\{\d+,?\d*\}/;
const POINTER = /(^|\s)\/[a-zA-Z]+\/\d|#\/|\/definitions\//;

/** Every `pattern` in the schema, with where it is. */
function patterns(): { at: string; pattern: string }[] {
  const found: { at: string; pattern: string }[] = [];
  const visit = (node: unknown, at: string) => {
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "pattern" && typeof v === "string") found.push({ at, pattern: v });
      else visit(v, `${at}/${k}`);
    }
  };
  visit(tenantSchema, "#");
  return found;
}

describe("field wording", () => {
  it("has plain words for every pattern field of the schema, none of them a regular expression", () => {
    const all = patterns();
    expect(all.length).toBeGreaterThan(25);
    const missing = all.filter((p) => !(p.pattern in PATTERN_WORDS)).map((p) => `${p.at}: ${p.pattern}`);
    expect(missing, `patterns without plain words:\n${missing.join("\n")}`).toEqual([]);
    for (const words of Object.values(PATTERN_WORDS)) expect([words, REGEX.test(words)]).toEqual([words, false]);
  });

  it("words each failed rule as a sentence with the field's title, without a pattern or a pointer", () => {
    const doc = harbourline();
    doc.theme.colors.primary = "blue";
    doc.locations[0].address.postcode = "246";
    doc.navigation.items[0].href = "javascript:alert(1)";
    doc.identity.email = "nope";
    doc.identity.name = "";
    delete doc.pages[2].blocks[0].props;
    doc.pages[0].blocks[0].id = "Not An Id";
    doc.identity.locale = "fr-FR";
    const errors = errorsOf(doc);
    const byPointer = Object.fromEntries(errors.map((e) => [e.pointer, e.message]));
    expect(byPointer["/theme/colors/primary"]).toBe("Primary (buttons, links) must look like #1A2B3C.");
    expect(byPointer["/locations/0/address/postcode"]).toBe("Postcode must be 4 digits.");
    expect(byPointer["/identity/email"]).toBe("Main e-mail must be an e-mail address, like sales@example.com.au.");
    expect(byPointer["/identity/name"]).toBe("Site name cannot be empty.");
    expect(byPointer["/identity/locale"]).toBe("Locale must be one of: English (Australia), English (New Zealand).");
    expect(byPointer["/pages/2/blocks/0/props"]).toBe("Block settings is required.".replace("Block settings", fieldTitle("/pages/2/blocks/0/props", doc)));
    expect(byPointer["/pages/0/blocks/0/id"]).toBe("Block id may contain only lower-case letters, digits and single hyphens, like harbour-city.");
    expect(byPointer["/navigation/items/0/href"]).toMatch(/^Goes to must be a page of this site \(starting with \/\), a web address/);
    for (const e of errors) {
      expect([e.message, REGEX.test(e.message)]).toEqual([e.message, false]);
      expect([e.message, POINTER.test(e.message)]).toEqual([e.message, false]);
    }
  });

  it("names a field's place by section, page and block titles", () => {
    const doc = harbourline();
    const about = doc.pages.findIndex((p: { path?: string }) => p.path === "/about-us");
    const block = doc.pages[about].blocks.findIndex((b: { type: string }) => b.type === "rich-text");
    expect(fieldPlace("/theme/colors/primary", doc)).toBe("Theme › Colours › Primary (buttons, links)");
    expect(fieldPlace(`/pages/${about}/blocks/${block}/props/html`, doc)).toBe("About Us › Rich text 1 › Text");
    expect(fieldPlace("/theme/colors/onPrimary", doc)).toBe("Theme › Colours › Text on primary");
    expect(fieldPlace("/locations/0/opening_hours/2/close", doc)).toBe("Locations › Harbourline Toyota Cleveland Sales › Opening hours › Day 3 › Closes");
    expect(fieldPlace("/navigation/items/0/href", doc)).toBe("Navigation › Home › Goes to");
    expect(fieldPlace("/pages/0/blocks/1", doc)).toBe("Home page › Search hero");
    // Without the document, blocks cannot be told apart: numbered, still without keys or indexes.
    expect(fieldPlace(`/pages/${about}/blocks/${block}/props/html`)).toBe(`Page ${about + 1} › Block ${block + 1} › Text`);
    // One kind of block once on a page is named without a number.
    const bluegum = JSON.parse(readFileSync("tenants/bluegum.json", "utf8"));
    expect(fieldPlace("/pages/1/blocks/0/props/html", bluegum)).toBe("About Us › Rich text › Text");
    expect(fieldPlace("")).toBe("The whole site");
  });

  it("words a problem as one sentence with its place, never an index or a key", () => {
    const doc = JSON.parse(readFileSync("tenants/bluegum.json", "utf8"));
    doc.pages[1].blocks[0].props.html = "";
    delete doc.pages[1].blocks[0].props.html;
    doc.theme.colors.onPrimary = "white";
    const sentences = errorsOf(doc).map((e) => problemText(fieldPlace(e.pointer, doc), e.message));
    expect(sentences).toEqual(["Theme › Colours › Text on primary must look like #1A2B3C.", "About Us › Rich text › Text is required."]);
    expect(problemWords("Footer › Footer text", "Still a placeholder: “x”.")).toEqual({ place: "Footer › Footer text", rest: ": Still a placeholder: “x”." });
    expect(problemWords("About Us › Rich text › Text", "Text is required.")).toEqual({ place: "About Us › Rich text › Text", rest: " is required." });
  });

  it("labels enumerated values in words", () => {
    expect(["created_at", "asc", "desc", "custom_rank", "new-demo", "weekly", "Australia/Hobart", "lightTruck"].map(enumLabel)).toEqual([
      "Date listed", "Lowest first", "Highest first", "Dealer's own order", "New & demo", "Weekly", "Australia/Hobart", "Light trucks",
    ]);
  });
});
