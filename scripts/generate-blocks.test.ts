import { describe, expect, it } from "vitest";
import { editorRegistrySource, lazySource, printViewSource, readDefinition, registrySource } from "./generate-blocks";

const B = "banner";
const def = (type: string, body: string, head = "", belongs = `  belongs: ["page"],`) =>
  `import { defineBlock } from "../_shared/define";\nimport render from "./${type}";\n${head}\nexport default defineBlock<"${type}">({\n  render,\n${belongs}\n${body}\n});\n`;

describe("reading a block's definition (blocks/<type>/block.ts)", () => {
  it("reads its lazy parts and its print view", () => {
    const facts = readDefinition(
      "car-bar",
      def("car-bar", `  lazy: { CarBar: "./car-bar.client", LeadForm: "../_shared/lead-form/lead-form.client" },\n  printView: Sheet,`, `import { Sheet } from "./sheet";`),
    );
    expect(facts).toEqual({ type: "car-bar", lazy: { CarBar: "./car-bar.client", LeadForm: "../_shared/lead-form/lead-form.client" }, printView: { name: "Sheet", from: "./sheet" }, belongs: ["page"], editor: false });
    expect(readDefinition("plain", def("plain", ""), true)).toEqual({ type: "plain", lazy: {}, printView: null, belongs: ["page"], editor: true });
  });

  it("reads the parts, not what a comment says about them", () => {
    const commented = `/**\n * - \`lazy: { CarBar: "./car-bar.client" }\`, \`belongs: ["vehicle-detail"]\`\n */\n// printView: Sheet,\n${def("plain", "")}`;
    expect(readDefinition("plain", commented)).toEqual({ type: "plain", lazy: {}, printView: null, belongs: ["page"], editor: false });
  });

  it("reads where it belongs, and refuses a definition that does not say", () => {
    expect(readDefinition("car-bit", def("car-bit", "", "", `  belongs: ["vehicle-detail", "search", "/success"],`)).belongs).toEqual(["vehicle-detail", "search", "/success"]);
    expect(() => readDefinition("car-bit", def("car-bit", "", "", `  belongs: [],`))).toThrow("blocks/car-bit/block.ts: needs belongs");
    expect(() => readDefinition("car-bit", def("car-bit", "", "", ""))).toThrow("blocks/car-bit/block.ts: needs belongs");
  });

  it("refuses a file that is not the folder's definition, and malformed parts", () => {
    expect(() => readDefinition("plain", "export default function Plain() {}")).toThrow('blocks/plain/block.ts: must be `export default defineBlock<"plain">');
    expect(() => readDefinition("other", def("plain", ""))).toThrow("blocks/other/block.ts");
    expect(() => readDefinition("x", def("x", `  lazy: { helper: "./x.client" },`))).toThrow("must be a component");
    expect(() => readDefinition("x", def("x", `  lazy: { X: "../y/y.client" },`))).toThrow("from the block's folder or blocks/_shared");
    expect(() => readDefinition("x", def("x", `  printView: Sheet,`))).toThrow("printView must name a component imported");
  });
});

describe("the generated registries", () => {
  const defs = [
    readDefinition("car-bar", def("car-bar", `  lazy: { CarBar: "./car-bar.client" },\n  printView: Sheet,`, `import { Sheet } from "./sheet";`)),
    readDefinition("hero", def("hero", `  lazy: { LeadForm: "../_shared/lead-form/lead-form.client" },`), true),
    readDefinition("form", def("form", `  lazy: { LeadForm: "../_shared/lead-form/lead-form.client" },`)),
  ];

  it("the renderer's registry: block type → definition", () => {
    const src = registrySource(B, defs);
    expect(src).toContain(`import carBar from "../blocks/car-bar/block";`);
    expect(src).toContain(`  "car-bar": carBar,\n  "hero": hero,\n  "form": form,\n`);
  });

  it("one next/dynamic wrapper per lazy part, each with its own literal import() (its own chunk); a shared part once", () => {
    const src = lazySource(B, defs);
    expect(src.startsWith(`"use client";\n`)).toBe(true);
    expect(src).toContain(`export const CarBar = dynamic(() => import("./car-bar/car-bar.client").then((m) => m.CarBar));`);
    expect(src.match(/export const LeadForm = dynamic\(\(\) => import\("\.\/_shared\/lead-form\/lead-form\.client"\)/g)).toHaveLength(1);
    const clash = readDefinition("clash", def("clash", `  lazy: { CarBar: "./other.client" },`));
    expect(() => lazySource(B, [...defs, clash])).toThrow("lazy part CarBar is also ./car-bar/car-bar.client");
  });

  it("the print view: the one a definition names, re-exported from its module (the print page imports nothing else)", () => {
    expect(printViewSource(B, defs)).toContain(`export { Sheet as PrintView } from "../blocks/car-bar/sheet";`);
    expect(printViewSource(B, defs.slice(1))).toContain("export const PrintView");
    expect(() => printViewSource(B, [defs[0]!, { ...defs[0]!, type: "other" }])).toThrow("two blocks name a printView: car-bar, other");
  });

  it("the admin's registry: only the blocks with an editor file", () => {
    const src = editorRegistrySource(B, defs);
    expect(src).toContain(`import hero from "../../blocks/hero/editor";`);
    expect(src).not.toContain("car-bar");
  });
});
