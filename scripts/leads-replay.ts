/**
 * npm run leads:replay -- [lead-id]: puts dead lead deliveries (all, or one lead's) back to pending,
 * with a fresh count of attempts; a running server's outbox worker sends them within seconds (on
 * PGlite, stop the server first: the next start sends them).
 */
import { openScriptDb } from "./db";
import { replayDead } from "../server/leads/admin";

const leadId = process.argv[2];
if (leadId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(leadId)) {
  console.error("usage: npm run leads:replay -- [lead-id]   (a lead id is a UUID)");
  process.exit(2);
}

const handle = await openScriptDb();
try {
  const rows = await replayDead(handle.db, leadId);
  if (!rows.length) console.log(leadId ? `Lead ${leadId} has no dead deliveries.` : "There are no dead deliveries.");
  for (const r of rows) console.log(`requeued #${r.id} ${r.channel} of lead ${r.leadId} to ${r.target ?? "(no address)"}${r.lastError ? ` (it had failed: ${r.lastError})` : ""}`);
  if (rows.length) console.log(`${rows.length} deliver${rows.length === 1 ? "y" : "ies"} back to pending.`);
} finally {
  await handle.close();
}
