import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Blocks share global fc-* classes from app/globals.css (.fc-panel, .fc-segmented …). Unlike a CSS
 * module's styles.x, a misspelt global class name is not caught by the type checker: the element just
 * loses its styles. This reads every className in blocks/ and checks each fc-* class is defined.
 */
const root = join(import.meta.dirname, "..");
const globalsCss = readFileSync(join(root, "app/globals.css"), "utf8");
/** app/globals.css and the style sheets it @imports (visually-hidden.css, shared with the platform's). */
const globals = [globalsCss, ...[...globalsCss.matchAll(/@import "\.\/([\w.-]+)";/g)].map((m) => readFileSync(join(root, "app", m[1]), "utf8"))].join("\n");

function blockSources(): { file: string; text: string }[] {
  return (readdirSync(join(root, "blocks"), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
    .map((f) => ({ file: f, text: readFileSync(join(root, "blocks", f), "utf8") }));
}

/** The fc-* class names in className="…" and className={`…`} (not the ${…} parts). */
function fcClassNames(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)) {
    const value = (m[1] ?? m[2]).replace(/\$\{[^}]*\}/g, " ");
    for (const token of value.split(/\s+/)) if (token.startsWith("fc-")) found.push(token);
  }
  return found;
}

const defined = (cls: string) => new RegExp(`\\.${cls.replace(/[-_]/g, "\\$&")}(?![\\w-])`).test(globals);

describe("shared fc-* block classes", () => {
  it("reads class names from both forms of className, leaving out interpolations", () => {
    expect(fcClassNames('<div className="fc-panel x">')).toEqual(["fc-panel"]);
    expect(fcClassNames("<p className={`fc-section-intro ${styles.intro}`}>")).toEqual(["fc-section-intro"]);
    expect(defined("fc-panel")).toBe(true);
    expect(defined("fc-pane")).toBe(false);
    expect(defined("fc-visually-hidden")).toBe(true);
  });

  it("every fc-* class a block uses is defined in app/globals.css", () => {
    const used = new Map<string, string>();
    for (const { file, text } of blockSources()) for (const cls of fcClassNames(text)) used.set(cls, file);
    // The shared pieces this file exists for are in use.
    for (const cls of ["fc-block-section", "fc-section-heading", "fc-panel", "fc-card", "fc-segmented", "fc-input", "fc-skeleton"]) {
      expect(used.has(cls), cls).toBe(true);
    }
    const missing = [...used].filter(([cls]) => !defined(cls)).map(([cls, file]) => `${cls} (${file})`);
    expect(missing).toEqual([]);
  });
});

/** The `name.x` references to each CSS module a source file imports as `name`, with the module's text. */
function moduleReferences(dir: string): { where: string; cls: string; css: string }[] {
  const found: { where: string; cls: string; css: string }[] = [];
  for (const f of readdirSync(join(root, dir), { recursive: true }) as string[]) {
    if (!f.endsWith(".tsx") || f.endsWith(".test.tsx")) continue;
    const file = join(root, dir, f);
    const text = readFileSync(file, "utf8");
    for (const [, name, path] of text.matchAll(/import (\w+) from "(\.[^"]+\.module\.css)";/g)) {
      const css = readFileSync(join(file, "..", path), "utf8");
      const code = text.replace(/^import .*$/gm, "");
      for (const cls of new Set([...code.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, "g"))].map((m) => m[1]))) found.push({ where: `${dir}/${f}`, cls, css });
    }
  }
  return found;
}

describe("CSS module classes", () => {
  // A CSS module's object types every key, so a class the module lacks renders class="… undefined"
  // (or an empty className, sent in the page's payload as "$undefined") and styles nothing.
  it("every class a component takes from its CSS module is defined there", () => {
    const refs = ["blocks", "admin", "app", "renderer"].flatMap(moduleReferences);
    expect(refs.length).toBeGreaterThan(500);
    const missing = refs.filter(({ cls, css }) => !new RegExp(`\\.${cls}(?![\\w-])`).test(css)).map(({ where, cls }) => `${cls} (${where})`);
    expect(missing).toEqual([]);
  });
});
