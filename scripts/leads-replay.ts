/**
 * npm run leads:replay -- [lead-id]: puts dead lead deliveries (all, or one lead's) back to pending,
 * with a fresh count of attempts; a running server's outbox worker sends them within seconds (on
 * PGlite, stop the server first: the next start sends them). Control characters (terminal escapes)
 * in what is printed — the stored address and last error — are shown as \uXXXX.
 */
import { openScriptDb } from "./db";
import { replayDead } from "../server/leads/admin";
import { visibleControls } from "../server/leads/text";
import { consoleIo, runIfMain, type CliIo } from "./cli";

const oneLine = (text: string) => visibleControls(text).replace(/\n/g, "\\u000a");

export async function main(args: string[], io: CliIo = consoleIo): Promise<number> {
  const leadId = args[0];
  if (leadId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(leadId)) {
    io.err("usage: npm run leads:replay -- [lead-id]   (a lead id is a UUID)");
    return 2;
  }
  const handle = await openScriptDb();
  try {
    const rows = await replayDead(handle.db, leadId);
    if (!rows.length) io.out(leadId ? `Lead ${leadId} has no dead deliveries.` : "There are no dead deliveries.");
    // Stored text is a stranger's (or a CRM's answer): escape sequences are shown, never played on the
    // terminal; a line break too, so that one row prints as one line.
    for (const r of rows) io.out(oneLine(`requeued #${r.id} ${r.channel} of lead ${r.leadId} to ${r.target ?? "(no address)"}${r.lastError ? ` (it had failed: ${r.lastError})` : ""}`));
    if (rows.length) io.out(`${rows.length} deliver${rows.length === 1 ? "y" : "ies"} back to pending.`);
    return 0;
  } finally {
    await handle.close();
  }
}

runIfMain(import.meta.url, main);
