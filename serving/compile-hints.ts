/**
 * After `next build`: every script of the build starts with V8's explicit compile hint
 * `//# allFunctionsCalledOnLoad` (Chrome 136 and later), so the browser compiles the file's
 * functions while it streams the file in, on a background thread. Without it, each of Turbopack's
 * module factories was compiled on the main thread when first called: a page's modules are all
 * called as its scripts start, and that compiling made the longest task of a page's start, 210–260 ms
 * of Lighthouse's phone on Redgate's search page (issue 18: TBT there 134–219 ms → 49–100 ms; a
 * location page's 75–115 → 3–4 ms). Other browsers read a comment.
 *
 * Only `.js` files under `.next/static/chunks`; a file that starts with the hint is left as it is.
 * The line moves the file's code down one line (Next builds no browser source maps here).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { consoleIo, runIfMain, type CliIo } from "../scripts/cli";
import { staticAssetUrls, type ServingContract } from "./contract";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Adds the hint to each script under `dir` that lacks it; how many files it changed. */
export function addCompileHints(dir: string): number {
  let changed = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = join(entry.parentPath, entry.name);
    const code = readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + code);
    changed++;
  }
  return changed;
}

export const STATIC_CHUNKS = join(".next", "static", "chunks");

/**
 * What this step expects of Next's build (serving/contract.ts): the browser's scripts are the `.js`
 * files under static/chunks, and each script a page names is one of them, with the hint added.
 */
export const contract: ServingContract = {
  layer: "compile hints",
  check({ staticDir, home, vehicle }) {
    const chunks = join(staticDir, "chunks");
    if (!existsSync(chunks)) return [`the build has no ${chunks} folder: Next's chunk layout changed, so no script gets the hint`];
    const problems: string[] = [];
    for (const url of staticAssetUrls(home.html + vehicle.html).filter((u) => u.endsWith(".js"))) {
      const file = join(staticDir, url.slice("/_next/static/".length));
      if (!url.startsWith("/_next/static/chunks/")) problems.push(`Next's pages load ${url}, a script outside static/chunks, which gets no hint`);
      else if (existsSync(file) && !readFileSync(file, "utf8").startsWith(COMPILE_HINT)) problems.push(`${file} does not start with the hint (was the build made by \`npm run build\`, which adds it?)`);
    }
    return problems;
  },
};

runIfMain(import.meta.url, async (_argv: string[], io: CliIo = consoleIo) => {
  io.out(`Compile hints added to ${addCompileHints(STATIC_CHUNKS)} scripts.`);
  return 0;
});
