/**
 * npm run leads:replay -- [lead-id]: puts dead lead deliveries (all, or one lead's) back to pending,
 * with a fresh count of attempts; a running server's outbox worker sends them within seconds (on
 * PGlite, stop the server first: the next start sends them). Control characters (terminal escapes)
 * in what is printed — the stored address and last error — are shown as \uXXXX.
 */
import { openScriptDb } from "./db";
import { replayDead } from "../server/leads/admin";
import { visibleControls } from "../server/leads/text";

const leadId = process.argv[2];
if (leadId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(leadId)) {
  console.error("usage: npm run leads:replay -- [lead-id]   (a lead id is a UUID)");
  process.exit(2);
}

const oneLine = (text: string) => visibleControls(text).replace(/\n/g, "\\u000a");

const handle = await openScriptDb();
try {
  const rows = await replayDead(handle.db, leadId);
  if (!rows.length) console.log(leadId ? `Lead ${leadId} has no dead deliveries.` : "There are no dead deliveries.");
  // Stored text is a stranger's (or a CRM's answer): escape sequences are shown, never played on the
  // terminal; a line break too, so that one row prints as one line.
  for (const r of rows) console.log(oneLine(`requeued #${r.id} ${r.channel} of lead ${r.leadId} to ${r.target ?? "(no address)"}${r.lastError ? ` (it had failed: ${r.lastError})` : ""}`));
  if (rows.length) console.log(`${rows.length} deliver${rows.length === 1 ? "y" : "ies"} back to pending.`);
} finally {
  await handle.close();
}
