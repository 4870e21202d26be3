// ESLint (flat config): TypeScript, the rules of hooks, import cycles and the house's boundaries
// (DESIGN.md "Rules of the house"; README "How it fits together"). `npm run lint`, part of `npm test`.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

/** Every block folder (blocks/<type>/); `_shared` is the blocks' common code, not a block. */
const blockFolders = readdirSync(`${root}/blocks`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "_shared")
  .map((entry) => entry.name);

/**
 * The boundaries, as import-x/no-restricted-paths zones (paths resolved, so `../x` and `../../x`
 * are judged by where they land):
 * - a block imports its own folder, blocks/_shared, domain/, renderer/, schemas/ — never another
 *   block's folder; blocks/_shared imports no block folder; renderer/ imports no block's folder
 *   (the generated registries do, and are not linted);
 * - server/ imports neither blocks/ nor renderer/;
 * - render code (blocks/, renderer/, the tenant sites' routes app/s/) never imports admin/.
 */
export const boundaryZones = [
  ...blockFolders.map((name) => ({
    target: `./blocks/${name}`,
    from: "./blocks",
    // blocks/lazy.generated.ts: the next/dynamic wrappers of the blocks' lazy parts (scripts/generate.ts).
    except: [`./${name}`, "./_shared", "./lazy.generated.ts"],
    message: "A block imports only its own folder and blocks/_shared (move shared code there or to domain/).",
  })),
  {
    target: "./blocks/_shared",
    from: "./blocks",
    except: ["./_shared"],
    message: "blocks/_shared is shared by blocks; it imports no block's folder.",
  },
  {
    target: "./renderer",
    from: "./blocks",
    except: ["./_shared"],
    message: "renderer/ imports no block by name: it asks the registry (renderer/registry.generated.ts) for what a block's definition offers.",
  },
  {
    target: "./server",
    from: ["./blocks", "./renderer"],
    message: "server/ imports neither blocks/ nor renderer/ (shared rules and types live in domain/).",
  },
  {
    target: ["./blocks", "./renderer", "./app/s", "./app/global-not-found.tsx"],
    from: "./admin",
    message: "Render code never imports admin code (DESIGN.md).",
  },
];

export default defineConfig([
  globalIgnores([
    ".next/",
    ".data/",
    ".data-*/",
    "test-results/",
    "playwright-report/",
    "next-env.d.ts",
    "schemas/generated/",
    "renderer/*.generated.ts",
    "blocks/lazy.generated.ts",
    "admin/editor/blocks.generated.ts",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Sanitisers and their tests match control characters on purpose (lead text, ADF, paths, search).
      "no-control-regex": "off",
      // `try { … } catch {}`: best effort, nothing to do when it fails.
      "no-empty": ["error", { allowEmptyCatch: true }],
      // `any` is kept where untyped JSON is walked (JSON Schema, RJSF, the generator) and where tests
      // send deliberately ill-typed input; `tsc --noEmit` (strict) is the type gate.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    // TypeScript checks names itself (tsc --noEmit runs in `npm test`).
    rules: { "no-undef": "off" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The v7 React Compiler rules (recommended-latest) were tried: they found no bug here, only
      // hydration flags set in effects, refs read in event handlers and the per-request promo seed.
    },
  },
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaryZones }],
    },
  },
]);
