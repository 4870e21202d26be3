/**
 * npm run import -- <file.csv|file.json|file.jsonl> [--dealership <id>]: loads a dealer feed.
 * Every row is validated; each failing row is reported as "line N: <pointer> <message>"; the good
 * rows are written in one transaction (all or none); exits 1 when any row failed.
 */
import { readFileSync } from "node:fs";
import { openScriptDb } from "./db";
import { feedFormat, formatProblem, importFeed, parseFeed } from "../server/inventory/import";
import { startAlgoliaSync, stopAlgoliaSync } from "../server/search/algolia";
import { consoleIo, runIfMain, type CliIo } from "./cli";

const usage = "usage: npm run import -- <file.csv|file.json|file.jsonl> [--dealership <id>]";

export async function main(args: string[], io: CliIo = consoleIo): Promise<number> {
  let file: string | undefined;
  let dealershipId: number | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--dealership") {
      const id = Number(args[++i]);
      if (!Number.isInteger(id) || id < 1) {
        io.err(`--dealership needs a dealership id (a positive whole number).\n${usage}`);
        return 2;
      }
      dealershipId = id;
    } else if (!file && !args[i].startsWith("--")) file = args[i];
    else {
      io.err(`unexpected argument ${JSON.stringify(args[i])}\n${usage}`);
      return 2;
    }
  }
  if (!file) {
    io.err(usage);
    return 2;
  }
  const format = feedFormat(file);
  if (!format) {
    io.err(`${file}: the file name must end in .csv, .json or .jsonl`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    io.err(`${file}: cannot read: ${(e as Error).message}`);
    return 2;
  }

  const handle = await openScriptDb();
  try {
    // On PGlite no server runs alongside (the data folder is locked), so the import itself tells
    // Algolia (when configured); on PostgreSQL the running server hears the NOTIFY and does.
    if (handle.kind === "pglite") await startAlgoliaSync({ handle });
    const result = await importFeed(handle.db, parseFeed(text, format), { dealershipId });
    for (const p of result.failed) io.out(formatProblem(p));
    if (result.failed.length && !result.rows) {
      io.out(`Nothing imported from ${file}.`);
    } else {
      io.out(
        `Imported ${result.imported} of ${result.rows} vehicle(s) from ${file} (${result.created} new, ${result.updated} updated); ${result.failedRows} row(s) failed.`,
      );
    }
    return result.failed.length ? 1 : 0;
  } catch (e) {
    io.err(`Nothing was imported: ${(e as Error).message}`);
    return 1;
  } finally {
    await stopAlgoliaSync();
    await handle.close();
  }
}

runIfMain(import.meta.url, main);
