/**
 * npm run import -- <file.csv|file.json|file.jsonl> [--dealership <id>]: loads a dealer feed.
 * Every row is validated; each failing row is reported as "line N: <pointer> <message>"; the good
 * rows are written in one transaction (all or none); exits 1 when any row failed.
 */
import { readFileSync } from "node:fs";
import { openScriptDb } from "./db";
import { feedFormat, formatProblem, importFeed, parseFeed } from "../server/inventory/import";
import { startAlgoliaSync, stopAlgoliaSync } from "../server/search/algolia";

const usage = "usage: npm run import -- <file.csv|file.json|file.jsonl> [--dealership <id>]";
const args = process.argv.slice(2);
let file: string | undefined;
let dealershipId: number | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--dealership") {
    const id = Number(args[++i]);
    if (!Number.isInteger(id) || id < 1) {
      console.error(`--dealership needs a dealership id (a positive whole number).\n${usage}`);
      process.exit(2);
    }
    dealershipId = id;
  } else if (!file && !args[i].startsWith("--")) file = args[i];
  else {
    console.error(`unexpected argument ${JSON.stringify(args[i])}\n${usage}`);
    process.exit(2);
  }
}
if (!file) {
  console.error(usage);
  process.exit(2);
}
const format = feedFormat(file);
if (!format) {
  console.error(`${file}: the file name must end in .csv, .json or .jsonl`);
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, "utf8");
} catch (e) {
  console.error(`${file}: cannot read: ${(e as Error).message}`);
  process.exit(2);
}

const handle = await openScriptDb();
try {
  // On PGlite no server runs alongside (the data folder is locked), so the import itself tells
  // Algolia (when configured); on PostgreSQL the running server hears the NOTIFY and does.
  if (handle.kind === "pglite") await startAlgoliaSync({ handle });
  const result = await importFeed(handle.db, parseFeed(text, format), { dealershipId });
  for (const p of result.failed) console.log(formatProblem(p));
  if (result.failed.length && !result.rows) {
    console.log(`Nothing imported from ${file}.`);
  } else {
    console.log(
      `Imported ${result.imported} of ${result.rows} vehicle(s) from ${file} (${result.created} new, ${result.updated} updated); ${result.failedRows} row(s) failed.`,
    );
  }
  process.exitCode = result.failed.length ? 1 : 0;
} catch (e) {
  console.error(`Nothing was imported: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await stopAlgoliaSync();
  await handle.close();
}
