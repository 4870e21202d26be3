import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Modules marked `import "server-only"` (server/db, server/search/algolia.ts) are server code, which
    // tests are: resolve the marker as Next does for server code ("react-server" condition → empty.js).
    // Only that package: React keeps its client build for the component tests.
    // next/dynamic renders nothing outside Next: tests/next-dynamic.tsx renders the loaded component.
    alias: {
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
      "next/dynamic": fileURLToPath(new URL("tests/next-dynamic.tsx", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "tests/e2e/**"],
    environment: "node",
    // Migrates one template database of each kind per run; tests/databases.ts copies it per test file.
    globalSetup: ["tests/global-setup.ts"],
    // Cheap scrypt parameters for test passwords.
    setupFiles: ["tests/setup.ts"],
    // vitest's default is one worker per core but one, i.e. a single worker on 2 cores. Many test
    // files wait on PostgreSQL, PGlite's files or a child process, so at least two workers, to overlap
    // those waits; threads rather than forks, which start a process per worker. The last CI run
    // (`.ci/run`, a fresh clone on 2 cores, the machine's load not recorded then) took 743 s for this
    // step, beside the browser tests that write; README "Set-up" lists every step's time.
    pool: "threads",
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
