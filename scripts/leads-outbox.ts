/**
 * npm run leads:outbox -- [--status kept,pending,sent,dead] [--lead <id>] [-n 20]: prints the newest
 * lead deliveries with their messages as sent or kept — the e-mails of a server without SMTP_URL
 * stay here (status "kept"), and the ADF XML posted to the CRMs. Newest first. Control characters
 * (terminal escapes) in what is printed are shown as \uXXXX.
 */
import { openScriptDb } from "./db";
import { formatDelivery, recentDeliveries, type DeliveryView } from "../server/leads/admin";
import { visibleControls } from "../server/leads/text";
import { consoleIo, runIfMain, type CliIo } from "./cli";

const STATUSES = ["pending", "sent", "kept", "dead"];

export async function main(args: string[], io: CliIo = consoleIo): Promise<number> {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const statuses = value("--status")?.split(",").filter(Boolean) as DeliveryView["status"][] | undefined;
  const limit = Number(value("-n") ?? 20);
  if ((statuses && statuses.some((s) => !STATUSES.includes(s))) || !Number.isInteger(limit) || limit < 1) {
    io.err("usage: npm run leads:outbox -- [--status kept,pending,sent,dead] [--lead <id>] [-n 20]");
    return 2;
  }

  const handle = await openScriptDb();
  try {
    const rows = await recentDeliveries(handle.db, { limit, statuses, leadId: value("--lead") });
    if (!rows.length) io.out("The lead outbox is empty.");
    // Stored text is a stranger's: escape sequences are shown, never played on the terminal.
    for (const row of rows) io.out(`${visibleControls(formatDelivery(row))}\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

runIfMain(import.meta.url, main);
