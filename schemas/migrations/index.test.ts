import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { validateTenant } from "../../domain/tenant-validation";
import { DocumentMigrationError, MIGRATIONS, migrateDocument, SCHEMA_VERSION, type Migration } from "./index";
import { mapBlocks } from "./blocks";

/** Deep-freezes a JSON value, so a migration that changed its input would throw in strict mode. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

// Test migrations: version 1 had identity.title where version 2 has identity.name; version 3
// renames the rich-text block's "body" prop to "html".
const toV2: Migration = {
  version: 2,
  name: "002-identity-name",
  migrate: (doc) => {
    const { title, ...identity } = doc.identity as Record<string, unknown>;
    return { ...doc, identity: { ...identity, name: title } };
  },
};
const toV3: Migration = {
  version: 3,
  name: "003-rich-text-html",
  migrate: (doc) => mapBlocks(doc, "rich-text", ({ body, ...props }) => ({ ...props, html: body })),
};

const v1 = () =>
  frozen({
    schemaVersion: 1,
    identity: { slug: "old", title: "Old Motors" },
    layout: { top: [{ id: "t", type: "rich-text", props: { body: "<p>top</p>" } }], bottom: [] },
    pages: [{ id: "home", path: "/", blocks: [{ id: "a", type: "rich-text", props: { body: "<p>a</p>" } }, { id: "b", type: "hero", props: { body: "kept" } }] }],
  });

describe("migrateDocument", () => {
  it("applies every newer migration in order, sets schemaVersion and leaves the input as it was", () => {
    const input = v1();
    const before = JSON.stringify(input);
    const result = migrateDocument(input, [toV2, toV3], 3);
    expect(result.from).toBe(1);
    expect(result.to).toBe(3);
    expect(result.applied).toEqual(["002-identity-name", "003-rich-text-html"]);
    expect(result.document).toEqual({
      schemaVersion: 3,
      identity: { slug: "old", name: "Old Motors" },
      layout: { top: [{ id: "t", type: "rich-text", props: { html: "<p>top</p>" } }], bottom: [] },
      pages: [{ id: "home", path: "/", blocks: [{ id: "a", type: "rich-text", props: { html: "<p>a</p>" } }, { id: "b", type: "hero", props: { body: "kept" } }] }],
    });
    expect(JSON.stringify(input)).toBe(before);
  });

  it("starts from the document's own version", () => {
    const at2 = frozen({ ...migrateDocument(v1(), [toV2], 2).document as object });
    const result = migrateDocument(at2, [toV2, toV3], 3);
    expect(result.applied).toEqual(["003-rich-text-html"]);
    expect((result.document as { identity: unknown }).identity).toEqual({ slug: "old", name: "Old Motors" });
  });

  it("returns a current document itself, with nothing applied", () => {
    const doc = frozen({ ...v1(), schemaVersion: 3 });
    expect(migrateDocument(doc, [toV2, toV3], 3)).toEqual({ document: doc, from: 3, to: 3, applied: [] });
    expect(migrateDocument(doc, [toV2, toV3], 3).document).toBe(doc);
  });

  it("does not let a migration that changes its argument change the caller's document", () => {
    const careless: Migration = { version: 2, name: "002-careless", migrate: (doc) => Object.assign(doc, { identity: "gone" }) };
    const input = { schemaVersion: 1, identity: { slug: "x" } };
    const result = migrateDocument(input, [careless], 2);
    expect(result.document).toEqual({ schemaVersion: 2, identity: "gone" });
    expect(input).toEqual({ schemaVersion: 1, identity: { slug: "x" } });
  });

  it("refuses a document from a newer release, saying which versions are involved", () => {
    const call = () => migrateDocument({ ...v1(), schemaVersion: 4 }, [toV2, toV3], 3);
    expect(call).toThrow(DocumentMigrationError);
    expect(call).toThrow("schemaVersion 4 is newer than this version of Forecourt understands (3); it was written by a newer release.");
    expect(() => migrateDocument({ schemaVersion: 2 })).toThrow(`schemaVersion 2 is newer than this version of Forecourt understands (${SCHEMA_VERSION})`);
  });

  it("refuses a version older than the oldest migration", () => {
    expect(() => migrateDocument({ ...v1(), schemaVersion: 1 }, [toV3], 3)).toThrow(
      "schemaVersion 1 is older than any migration reaches (the oldest is 2, the current 3).",
    );
    expect(() => migrateDocument({ schemaVersion: 0 })).toThrow(DocumentMigrationError);
  });

  it("leaves a document without an integer schemaVersion for validation to report", () => {
    for (const doc of [null, "text", [], {}, { schemaVersion: "1" }, { schemaVersion: 1.5 }]) {
      expect(migrateDocument(doc, [toV2], 2)).toEqual({ document: doc, from: null, to: null, applied: [] });
    }
  });

  it("refuses a list with a gap or that does not end at the latest version", () => {
    expect(() => migrateDocument(v1(), [toV3], 2)).toThrow("Migration 003-rich-text-html produces schemaVersion 3; it must be 2 (the list ends at 2).");
    expect(() => migrateDocument(v1(), [toV2, toV2], 3)).toThrow("Migration 002-identity-name produces schemaVersion 2; it must be 3");
  });
});

describe("the registry", () => {
  it("ends at the schemaVersion the tenant schema declares", () => {
    expect(SCHEMA_VERSION).toBe(1);
    expect(MIGRATIONS.at(-1)?.version ?? SCHEMA_VERSION).toBe(SCHEMA_VERSION);
    expect(() => migrateDocument(makeTenant("x"))).not.toThrow();
  });

  it("has one NNN-name.ts file per listed migration, named as listed", () => {
    const files = readdirSync(import.meta.dirname).filter((f) => /^\d{3}-.+\.ts$/.test(f) && !f.endsWith(".test.ts"));
    expect(files.map((f) => f.replace(/\.ts$/, "")).sort()).toEqual(MIGRATIONS.map((m) => m.name));
    for (const m of MIGRATIONS) expect(m.name.slice(0, 3)).toBe(String(m.version).padStart(3, "0"));
  });

  it("leaves every demo tenant as it is, and valid", () => {
    const dir = join(import.meta.dirname, "../../tenants");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
      const result = migrateDocument(doc);
      expect(result, file).toEqual({ document: doc, from: SCHEMA_VERSION, to: SCHEMA_VERSION, applied: [] });
      expect(validateTenant(result.document).ok, file).toBe(true);
    }
  });
});

describe("mapBlocks", () => {
  it("changes only the props of blocks of the type, in a copy", () => {
    const doc = v1();
    const out = mapBlocks(doc, "hero", (p) => ({ ...p, extra: 1 }));
    expect(out.pages).toEqual([{ id: "home", path: "/", blocks: [doc.pages[0].blocks[0], { id: "b", type: "hero", props: { body: "kept", extra: 1 } }] }]);
    expect(out.layout).toEqual(doc.layout);
  });

  it("leaves parts not in the expected shape alone", () => {
    expect(mapBlocks({ schemaVersion: 1 }, "hero", () => ({}))).toEqual({ schemaVersion: 1 });
    expect(mapBlocks({ layout: { top: "x" }, pages: [null, { blocks: [null, { type: "hero" }] }] }, "hero", (p) => ({ ...p, a: 1 }))).toEqual({
      layout: { top: "x" },
      pages: [null, { blocks: [null, { type: "hero", props: { a: 1 } }] }],
    });
  });
});
