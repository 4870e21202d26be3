/** npm run export-tenants -- [dir]: writes every live (published) tenant document to {dir}/{slug}.json (default tenants/). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDb, migrate } from "../server/db";
import { liveDocuments } from "../server/tenants/store";
import { DocumentMigrationError, migrateDocument } from "../schemas/migrations";

const dir = resolve(process.argv[2] ?? "tenants");
const handle = await openDb();
try {
  await migrate(handle);
  const docs = await liveDocuments(handle.db);
  mkdirSync(dir, { recursive: true });
  for (const { slug, version, document: stored } of docs) {
    // Written at the current schemaVersion; one this release cannot read is left out (exit 1).
    let document;
    try {
      document = migrateDocument(stored).document;
    } catch (e) {
      if (!(e instanceof DocumentMigrationError)) throw e;
      console.error(`${slug}: version ${version} not exported: ${e.message}`);
      process.exitCode = 1;
      continue;
    }
    writeFileSync(join(dir, `${slug}.json`), JSON.stringify(document, null, 2) + "\n");
    console.log(`${slug}: version ${version} → ${join(dir, `${slug}.json`)}`);
  }
  if (!docs.length) console.log("No published tenants to export.");
} finally {
  await handle.close();
}
