// ESLint (flat config): TypeScript, the rules of hooks, import cycles and the house's boundaries
// (DESIGN.md "Rules of the house"; README "How it fits together"). `npm run lint`, part of `npm test`.
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
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
 * - render code (blocks/, renderer/, the tenant sites' routes app/s/) never imports admin/;
 * - the app (app/, blocks/, renderer/, admin/, server/, domain/, proxy.ts) never imports serving/, the
 *   production server around Next (README, "The serving layer").
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
  {
    target: ["./app", "./blocks", "./renderer", "./admin", "./server", "./domain", "./proxy.ts"],
    from: "./serving",
    message: "serving/ runs around Next (npm start); the app never imports it (README, The serving layer).",
  },
];

/**
 * server/'s layers, top to bottom: http (server/http/, a feature's http.ts or *-http.ts) → features
 * (the services) → stores (store.ts, *-store.ts) → db (server/db/); server/errors/ is beside them,
 * for every layer (README, "How it fits together"). Zones for the files of server/ but tests, which
 * may reach across to set things up (tested in tests/server-layers.test.ts, which also fails when
 * two folders of server/ import each other):
 * - server/db/ imports nothing else of server/ (but the composition root's accessor,
 *   server/root/services.ts, which holds the process's database);
 * - server/errors/ imports nothing of server/;
 * - server/root/ (the process's services: a slot every feature declares its service in) imports
 *   nothing of server/, so every feature may import it and no pair forms;
 * - a store imports only server/db/, server/errors/, other stores and the files of its own folder
 *   (domain/ and schemas/ are outside server/): never another feature's service, nor server/http/;
 * - a file that is not HTTP imports no endpoint: no feature's http.ts or *-http.ts, and not the
 *   endpoint wrappers of server/http/ (its request plumbing — body, cookies, client address, rate
 *   limits, safe fetch, owner tokens, challenges — serves the services too).
 */
/** The folders of server/ that hold a store (store.ts, *-store.ts), e.g. "leads", "search/engine". */
const storeFolders = [
  ...new Set(
    readdirSync(`${root}/server`, { recursive: true })
      .filter((path) => /(^|\/)([\w-]+-)?store\.ts$/.test(path))
      .map((path) => dirname(path)),
  ),
];
const HTTP_ENDPOINTS = ["./server/*/http.ts", "./server/**/*-http.ts", "./server/http/{endpoint,site-route,platform-route,error-response,json}.ts"];
export const serverLayerZones = [
  {
    target: "./server/db",
    from: "./server",
    except: ["./db", "./root/services.ts"],
    message: "server/db/ is the bottom layer: it imports nothing else of server/ (http → features → stores → db).",
  },
  {
    target: "./server/errors",
    from: "./server",
    except: ["./errors"],
    message: "server/errors/ is imported by every layer, so it imports nothing of server/.",
  },
  {
    target: "./server/root",
    from: "./server",
    except: ["./root"],
    message: "server/root/ holds the process's services for every layer, so it imports nothing of server/: a feature declares its own service (defineService) beside its code.",
  },
  // A store's own folder's http.ts is refused by nonHttpZones. Globbed zones match their exceptions against the import's absolute path.
  ...storeFolders.map((folder) => ({
    target: [`./server/${folder}/store.ts`, `./server/${folder}/*-store.ts`],
    from: ["./server/**"],
    except: [`${root}/server/db/**`, `${root}/server/errors/**`, `${root}/server/**/store.ts`, `${root}/server/**/*-store.ts`, `${root}/server/${folder}/*`],
    message:
      "A store imports only server/db/, server/errors/, other stores and its own folder (and domain/, schemas/): no other feature's service or helper (http → features → stores → db). A service composes stores; a type another store needs is re-exported by its feature's store.",
  })),
];
/** For the files of server/ that are not HTTP (see serverLayerZones). */
export const nonHttpZones = [
  {
    target: "./server",
    from: HTTP_ENDPOINTS,
    message: "Only the HTTP layer imports an endpoint (a feature's http.ts or *-http.ts, server/http/'s wrappers): move what a service needs out of it (http → features → stores → db).",
  },
];
const SERVER_TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/test-helpers.ts"];
const HTTP_FILES = ["server/http/**", "**/http.ts", "**/*-http.ts"];

/**
 * server/ reaches the global object only through the composition root (server/root/services.ts),
 * which holds the process's services in one slot; any other module that puts state there would be
 * a singleton of its own again (no-restricted-globals, with its test in tests/lint-globals.test.ts).
 */
export const rootOnlyGlobals = {
  files: ["server/**/*.{ts,tsx,mts,cts}"],
  ignores: ["server/root/services.ts", "server/root/services.test.ts"],
  rules: {
    "no-restricted-globals": [
      "error",
      ...["globalThis", "global"].map((name) => ({
        name,
        message: "Only server/root/services.ts touches the global object: declare a process-wide service with defineService beside its code (and an accessor that asks services().get).",
      })),
    ],
  },
};

const RESPONSE_IN_HTTP_ONLY =
  "Only the HTTP layer builds a Response (server/http/, app/**/route.ts): a handler (a feature's http.ts or *-http.ts) or a service returns plain data, reply(...) or rawReply(...) from server/http/endpoint.ts, and throws an HttpError to refuse, answered in the body its family declares once (errorBody).";

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
    // One way to write an endpoint (server/http/endpoint.ts): only server/http/ (and app/**/route.ts)
    // builds a Response. Handlers and services return plain data (or a `reply`) and throw HttpErrors,
    // answered in the body their family declares once; no handler calls json() or errorResponse().
    // Tested in server/http/endpoints.test.ts.
    files: ["server/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["server/http/**", "app/**/route.ts", "**/*.test.ts", "**/*.test.tsx", "**/test-helpers.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Response']", message: RESPONSE_IN_HTTP_ONLY },
        { selector: "CallExpression[callee.object.name='Response'][callee.property.name=/^(json|redirect|error)$/]", message: RESPONSE_IN_HTTP_ONLY },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)http/json$", message: RESPONSE_IN_HTTP_ONLY },
            { regex: "(^|/)http/error-response$", importNames: ["errorResponse"], message: RESPONSE_IN_HTTP_ONLY },
          ],
        },
      ],
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
  {
    // server/'s layers (serverLayerZones, nonHttpZones): the house's boundaries and these.
    files: ["server/**/*.{ts,tsx}"],
    ignores: SERVER_TESTS,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...boundaryZones, ...serverLayerZones] }] },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    ignores: [...SERVER_TESTS, ...HTTP_FILES],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...boundaryZones, ...serverLayerZones, ...nonHttpZones] }] },
  },
  rootOnlyGlobals,
]);
