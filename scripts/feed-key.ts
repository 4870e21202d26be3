/**
 * npm run feed:key -- <dealership-id> [label]: makes a feed key for a dealership and prints it
 * once (only its hash is kept). Dealer feeds send it as "Authorization: Bearer <key>" to
 * PUT/DELETE /api/feed/vehicles/{id}.
 */
import { openScriptDb } from "./db";
import { dealershipDirectory } from "../server/inventory/directory";
import { createApiKey } from "../server/inventory/keys";

const [idArg, ...labelParts] = process.argv.slice(2);
const dealershipId = Number(idArg);
if (!idArg || !Number.isInteger(dealershipId) || dealershipId < 1) {
  console.error("usage: npm run feed:key -- <dealership-id> [label]");
  process.exit(2);
}
const label = labelParts.join(" ").trim();

const handle = await openScriptDb();
try {
  const entry = (await dealershipDirectory(handle.db)).get(dealershipId);
  if (!entry) {
    console.error(`No site lists dealership ${dealershipId}; add it to a site's dealerships first.`);
    process.exitCode = 1;
  } else {
    const key = await createApiKey(handle.db, dealershipId, label);
    console.log(`Feed key ${key.id} for dealership ${dealershipId} (${entry.dealership.name}, ${entry.tenantSlug ? `site ${entry.tenantSlug}` : "no site yet"})${label ? `, "${label}"` : ""}:`);
    console.log(key.key);
    console.log("It is shown only this once. Feeds send it as: Authorization: Bearer <key>");
  }
} finally {
  await handle.close();
}
