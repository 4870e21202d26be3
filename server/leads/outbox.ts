/**
 * The process's lead outbox worker (server/leads/outbox-worker.ts says how it delivers), kept by the
 * process's services (server/root/services.ts) and started with the server (server/background/start.ts).
 */
import { getDb } from "../db";
import { defineService, services } from "../root/services";
import { OutboxWorker } from "./outbox-worker";

export * from "./outbox-worker";
export * from "./senders";

/** The process's outbox worker on its database; stopped when the services close. */
export const outboxWorker = defineService<Promise<OutboxWorker>>(
  "outbox-worker",
  async () => {
    const worker = new OutboxWorker((await getDb()).db).start();
    console.log(`[leads] the outbox worker started in process ${process.pid}`);
    return worker;
  },
  { close: (worker) => worker.stop() },
);

/** The process's one outbox worker, started on first use (the server starts it at start-up). */
export async function startLeadsOutbox(): Promise<OutboxWorker> {
  return services().get(outboxWorker);
}

/** Asks the process's worker for a delivery round (after a lead was stored); never throws. */
export function kickLeadsOutbox(): void {
  startLeadsOutbox().then(
    (w) => w.kick(),
    (e) => console.warn(`[leads] the outbox worker could not start: ${(e as Error).message}`),
  );
}
