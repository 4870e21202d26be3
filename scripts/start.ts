/**
 * npm start: builds when the sources changed since the last build, migrates the database, seeds the
 * demo tenants and their stock on first start, then serves on PORT (3000) and prints every site's address.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { dataDir, migrate, openDb } from "../server/db";
import { appliedMigrations, withSetupLock } from "../server/db/setup-lock";
import { listTenants } from "../server/tenants/store";
import { seedDemoAccounts, seedDemoInventory, seedDemoTenants } from "../server/demo/seed";
import { dealershipDirectory } from "../server/inventory/directory";
import { createApiKey } from "../server/inventory/keys";
import { buildIfStale } from "./build";
import { paymentsSetting } from "../server/payments/provider-for";
import { routeConsole } from "../server/log";
import { checkSecretsKey } from "../server/tenants/secrets-key";

// Production logs are JSON lines (server/log): this process's own lines too, beside the server's (serving/index.ts).
routeConsole();

const port = Number(process.env.PORT || 3000);
// Reserve-online deposits (server/payments/provider-for.ts): a contradictory setting is said once here; the
// server still starts (everything else works) and refuses reservations until it is fixed.
const payments = paymentsSetting({ ...process.env, NODE_ENV: "production" });
if (payments.problem) console.error(`Payments: ${payments.problem}`);
else if (payments.mode === "none") console.warn("Payments: no payment provider on this production database (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test for a staging site): online reservations are refused.");
// Site secrets' key (server/tenants/secrets-key.ts): a malformed FORECOURT_SECRETS_KEY stops the start before
// the build; a missing one with DATABASE_URL is said (site secrets cannot be set until it is).
try {
  checkSecretsKey();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const built = await buildIfStale();
if (built !== 0) process.exit(built);

const handle = await openDb();
let sites: { slug: string; name: string }[];
let seededNow: boolean;
try {
  // Instances started together on one PostgreSQL database (npm run cluster) take turns: one migrates and seeds.
  seededNow = await withSetupLock(handle, process.env.DATABASE_URL, async () => {
    const before = await appliedMigrations(handle);
    await migrate(handle);
    const applied = (await appliedMigrations(handle)) - before;
    if (applied) console.log(`Migrated the database: ${applied} migrations applied.`);
    const seeded = await seedDemoTenants(handle);
    if (seeded.length) console.log(`Seeded ${seeded.length} demo tenants.`);
    const vehicles = await seedDemoInventory(handle);
    if (vehicles) console.log(`Seeded ${vehicles} demo vehicles.`);
    const accounts = await seedDemoAccounts(handle);
    if (accounts.length) console.log(`Seeded demo admin accounts: ${accounts.join(", ")} (passwords in the README).`);
    return seeded.length > 0;
  });
  sites = (await listTenants(handle.db)).filter((t) => t.publishedVersionId && !t.archivedAt);
  // For the browser tests: feed keys for every dealership of the sites, written once to a file.
  const keysFile = process.env.FORECOURT_TEST_FEED_KEYS;
  if (keysFile && !existsSync(keysFile)) {
    const keys: Record<number, string> = {};
    for (const id of (await dealershipDirectory(handle.db)).keys()) keys[id] = (await createApiKey(handle.db, id, "browser tests")).key;
    writeFileSync(keysFile, JSON.stringify(keys));
  }
} finally {
  // PGlite belongs to one process: release it before the server opens it.
  await handle.close();
}
// For the browser tests (playwright.config.ts): a copy of the data folder as the first start seeded
// it, before any request, which the next test server of the run starts from instead of seeding again.
const snapshot = process.env.FORECOURT_SEED_SNAPSHOT;
if (snapshot && seededNow && handle.kind === "pglite") {
  rmSync(snapshot, { recursive: true, force: true });
  cpSync(dataDir(), snapshot, { recursive: true });
}

// Next behind the serving layer (serving/index.ts), in production mode.
const server = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only.mjs", "serving/index.ts"], {
  stdio: ["inherit", "pipe", "inherit"],
  env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
});
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (/Ready in|started server|✓ Ready/i.test(chunk.toString())) {
    console.log(`\nForecourt is serving on port ${port} (database: ${handle.kind}).`);
    console.log(`  Platform: http://localhost:${port}/`);
    console.log(`  Admin: http://localhost:${port}/admin`);
    for (const s of sites) console.log(`  ${s.name}: http://${s.slug}.localhost:${port}/`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
