import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { CHROMIUM } from "./scripts/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
// The embedded SMS provider also writes each message here, so the sign-in test can read its code.
process.env.FORECOURT_TEST_SMS_DIR ||= ".data-e2e/sms";
// Whole days the server's saved-search alert clock runs ahead (saved-searches.spec: the next day's e-mail without waiting a day).
process.env.FORECOURT_TEST_ALERT_DAYS_FILE ||= ".data-e2e/alert-days";
// npm start writes feed keys for the demo dealerships here, so tests can change stock through the feed API.
export const FEED_KEYS_FILE = ".data-e2e/feed-keys.json";
// npm start copies .data-e2e here as its first start seeded it, before any request (scripts/start.ts).
// With E2E_FROM_SEEDED=1 (npm test's second server, for the specs that write) a server starts from
// that copy instead of seeding again: the same database as a fresh seed, without its minute of seeding.
export const SEEDED_SNAPSHOT = ".data-e2e-seeded";
const fromSeeded = process.env.E2E_FROM_SEEDED === "1" && existsSync(SEEDED_SNAPSHOT);
// Every server the browser tests start (npm start here, and fuzz-servers' own on PostgreSQL, which
// inherit this) takes deposits with the embedded test gateway: NODE_ENV=production with DATABASE_URL
// would otherwise refuse reservations (server/payments/provider-for.ts).
process.env.PAYMENTS ??= "test";
// The servers fetch Google's and Meta's tag scripts from here (server/analytics/tag-scripts-http.ts), where
// nothing answers: no test reaches the internet, and a page whose tags start gets a prompt 502 for them.
process.env.TAG_SCRIPT_ORIGIN ??= "http://127.0.0.1:9";


/**
 * Specs that change what other specs read, or count on limits per client and site that a second
 * browser would use up: feed writes (vdp-cache, vdp-states), views and leads (vdp-market, forms,
 * trade-in, service-booking), admin edits and sign-ins (admin and every admin-*, security-headers, watchlist, accounts), reservations (reserve-online) and the fuzz's floods.
 */
const WRITES = /\/(accounts|admin(-[a-z]+)?|forms|fuzz|reserve-online|saved-searches|security-headers|service-booking|trade-in|vdp-cache|vdp-market|vdp-states|watchlist)\.spec\.ts$/;
/** Specs with servers of their own (the fuzz on PostgreSQL and on a PGlite it stops to count): they run beside the writes. */
const SERVERS = /\/fuzz-servers\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Maps `server-only` to its empty module for specs that open the database (see that file).
  tsconfig: "tests/e2e/tsconfig.json",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at a time. A single browser leaves the two cores mostly idle (the server, the browser
  // and the test runner each wait on the others), so specs that only read run two at a time in the
  // "pages" project; specs that write what other specs read (stock through the feed, leads, admin
  // edits and sign-ins, the fuzz's floods) run one at a time afterwards in the "writes" project, and
  // beside them, in the second worker, the "servers" project's fuzz on servers of its own.
  workers: 2,
  reporter: [["list"]],
  projects: [
    { name: "pages", testIgnore: [WRITES, SERVERS], fullyParallel: true },
    { name: "writes", testMatch: WRITES, dependencies: ["pages"], workers: 1 },
    { name: "servers", testMatch: SERVERS, dependencies: ["pages"], workers: 1 },
    // Issue 32: 3 instances behind Caddy on PostgreSQL and Redis of their own (tests/cluster/harness.ts), beside the writes.
    { name: "cluster", testDir: "tests/cluster", dependencies: ["pages"], workers: 1 },
  ],
  outputDir: "test-results/e2e",
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: CHROMIUM,
      // Debian's Chromium as root, on a machine without the internet; every other host maps to this
      // machine so custom domains from the tenant documents can be tested.
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP * 127.0.0.1",
      ],
    },
  },
  webServer: {
    // A fresh embedded database each run: first start migrates and seeds the demo tenants (or, with
    // E2E_FROM_SEEDED=1, a copy of the one this run's first server seeded).
    command: fromSeeded ? `rm -rf .data-e2e && cp -R ${SEEDED_SNAPSHOT} .data-e2e && npm start` : `rm -rf .data-e2e ${SEEDED_SNAPSHOT} && npm start`,
    // TRUSTED_PROXIES=1: the tests play the proxy in front, so a test's X-Forwarded-For is its visitor's address.
    // LOG_LEVEL=warn: the server's warnings and errors show in the run's output, not a JSON line per request.
    env: { PORT: String(E2E_PORT), TRUSTED_PROXIES: "1", DATA_DIR: ".data-e2e", LOG_LEVEL: "warn", FORECOURT_TEST_SMS_DIR: process.env.FORECOURT_TEST_SMS_DIR, FORECOURT_TEST_ALERT_DAYS_FILE: process.env.FORECOURT_TEST_ALERT_DAYS_FILE, FORECOURT_TEST_FEED_KEYS: FEED_KEYS_FILE, FORECOURT_SEED_SNAPSHOT: SEEDED_SNAPSHOT },
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: "pipe",
  },
});
