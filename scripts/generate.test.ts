import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { untitledFields, untitledReport } from "./block-titles";
import { documentWithExample, exampleValidator } from "../tests/fixtures/example-props";
import { assembleSchema, EXAMPLE, main } from "./generate";

const repo = join(import.meta.dirname, "..");
const definitions = { link: { title: "Link", type: "object" }, shortText: { type: "string" } };

describe("every field of a block has a title (the admin's label)", () => {
  it("finds a property, a nested one and a list's items without one, by the field's place in the props", () => {
    const props = {
      type: "object",
      title: "Offers",
      properties: {
        heading: { title: "Heading", type: "string" },
        showBanner: { type: "boolean" },
        cta: { $ref: "#/definitions/link" },
        subtitle: { $ref: "#/definitions/shortText" },
        intro: { $ref: "#/definitions/shortText", title: "Intro" },
        box: { title: "Box", type: "object", properties: { colour: { type: "string" } } },
        tiles: { title: "Tiles", type: "array", items: { type: "object", properties: { label: { type: "string" }, size: { title: "Size", type: "number" } } } },
        tags: { title: "Tags", type: "array", items: { type: "string" } },
      },
    };
    expect(untitledFields("offers", props, definitions)).toEqual([
      { block: "offers", path: "showBanner", pointer: "#/properties/showBanner" },
      { block: "offers", path: "subtitle", pointer: "#/properties/subtitle" },
      { block: "offers", path: "box/colour", pointer: "#/properties/box/properties/colour" },
      { block: "offers", path: "tiles/*", pointer: "#/properties/tiles/items" },
      { block: "offers", path: "tiles/*/label", pointer: "#/properties/tiles/items/properties/label" },
    ]);
    expect(untitledFields("plain", { type: "object", properties: { a: { title: "A", type: "string" } } }, definitions)).toEqual([]);
  });

  it("says which block, which field, where the title goes and how", () => {
    expect(untitledReport([{ block: "offers", path: "tiles/*/label", pointer: "#/properties/tiles/items/properties/label" }])).toBe(
      [
        "1 field has no title (the admin would show it by its code name):",
        '  block offers, field tiles/*/label: add a "title" at blocks/offers/schema.json#/properties/tiles/items/properties/label',
        'Hint: a title is the label a dealer reads beside the field, in plain words, e.g. "showBanner": { "title": "Show the banner", "type": "boolean", "default": true }.',
        'A list of objects needs one on its items too ("items": { "title": "Statistic", "type": "object", … }); a field with "$ref" may use the definition\'s title or set its own beside it.',
      ].join("\n"),
    );
  });

  it("every block of the repository and the example pass", () => {
    expect(() => assembleSchema()).not.toThrow();
  });
});

describe("npm run generate on blocks with an untitled field", () => {
  const at = mkdtempSync(join(tmpdir(), "generate-"));
  afterAll(() => rmSync(at, { recursive: true, force: true }));
  mkdirSync(join(at, "schemas"), { recursive: true });
  cpSync(join(repo, "schemas/tenant.schema.json"), join(at, "schemas/tenant.schema.json"));
  const block = (folder: string, type: string, props: object) => {
    mkdirSync(join(at, "blocks", folder), { recursive: true });
    writeFileSync(join(at, "blocks", folder, "schema.json"), JSON.stringify({ title: "Note", description: "A note.", type: "object", ...props }));
    writeFileSync(join(at, "blocks", folder, "block.ts"), `export default defineBlock<"${type}">({ render, belongs: ["page"] });\n`);
  };
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, at);
    return { code, out, err };
  };

  it("fails, with --check and without, naming the block and the field, and writes nothing", async () => {
    block("note", "note", { properties: { text: { title: "Text", type: "string" }, items: { title: "Items", type: "array", items: { title: "Item", type: "object", properties: { label: { type: "string" } } } } } });
    for (const argv of [["--check"], []]) {
      const { code, err, out } = await run(argv);
      expect(code).toBe(1);
      expect(out).toEqual([]);
      expect(err.join("\n")).toContain('1 field has no title (the admin would show it by its code name):\n  block note, field items/*/label: add a "title" at blocks/note/schema.json#/properties/items/items/properties/label\nHint: ');
    }
    expect(existsSync(join(at, "schemas/generated"))).toBe(false);
  });

  it("checks the example like a block, naming its folder, but puts it in no union", async () => {
    block("note", "note", { properties: { text: { title: "Text", type: "string" } } });
    block(EXAMPLE.folder, EXAMPLE.type, { properties: { flag: { type: "boolean" } } });
    const { code, err } = await run(["--check"]);
    expect(code).toBe(1);
    expect(err.join("\n")).toContain('  block example, field flag: add a "title" at blocks/_example/schema.json#/properties/flag');
    block(EXAMPLE.folder, EXAMPLE.type, { properties: { flag: { title: "Flag", type: "boolean" } } });
    const union = (schema: Record<string, any>) => schema.definitions.block.oneOf.map((r: { $ref: string }) => r.$ref);
    expect(union(assembleSchema({ at }))).toEqual(["#/definitions/NoteBlock"]);
    expect(assembleSchema({ at }).definitions.ExampleBlock).toBeUndefined();
    expect(union(assembleSchema({ at, withExample: true }))).toEqual(["#/definitions/NoteBlock", "#/definitions/ExampleBlock"]);
  });
});

describe("the example block (blocks/_example)", () => {
  it("validates as a block in a site's document: its props and defaults pass the tenant schema", () => {
    const validate = exampleValidator();
    const doc = documentWithExample({ heading: "Our promise" });
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.pages[0]!.blocks[0]!.props).toMatchObject({ heading: "Our promise", look: "plain", showPhone: true });
    expect(validate(documentWithExample({ look: "loud" }))).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toContain("/pages/0/blocks/0/props/look");
  });

  it("is on no site: in neither the tenant schema's union nor a registry", () => {
    const schema = JSON.parse(readFileSync(join(repo, "schemas/generated/tenant.schema.json"), "utf8"));
    expect(schema.definitions.ExampleBlock).toBeUndefined();
    expect(JSON.stringify(schema.definitions.block)).not.toContain("Example");
    for (const file of ["renderer/registry.generated.ts", "blocks/lazy.generated.ts", "admin/editor/blocks.generated.ts"]) {
      expect(readFileSync(join(repo, file), "utf8"), file).not.toContain("_example");
    }
  });
});
