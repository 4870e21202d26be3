/**
 * npm run search:push: uploads every vehicle's search record to Algolia's "vehicles" index
 * (replacing what was there) and sets the settings of it and of one replica per sort the live
 * sites use. Needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY; the work is pushToAlgolia in
 * server/search/algolia.ts.
 */
import { algoliasearch } from "algoliasearch";
import { openScriptDb } from "./db";
import { pushToAlgolia } from "../server/search/algolia";
import { consoleIo, runIfMain, type CliIo } from "./cli";

export async function main(_argv: string[], io: CliIo = consoleIo): Promise<number> {
  const appId = process.env.ALGOLIA_APP_ID?.trim();
  const adminKey = process.env.ALGOLIA_ADMIN_KEY?.trim();
  if (!appId || !adminKey) {
    const missing = [!appId && "ALGOLIA_APP_ID", !adminKey && "ALGOLIA_ADMIN_KEY"].filter(Boolean).join(" and ");
    io.err(`search:push needs ${missing}: the Algolia application and an API key that may add records and edit settings.`);
    return 1;
  }

  const handle = await openScriptDb();
  try {
    const started = performance.now();
    const summary = await pushToAlgolia(algoliasearch(appId, adminKey), handle.db);
    io.out(`Pushed ${summary.records} vehicles of ${summary.sites} live sites to Algolia app ${appId}, index "vehicles", in ${summary.batches} batches.`);
    io.out(`Settings set on "vehicles" and ${summary.replicas.length} sort replicas: ${summary.replicas.join(", ") || "none"}.`);
    io.out(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (e) {
    io.err(`search:push failed: ${(e as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

runIfMain(import.meta.url, main);
