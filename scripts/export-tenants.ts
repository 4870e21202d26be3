/** npm run export-tenants -- [dir]: writes every live (published) tenant document to {dir}/{slug}.json (default tenants/). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDb, migrate } from "../server/db";
import { liveDocuments } from "../server/tenants/store";
import { consoleIo, runIfMain, type CliIo } from "./cli";

export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  const dir = resolve(argv[0] ?? "tenants");
  const handle = await openDb();
  try {
    await migrate(handle);
    const docs = await liveDocuments(handle.db);
    mkdirSync(dir, { recursive: true });
    for (const { slug, version, document } of docs) {
      writeFileSync(join(dir, `${slug}.json`), JSON.stringify(document, null, 2) + "\n");
      io.out(`${slug}: version ${version} → ${join(dir, `${slug}.json`)}`);
    }
    if (!docs.length) io.out("No published tenants to export.");
  } finally {
    await handle.close();
  }
  return 0;
}

runIfMain(import.meta.url, main);
