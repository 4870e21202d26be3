/**
 * The generator's check that every field of a block has a title (scripts/generate.ts): the admin's
 * editor shows a field by its title, so a field without one shows as its code name ("showBanner").
 * The fields are the ones the editor shows (as admin/editor/schema-wording.test.ts counts them over
 * the whole schema): every property of the props object and of the objects inside it, and the items
 * of a list whose items are objects (each item is a group with its own heading). A field that refers
 * to one of the tenant schema's definitions (`"$ref": "#/definitions/link"`) may take that
 * definition's title; what is inside the definition is the tenant schema's to title, not the block's.
 */

type Schema = Record<string, any>;

export interface UntitledField {
  /** The block type, e.g. "stats-banner". */
  block: string;
  /** The field's place in the block's props, e.g. "stats/*\/label" (`*`: each item of a list). */
  path: string;
  /** Where to add the title: the pointer into the block's schema.json. */
  pointer: string;
}

const DEF = "#/definitions/";

const titled = (node: Schema, definitions: Record<string, Schema>): boolean => {
  if (typeof node.title === "string" && node.title.trim() !== "") return true;
  const target = typeof node.$ref === "string" && node.$ref.startsWith(DEF) ? definitions[node.$ref.slice(DEF.length)] : undefined;
  return typeof target?.title === "string" && target.title.trim() !== "";
};

const isObject = (node: Schema, definitions: Record<string, Schema>): boolean => {
  const target = typeof node.$ref === "string" && node.$ref.startsWith(DEF) ? definitions[node.$ref.slice(DEF.length)] : undefined;
  return node.type === "object" || !!node.properties || (!!target && isObject(target, definitions));
};

/** The fields of one block's props schema that have no title, in the schema's order. */
export function untitledFields(block: string, props: Schema, definitions: Record<string, Schema> = {}): UntitledField[] {
  const found: UntitledField[] = [];
  const walk = (node: Schema, path: string, pointer: string) => {
    if (typeof node.$ref === "string") return; // a definition of the tenant schema: titled there
    for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) {
      if (!child || typeof child !== "object") continue;
      const at = path ? `${path}/${key}` : key;
      const where = `${pointer}/properties/${key}`;
      if (!titled(child, definitions)) found.push({ block, path: at, pointer: where });
      walk(child, at, where);
    }
    const items = node.items as Schema | undefined;
    if (items && typeof items === "object" && !Array.isArray(items)) {
      if (isObject(items, definitions) && !titled(items, definitions)) found.push({ block, path: `${path}/*`, pointer: `${pointer}/items` });
      walk(items, `${path}/*`, `${pointer}/items`);
    }
  };
  walk(props, "", "#");
  return found;
}

/** What `npm run generate` prints for untitled fields: each with its block, field and where to add the title, then how. */
export function untitledReport(fields: UntitledField[], fileOf: (block: string) => string = (b) => `blocks/${b}/schema.json`): string {
  const lines = [`${fields.length === 1 ? "1 field has" : `${fields.length} fields have`} no title (the admin would show it by its code name):`];
  for (const f of fields) lines.push(`  block ${f.block}, field ${f.path}: add a "title" at ${fileOf(f.block)}${f.pointer}`);
  lines.push(
    `Hint: a title is the label a dealer reads beside the field, in plain words, e.g. "showBanner": { "title": "Show the banner", "type": "boolean", "default": true }.`,
    `A list of objects needs one on its items too ("items": { "title": "Statistic", "type": "object", … }); a field with "$ref" may use the definition's title or set its own beside it.`,
  );
  return lines.join("\n");
}
