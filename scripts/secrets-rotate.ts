/**
 * npm run secrets:rotate: seals every stored site secret with the current key (FORECOURT_SECRETS_KEY,
 * else on PGlite DATA_DIR/secrets-key): those sealed with a previous key (FORECOURT_SECRETS_KEY_PREVIOUS)
 * and those stored before encryption. Prints how many were sealed again, how many were already current
 * and which could not be opened (site and name, never a value); exits 1 when any could not, or when
 * there is no usable key. The server does the same at each start; this is for doing it now, or for
 * checking that the previous key can be dropped (exit 0).
 */
import { openScriptDb } from "./db";
import { consoleIo, runIfMain, type CliIo } from "./cli";
import type { Db } from "../server/db";
import { resealLines, resealStoredSecrets } from "../server/tenants/secrets-reseal";
import { secretsKey, type SecretsKey } from "../server/tenants/secrets-key";

/** The rotation on `db` with the key `keyOf` gives, said on `io`: the exit code. */
export async function rotate(db: Db, io: CliIo, keyOf: () => SecretsKey = secretsKey): Promise<number> {
  const k = keyOf();
  if (!k.key) {
    io.err(`Nothing was done: ${k.problem}`);
    return 1;
  }
  const r = await resealStoredSecrets(db, () => k);
  const { problems } = resealLines(r);
  io.out(`Sealed again with the current key: ${r.resealed + r.plain}${r.plain ? ` (${r.plain} of them stored before encryption)` : ""}.`);
  io.out(`Already sealed with the current key: ${r.current}.`);
  io.out(`Could not be opened: ${r.unreadable.length}.`);
  for (const line of problems) io.err(line);
  return r.unreadable.length ? 1 : 0;
}

export async function main(args: string[], io: CliIo = consoleIo): Promise<number> {
  if (args.length) {
    io.err("usage: npm run secrets:rotate   (no arguments: the keys are FORECOURT_SECRETS_KEY and FORECOURT_SECRETS_KEY_PREVIOUS)");
    return 2;
  }
  const handle = await openScriptDb();
  try {
    return await rotate(handle.db, io);
  } finally {
    await handle.close();
  }
}

runIfMain(import.meta.url, main);
