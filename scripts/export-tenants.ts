/** npm run export-tenants -- [dir]: writes every live (published) tenant document to {dir}/{slug}.json (default tenants/). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDb, migrate } from "../server/db";
import { liveDocuments } from "../server/tenants/store";
import { DocumentMigrationError, migrateDocument } from "../schemas/migrations";
import { consoleIo, runIfMain, type CliIo } from "./cli";

export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  const dir = resolve(argv[0] ?? "tenants");
  const handle = await openDb();
  let code = 0;
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
        io.err(`${slug}: version ${version} not exported: ${e.message}`);
        code = 1;
        continue;
      }
      writeFileSync(join(dir, `${slug}.json`), JSON.stringify(document, null, 2) + "\n");
      io.out(`${slug}: version ${version} → ${join(dir, `${slug}.json`)}`);
    }
    if (!docs.length) io.out("No published tenants to export.");
  } finally {
    await handle.close();
  }
  return code;
}

runIfMain(import.meta.url, main);
