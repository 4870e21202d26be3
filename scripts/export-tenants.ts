/** npm run export-tenants -- [dir]: writes every live (published) tenant document to {dir}/{slug}.json (default tenants/). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDb, migrate } from "../server/db";
import { liveDocuments } from "../server/tenants/store";

const dir = resolve(process.argv[2] ?? "tenants");
const handle = await openDb();
try {
  await migrate(handle);
  const docs = await liveDocuments(handle.db);
  mkdirSync(dir, { recursive: true });
  for (const { slug, version, document } of docs) {
    writeFileSync(join(dir, `${slug}.json`), JSON.stringify(document, null, 2) + "\n");
    console.log(`${slug}: version ${version} → ${join(dir, `${slug}.json`)}`);
  }
  if (!docs.length) console.log("No published tenants to export.");
} finally {
  await handle.close();
}
