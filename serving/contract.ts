/**
 * What the serving layer expects of Next's output. Each module of serving/ that reads or rewrites
 * Next's answers or build files exports a `contract`: its name and a check that returns, for a copy of
 * Next's real output (pages of a demo site as `next start` answers them, and the build's static
 * folder), what no longer holds. contract.test.ts gathers them all (node-server.ts has none: it decides
 * before Next sees a request and reads nothing of its answers) against a real `next build`, so a Next
 * release that changes its markup, headers or chunk layout fails there with the layer's name instead
 * of silently costing the page speed or the cache.
 */

/** One page of a site as Next answered it (no Accept-Encoding: uncompressed), headers lower-cased. */
export interface NextPage {
  path: string;
  status: number;
  headers: Record<string, string>;
  html: string;
}

export interface NextOutput {
  /** The build's static folder (`.next/static`). */
  staticDir: string;
  /** A site's home page. */
  home: NextPage;
  /** A vehicle page (GET /cars/{slug}) of the same site. */
  vehicle: NextPage;
  /** An address of the site with no page. */
  missing: NextPage;
}

export interface ServingContract {
  /** The layer's name, as failure messages start ("late scripts"). */
  layer: string;
  /** What of the layer's expectations does not hold for this output (empty when all do). */
  check(output: NextOutput): string[];
}

/** Every layer's unmet expectations, each message starting with the layer's name ("late scripts: …"). */
export function contractProblems(output: NextOutput, contracts: ServingContract[]): string[] {
  return contracts.flatMap((c) => c.check(output).map((problem) => `${c.layer}: ${problem}`));
}

/** The `/_next/static/…` script and stylesheet addresses a page names, in order, without repeats. */
export function staticAssetUrls(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"?#]+\.(?:js|css))"/g)].map((m) => m[1]))];
}
