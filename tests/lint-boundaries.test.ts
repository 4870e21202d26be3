/**
 * The house's import boundaries (eslint.config.mjs, import-x/no-restricted-paths) fire: each rule is
 * run through ESLint's Node API on a one-line file placed where the rule applies, importing real
 * modules of this tree, and the allowed imports beside it pass.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${specifier}";\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("import boundaries (npm run lint)", () => {
  it("a block imports no other block's folder", async () => {
    expect(await boundaryErrors("blocks/popup/x.tsx", "../site-header/navigation")).toEqual([
      expect.stringContaining("A block imports only its own folder and blocks/_shared"),
    ]);
    expect(await boundaryErrors("blocks/popup/deeper/x.tsx", "../../site-header/site-header")).toHaveLength(1);
  }, 60_000);

  it("a block imports its own folder, blocks/_shared, domain/, renderer/ and schemas/", async () => {
    for (const specifier of ["./popup-rules", "../_shared/icons", "../../domain/analytics", "../../renderer/types", "../../schemas/tenant.schema.json"]) {
      expect(await boundaryErrors("blocks/popup/x.tsx", specifier), specifier).toEqual([]);
    }
  }, 60_000);

  it("a block imports the generated wrappers of the lazy parts (blocks/lazy.generated.ts)", async () => {
    expect(await boundaryErrors("blocks/popup/x.tsx", "../lazy.generated")).toEqual([]);
  }, 60_000);

  it("renderer/ imports no block's folder (it asks the registry), only blocks/_shared", async () => {
    expect(await boundaryErrors("renderer/x.tsx", "../blocks/search-results/search-results")).toEqual([expect.stringContaining("renderer/ imports no block by name")]);
    expect(await boundaryErrors("renderer/x.tsx", "../blocks/_shared/icons")).toEqual([]);
  }, 60_000);

  it("blocks/_shared imports no block's folder", async () => {
    expect(await boundaryErrors("blocks/_shared/x.ts", "../popup/popup-rules")).toEqual([expect.stringContaining("blocks/_shared is shared by blocks")]);
    expect(await boundaryErrors("blocks/_shared/x.ts", "./icons")).toEqual([]);
  }, 60_000);

  it("server/ imports neither blocks/ nor renderer/", async () => {
    expect(await boundaryErrors("server/leads/x.ts", "../../blocks/popup/popup-rules")).toEqual([expect.stringContaining("server/ imports neither")]);
    expect(await boundaryErrors("server/x.ts", "../renderer/types")).toEqual([expect.stringContaining("server/ imports neither")]);
    expect(await boundaryErrors("server/x.ts", "../domain/analytics")).toEqual([]);
  }, 60_000);

  it("render code (blocks/, renderer/, the sites' routes app/s/) never imports admin/", async () => {
    const admin = "Render code never imports admin code";
    expect(await boundaryErrors("renderer/x.ts", "../admin/format")).toEqual([expect.stringContaining(admin)]);
    expect(await boundaryErrors("blocks/_shared/x.ts", "../../admin/format")).toEqual([expect.stringContaining(admin)]);
    expect(await boundaryErrors("app/s/[host]/x/page.tsx", "../../../../admin/format")).toEqual([expect.stringContaining(admin)]);
    // The admin's own routes do.
    expect(await boundaryErrors("app/(platform)/admin/x/page.tsx", "../../../../admin/format")).toEqual([]);
  }, 60_000);

  it("the app never imports serving/, the production server around Next", async () => {
    const fence = "serving/ runs around Next";
    expect(await boundaryErrors("server/inventory/x.ts", "../../serving/page-cache")).toEqual([expect.stringContaining(fence)]);
    expect(await boundaryErrors("renderer/x.ts", "../serving/late-scripts")).toEqual([expect.stringContaining(fence)]);
    expect(await boundaryErrors("app/s/[host]/x/page.tsx", "../../../../serving/preview-links")).toEqual([expect.stringContaining(fence)]);
    // The scripts that build and start it do.
    expect(await boundaryErrors("scripts/x.ts", "../serving/compile-hints")).toEqual([]);
  }, 60_000);
});
