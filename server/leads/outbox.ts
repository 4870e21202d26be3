/**
 * The process's lead outbox worker (server/leads/outbox-worker.ts says how it delivers), kept by the
 * process's services (server/root/services.ts) and started with the server (server/root/start.ts).
 */
import type { DbHandle } from "../db";
import { services } from "../root/services";
import type { OutboxWorker } from "./outbox-worker";

export * from "./outbox-worker";
export * from "./senders";

/** The process's one outbox worker, started on first use (the server starts it at start-up). */
export function startLeadsOutbox(handle?: Promise<DbHandle>): Promise<OutboxWorker> {
  return services().outbox(handle);
}

/** Asks the process's worker for a delivery round (after a lead was stored); never throws. */
export function kickLeadsOutbox(): void {
  startLeadsOutbox().then(
    (w) => w.kick(),
    (e) => console.warn(`[leads] the outbox worker could not start: ${(e as Error).message}`),
  );
}
