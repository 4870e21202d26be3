/**
 * The words of the editor's forms, over the whole tenant schema as the editor renders it
 * (schemas/generated/tenant.schema.json: the tenant schema with every block's props schema).
 *
 * What counts as a field (each one must have a title, on itself or on the definition it refers to):
 * - every property of an object the editor shows: the document's top-level properties (each in its
 *   section, see SECTIONS) and, inside them, every object property, following $refs; a definition
 *   used in several places is a field at each use (a `title` beside the `$ref` or on the definition
 *   counts), and its own properties are checked once, where it is first used;
 * - every block's fields: the block lists (`#/definitions/blockList`) hold any block type, so every
 *   `…Block` definition's `id`, `props` (and each of its properties) and `area` are fields;
 * - the items of a list whose items are objects (each item is a group with its own heading);
 *   items of scalar type (strings, numbers, enum values) need no title of their own: the list names them;
 * - not fields: what the editor hides (`schemaVersion`, a block's `type`), enum values (they are the
 *   options of the field that has them), and the document's own title and description, which the
 *   editor never shows (it shows the section titles of SECTIONS).
 *
 * And every `title` and `description` in the schema (every definition and block, shown or not) is
 * plain words: none names a source file or folder (`lead-forms.ts`, `domain/…`), an API route
 * (`/api/…`), a spec section (`§`, "spec", "section 4"), a regular expression, a JSON pointer or a
 * setting's dotted path (`#/definitions/…`, `features.auth.enabled`) or a property name as code
 * writes it (`interestRate`, `car_id`), nor what a dealer cannot act on (issue 33): a path pattern
 * (`/locations/{slug}`), a page the platform serves itself (`/success`), a developer's word
 * (`localhost`, "great-circle"), an abbreviation of the trade's software (VDP, ADF) or how the code
 * cuts text ("cut to 80 characters"). Every feature flag has help.
 */
import { describe, expect, it } from "vitest";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import { SECTIONS } from "./sections";
import { featureFlags } from "../../domain/feature-flags";

type Node = Record<string, any>;
const root = tenantSchema as unknown as Node;
const definitions = root.definitions as Record<string, Node>;
const DEF = "#/definitions/";

const target = (node: Node): Node | undefined => (typeof node.$ref === "string" && node.$ref.startsWith(DEF) ? definitions[node.$ref.slice(DEF.length)] : undefined);
const hasTitle = (node: Node) => (typeof node.title === "string" && node.title.trim() !== "") || (typeof target(node)?.title === "string" && target(node)!.title.trim() !== "");
const isObjectSchema = (node: Node): boolean => {
  const t = target(node);
  return node.type === "object" || !!node.properties || (!!t && isObjectSchema(t));
};

const HIDDEN_TOP_LEVEL = new Set(["schemaVersion"]);
const blockDefinitions = Object.keys(definitions).filter((name) => name.endsWith("Block") && typeof definitions[name].properties?.type?.const === "string");

/** Every field without a title, as "document path (where it is defined)". */
function untitledFields(): string[] {
  const missing: string[] = [];
  const walked = new Set<string>();

  const field = (node: Node, path: string, where: string) => {
    if (!hasTitle(node)) missing.push(`${path} (${where})`);
    inside(node, path, where);
  };

  // What a field holds: its properties, or its list's items; through $refs.
  const inside = (node: Node, path: string, where: string) => {
    if (typeof node.$ref === "string") {
      const name = node.$ref.slice(DEF.length);
      if (name === "blockList") return blocks();
      if (walked.has(name) || !definitions[name]) return;
      walked.add(name);
      return inside(definitions[name], path, `${DEF}${name}`);
    }
    for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Node>)) {
      field(child, `${path}/${key}`, `${where}/properties/${key}`);
    }
    const items = node.items as Node | undefined;
    if (items && !Array.isArray(items)) {
      if (isObjectSchema(items)) field(items, `${path}/*`, `${where}/items`);
      else inside(items, `${path}/*`, `${where}/items`);
    }
  };

  const blocks = () => {
    for (const name of blockDefinitions) {
      if (walked.has(name)) continue;
      walked.add(name);
      const block = definitions[name];
      const type = block.properties.type.const as string;
      for (const [key, child] of Object.entries(block.properties as Record<string, Node>)) {
        if (key !== "type") field(child, `block ${type}/${key}`, `${DEF}${name}/properties/${key}`);
      }
    }
  };

  for (const key of SECTIONS.flatMap((s) => s.keys)) {
    if (!HIDDEN_TOP_LEVEL.has(key)) field(root.properties[key], `/${key}`, `#/properties/${key}`);
  }
  return missing;
}

const NOT_PLAIN: [string, RegExp][] = [
  ["a source file", /\b[\w-]+\.(?:tsx?|jsx?|mjs|cjs|json|css|md|sql)\b/],
  ["a source folder", /\b(?:server|blocks|domain|renderer|admin|schemas|app|scripts|tests|tenants)\/[\w.*-]/],
  ["an API route", /\/api\//],
  ["a spec section", /§|\bspec(?:'s)?\b|\bsection \d/i],
  ["a regular expression", /\\[dDwWsSbB]|\[\^?[^\]\s]*[a-z0-9]-[a-z0-9][^\]\s]*\]|\(\?[:=!]|\^\S*\$/],
  ["a JSON pointer or setting path", /#\/|\/definitions\/|\/properties\/|\b(?:identity|theme|features|search|finance|forms|navigation|footer|dealerships|locations|map|pages|layout|models|copy|reviews|offers)\.[a-zA-Z]/],
  ["a property name as code writes it", /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b/],
  // Issue 33: what a dealer cannot act on. A path pattern ("/locations/{slug}", "{slug}.localhost"),
  // a page the platform serves itself ("/success"), a developer's setting or term, an abbreviation
  // of the trade's software, or how the code cuts text.
  ["a path pattern", /\/\{|\}\/|\{[\w ]+\}\.[a-z]/],
  ["a page the platform serves itself", /(?:^|[\s(“"'])\/(?:(?:success|checkout-journey|sign-in|watchlist|favourites|compare|my[a-z-]*|used-car)(?![\w-])|models\?|search\/)/],
  ["a developer's word", /localhost|in development|great-circle|JavaScript|\bSNI\b|\bTLS\b|\bJSON\b|\bHH:MM\b/],
  ["an abbreviation", /\b(?:VDPs?|ADF|XML|SEO|ATM|LMCT|MD)\b/],
  ["how the code cuts text", /\bcut to \d+|\d+ px\b|\d+ × \d+ windows/],
];

/** Every title and description that is not plain words, as "pointer: what it names". */
function technicalWording(): string[] {
  const found: string[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if ((key === "title" || key === "description") && typeof value === "string") {
        for (const [what, pattern] of NOT_PLAIN) {
          const m = pattern.exec(value);
          if (m) found.push(`${at}: names ${what} ("${m[0]}")`);
        }
      } else visit(value, at);
    }
  };
  visit(root.properties, "#/properties");
  visit(root.definitions, "#/definitions");
  return found;
}

describe("the editor's wording", () => {
  it("gives every field a title", () => {
    const missing = untitledFields();
    expect(missing, `${missing.length} fields without a title:\n${missing.join("\n")}`).toEqual([]);
  });

  it("never names a source file, a spec section, a regular expression, a JSON pointer or a code name", () => {
    const found = technicalWording();
    expect(found, `${found.length} texts that are not plain words:\n${found.join("\n")}`).toEqual([]);
  });

  it("gives every feature flag plain help on the Feature flags screen", () => {
    const flags = featureFlags(root as { definitions: Record<string, unknown> });
    expect(flags.length).toBeGreaterThan(25);
    const bare = flags.filter((f) => f.description.trim().length < 20).map((f) => `${f.pointer} (${f.title})`);
    expect(bare, `${bare.length} feature flags without help:\n${bare.join("\n")}`).toEqual([]);
    // A flag whose help is taken away is found.
    const saved = definitions.features.properties.searchHistory.description;
    try {
      delete definitions.features.properties.searchHistory.description;
      expect(featureFlags(root as { definitions: Record<string, unknown> }).find((f) => f.pointer === "/features/searchHistory")?.description).toBe("");
    } finally {
      definitions.features.properties.searchHistory.description = saved;
    }
  });

  it("walks the whole schema: the sections, the definitions they use and every block", () => {
    // The checks above would pass on an empty walk; this one fails if the walk stops short.
    const seen = new Set<string>();
    const collect = (node: unknown) => {
      if (!node || typeof node !== "object") return;
      for (const [k, v] of Object.entries(node)) {
        if (k === "$ref" && typeof v === "string") seen.add(v.slice(DEF.length));
        else collect(v);
      }
    };
    collect(root.properties);
    expect(seen.has("blockList")).toBe(true);
    expect(blockDefinitions.length).toBeGreaterThan(40);
  });

  it("reports what it finds, field by field", () => {
    // A title taken away, and a help text citing a file, a section and a pointer, are each found.
    const saved = structuredClone(definitions.location.properties.address);
    const savedHelp = definitions.identity.description;
    try {
      definitions.location.properties.address.properties.city = { type: "string" };
      definitions.identity.description = "See spec §3 and domain/hosts.ts; /identity/name matches ^[a-z]+$ (identity.name).";
      const savedSlug = definitions.identity.properties.slug.description;
      definitions.identity.properties.slug.description = "Answers on {slug}.localhost and /locations/{slug}; a sent lead goes to /success; the VDP shows the great-circle distance, cut to 80 characters.";
      const found = technicalWording().filter((w) => w.startsWith("#/definitions/identity/properties/slug/description"));
      definitions.identity.properties.slug.description = savedSlug;
      expect(found.map((w) => w.replace(/^[^:]+: /, ""))).toEqual([
        'names a path pattern ("{slug}.l")',
        'names a page the platform serves itself (" /success")',
        'names a developer\'s word ("localhost")',
        'names an abbreviation ("VDP")',
        'names how the code cuts text ("cut to 80")',
      ]);
      expect(untitledFields()).toContain("/locations/*/address/city (#/definitions/location/properties/address/properties/city)");
      const wording = technicalWording().filter((w) => w.startsWith("#/definitions/identity/description"));
      expect(wording.map((w) => w.replace(/ \(".*"\)$/, ""))).toEqual([
        "#/definitions/identity/description: names a source file",
        "#/definitions/identity/description: names a source folder",
        "#/definitions/identity/description: names a spec section",
        "#/definitions/identity/description: names a regular expression",
        "#/definitions/identity/description: names a JSON pointer or setting path",
      ]);
    } finally {
      definitions.location.properties.address = saved;
      definitions.identity.description = savedHelp;
    }
  });
});
