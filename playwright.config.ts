import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
// The embedded SMS provider also writes each message here, so the sign-in test can read its code.
process.env.FORECOURT_TEST_SMS_DIR ||= ".data-e2e/sms";
// npm start writes feed keys for the demo dealerships here, so tests can change stock through the feed API.
export const FEED_KEYS_FILE = ".data-e2e/feed-keys.json";

export default defineConfig({
  testDir: "tests/e2e",
  // Maps `server-only` to its empty module for specs that open the database (see that file).
  tsconfig: "tests/e2e/tsconfig.json",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One browser at a time: on two cores, parallel browsers starve the server and make timings flaky.
  workers: 1,
  reporter: [["list"]],
  outputDir: "test-results/e2e",
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      // Debian's Chromium as root, on a machine without the internet; every other host maps to this
      // machine so custom domains from the tenant documents can be tested.
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP * 127.0.0.1",
      ],
    },
  },
  webServer: {
    // A fresh embedded database each run: first start migrates and seeds the demo tenants.
    command: "rm -rf .data-e2e && npm start",
    // TRUSTED_PROXIES=1: the tests play the proxy in front, so a test's X-Forwarded-For is its visitor's address.
    env: { PORT: String(E2E_PORT), TRUSTED_PROXIES: "1", DATA_DIR: ".data-e2e", FORECOURT_TEST_SMS_DIR: process.env.FORECOURT_TEST_SMS_DIR, FORECOURT_TEST_FEED_KEYS: FEED_KEYS_FILE },
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: "pipe",
  },
});
