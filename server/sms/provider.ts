import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../db";
import { smsOutbox } from "../db/schema";

/** One text message to a mobile number (E.164). */
export interface SmsMessage {
  /** The site it is sent for (its slug). */
  site: string;
  to: string;
  body: string;
  /** A secret the body carries (a sign-in code): sent, but never logged or stored (masked as ••••••). */
  secret?: string;
}

/** The body with every occurrence of the secret masked, one • per character. */
export function maskSecret(body: string, secret?: string): string {
  return secret ? body.split(secret).join("•".repeat(secret.length)) : body;
}

/** What a vendor adapter implements. `send` resolves once the message is accepted, and throws when it is not. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * The embedded provider: nothing leaves the machine. Each message is written to the `sms_outbox`
 * table and logged, with its secret (the sign-in code) masked. With FORECOURT_TEST_SMS_DIR set (end-to-end tests only) each message is also
 * written there as a JSON file, so a test can read the code while the database is held by the server.
 */
export const EMBEDDED_SMS = "embedded";

export class EmbeddedSmsProvider implements SmsProvider {
  readonly name = EMBEDDED_SMS;
  constructor(
    private readonly db: Db,
    private readonly opts: { testDir?: string; log?: (line: string) => void } = {},
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const masked = maskSecret(message.body, message.secret);
    await this.db.insert(smsOutbox).values({ site: message.site, phone: message.to, body: masked, provider: this.name });
    (this.opts.log ?? console.info)(`[sms] to ${message.to} (${message.site}): ${masked}`);
    const dir = this.opts.testDir;
    if (dir) {
      // End-to-end tests only: the message as a phone would receive it, code included.
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${Date.now()}-${process.hrtime.bigint()}.json`);
      writeFileSync(file, JSON.stringify({ site: message.site, to: message.to, body: message.body, at: new Date().toISOString() }));
    }
  }
}

/** The name of the provider the server uses (what the sign-in page tells a demo visitor by). */
export const smsProviderName = (): string => EMBEDDED_SMS;

/** The provider the server uses. Only the embedded one exists so far; a vendor adapter would be chosen here by its settings. */
export function smsProvider(db: Db): SmsProvider {
  return new EmbeddedSmsProvider(db, { testDir: process.env.FORECOURT_TEST_SMS_DIR || undefined });
}
