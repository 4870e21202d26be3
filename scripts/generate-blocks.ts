/**
 * The block registries scripts/generate.ts writes, read from each block folder's definition
 * (blocks/<type>/block.ts, `export default defineBlock<"<type>">({ … })`) and editor file
 * (blocks/<type>/editor.ts, optional):
 *   renderer/registry.generated.ts      — block type → definition (the renderer's registry)
 *   renderer/print-view.generated.ts    — the print view a definition names (the print page imports only it)
 *   blocks/lazy.generated.ts            — the next/dynamic wrappers of the definitions' `lazy` parts
 *   admin/editor/blocks.generated.ts    — block type → editor file (imported only by admin/)
 * The definitions are read as text (never run): the parts the generator needs are plain literals.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface DefinitionFacts {
  type: string;
  /** Lazy client parts: component name → module, relative to the block's folder. */
  lazy: Record<string, string>;
  /** The print view: its exported name and module, relative to the block's folder. */
  printView: { name: string; from: string } | null;
  /** Where the block belongs (renderer/types.ts BlockPlace): the editor offers it only there. */
  belongs: string[];
  /** Whether the folder has an editor file (editor.ts). */
  editor: boolean;
}

const pascal = (type: string) => type.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const camel = (type: string) => type.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** What the generator needs from one definition's text; throws naming the file when it is not a definition. */
export function readDefinition(type: string, source: string, editor = false): DefinitionFacts {
  const file = `blocks/${type}/block.ts`;
  // What comments say about the parts (blocks/_example/block.ts) is not the definition.
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  if (!text.includes(`export default defineBlock<"${type}">(`)) throw new Error(`${file}: must be \`export default defineBlock<"${type}">({ render, … })\``);
  const lazy: Record<string, string> = {};
  const lazyBody = /\blazy:\s*\{([^}]*)\}/.exec(text);
  if (lazyBody) {
    const entries = [...lazyBody[1]!.matchAll(/(\w+):\s*"([^"]+)"/g)];
    if (!entries.length) throw new Error(`${file}: lazy must list { ComponentName: "./module.client" }`);
    for (const [, name, from] of entries) {
      if (!/^[A-Z]/.test(name!)) throw new Error(`${file}: lazy part ${name} must be a component (PascalCase)`);
      if (!from!.startsWith("./") && !from!.startsWith("../_shared/")) throw new Error(`${file}: lazy part ${name} must come from the block's folder or blocks/_shared`);
      lazy[name!] = from!;
    }
  }
  let printView: DefinitionFacts["printView"] = null;
  const print = /\bprintView:\s*(\w+)/.exec(text);
  if (print) {
    const name = print[1]!;
    const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "(\\.[^"]+)"`).exec(text)?.[1];
    if (!from) throw new Error(`${file}: printView must name a component imported from the block's folder`);
    printView = { name, from };
  }
  const places = /\bbelongs:\s*\[([^\]]*)\]/.exec(text);
  const belongs = places ? [...places[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) : [];
  if (!belongs.length) throw new Error(`${file}: needs belongs, where the editor offers the block, e.g. belongs: ["page"] or ["vehicle-detail"] (renderer/types.ts BlockPlace)`);
  return { type, lazy, printView, belongs, editor };
}

export function readDefinitions(root: string, types: string[]): DefinitionFacts[] {
  return types.map((type) => {
    const path = join(root, "blocks", type, "block.ts");
    if (!existsSync(path)) throw new Error(`blocks/${type}: needs block.ts (its definition, see README "Adding a block type")`);
    return readDefinition(type, readFileSync(path, "utf8"), existsSync(join(root, "blocks", type, "editor.ts")));
  });
}

export function registrySource(banner: string, defs: DefinitionFacts[]): string {
  return [
    `// ${banner}`,
    `import type { BlockRegistry } from "./types";`,
    ...defs.map((d) => `import ${camel(d.type)} from "../blocks/${d.type}/block";`),
    "",
    "export const blockRegistry: BlockRegistry = {",
    ...defs.map((d) => `  "${d.type}": ${camel(d.type)},`),
    "};",
    "",
  ].join("\n");
}

/** The print page's view: one block names it (none: the print page has no view to show). */
export function printViewSource(banner: string, defs: DefinitionFacts[]): string {
  const found = defs.filter((d) => d.printView);
  if (found.length > 1) throw new Error(`two blocks name a printView: ${found.map((d) => d.type).join(", ")}`);
  const lines = [`// ${banner}`, `// The print view of a car (/print?car_id=), as a block's definition names it.`];
  const d = found[0];
  const name = d?.printView?.name;
  if (d && name) lines.push(`export { ${name === "PrintView" ? name : `${name} as PrintView`} } from "../blocks/${d.type}/${d.printView!.from.replace(/^\.\//, "")}";`);
  else lines.push(`export const PrintView: ((args: { sheet: import("../domain/vehicle-sheet").VehicleSheet }) => null) | null = null;`);
  return lines.join("\n") + "\n";
}

/**
 * One next/dynamic wrapper per lazy part. Each keeps its own literal import(), so each part is a
 * chunk of its own that loads only on a page that renders it. Two blocks may share a part (the
 * lead form) under the same name and module.
 */
export function lazySource(banner: string, defs: DefinitionFacts[]): string {
  const parts = new Map<string, string>();
  for (const d of defs) {
    for (const [name, from] of Object.entries(d.lazy)) {
      const module = from.startsWith("../") ? `./${from.slice(3)}` : `./${d.type}/${from.slice(2)}`;
      const seen = parts.get(name);
      if (seen && seen !== module) throw new Error(`blocks/${d.type}/block.ts: lazy part ${name} is also ${seen}; give it another name`);
      parts.set(name, module);
    }
  }
  return [
    `"use client";`,
    `// ${banner}`,
    "",
    `import dynamic from "next/dynamic";`,
    "",
    ...[...parts].sort(([a], [b]) => a.localeCompare(b)).map(([name, module]) => `export const ${name} = dynamic(() => import("${module}").then((m) => m.${name}));`),
    "",
  ].join("\n");
}

/** Block type → editor file, for the admin only (render code never imports admin/ nor this). */
export function editorRegistrySource(banner: string, defs: DefinitionFacts[]): string {
  const withEditor = defs.filter((d) => d.editor);
  return [
    `// ${banner}`,
    `import type { BlockEditor } from "../../blocks/_shared/define";`,
    ...withEditor.map((d) => `import ${camel(d.type)} from "../../blocks/${d.type}/editor";`),
    "",
    "export const blockEditors: Record<string, BlockEditor> = {",
    ...withEditor.map((d) => `  "${d.type}": ${camel(d.type)},`),
    "};",
    "",
  ].join("\n");
}

export { pascal };
