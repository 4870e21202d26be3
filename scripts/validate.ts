/** npm run validate -- <file|dir> …: checks tenant documents; prints "file pointer: message" per error, exits 1 on any. */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { validateTenant } from "../domain/tenant-validation";
import { DocumentMigrationError, migrateDocument } from "../schemas/migrations";
import { consoleIo, runIfMain, type CliIo } from "./cli";

export async function main(targets: string[], io: CliIo = consoleIo): Promise<number> {
  if (!targets.length) {
    io.err("usage: npm run validate -- <file.json|directory> …");
    return 2;
  }
  const files = targets.flatMap((t) =>
    statSync(t, { throwIfNoEntry: false })?.isDirectory()
      ? readdirSync(t).filter((f) => f.endsWith(".json")).sort().map((f) => join(t, f))
      : [t],
  );
  let failed = 0;
  for (const file of files) {
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      io.out(`${file}: cannot read JSON: ${(e as Error).message}`);
      failed++;
      continue;
    }
    let migrated;
    try {
      migrated = migrateDocument(doc);
    } catch (e) {
      if (!(e instanceof DocumentMigrationError)) throw e;
      io.out(`${file} ${e.pointer}: ${e.message}`);
      failed++;
      continue;
    }
    const result = validateTenant(migrated.document);
    if (result.ok) {
      io.out(`${file}: ok${migrated.applied.length ? ` (migrated from schemaVersion ${migrated.from}: ${migrated.applied.join(", ")})` : ""}`);
    } else {
      failed++;
      for (const e of result.errors) io.out(`${file} ${e.pointer || "/"}: ${e.message}`);
    }
  }
  if (failed) {
    io.out(`${failed} of ${files.length} document(s) invalid`);
    return 1;
  }
  return 0;
}

runIfMain(import.meta.url, main);
