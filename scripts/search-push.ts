/**
 * npm run search:push: uploads every vehicle's search record to Algolia's "vehicles" index
 * (replacing what was there) and sets the settings of it and of one replica per sort the live
 * sites use. Needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY; the work is pushToAlgolia in
 * server/search/algolia.ts.
 */
import { algoliasearch } from "algoliasearch";
import { openScriptDb } from "./db";
import { pushToAlgolia } from "../server/search/algolia";

const appId = process.env.ALGOLIA_APP_ID?.trim();
const adminKey = process.env.ALGOLIA_ADMIN_KEY?.trim();
if (!appId || !adminKey) {
  const missing = [!appId && "ALGOLIA_APP_ID", !adminKey && "ALGOLIA_ADMIN_KEY"].filter(Boolean).join(" and ");
  console.error(`search:push needs ${missing}: the Algolia application and an API key that may add records and edit settings.`);
  process.exit(1);
}

const handle = await openScriptDb();
try {
  const started = performance.now();
  const summary = await pushToAlgolia(algoliasearch(appId, adminKey), handle.db);
  console.log(`Pushed ${summary.records} vehicles of ${summary.sites} live sites to Algolia app ${appId}, index "vehicles", in ${summary.batches} batches.`);
  console.log(`Settings set on "vehicles" and ${summary.replicas.length} sort replicas: ${summary.replicas.join(", ") || "none"}.`);
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (e) {
  console.error(`search:push failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
