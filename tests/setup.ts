/**
 * Runs before every vitest test file (vitest.config.ts `setupFiles`).
 *
 * Passwords hash with scrypt's cheapest accepted parameters (N = 2^10: 1 MiB, about a millisecond)
 * instead of the production N = 2^17 (128 MiB, a few hundred milliseconds per hash). Production
 * code never calls this; server/admin/accounts.test.ts asserts the production defaults.
 */
import { beforeAll } from "vitest";
import { setScryptParamsForTests } from "../server/admin/passwords";
import { dynamicImportsLoaded } from "./next-dynamic";

export const TEST_SCRYPT_PARAMS = Object.freeze({ log2N: 10, r: 8, p: 1 });
setScryptParamsForTests(TEST_SCRYPT_PARAMS);

// Challenges (server/http/challenge.ts) are signed with this key instead of one made in DATA_DIR.
process.env.FORECOURT_SECRET ||= "forecourt-test-secret";
// Site secrets (server/tenants/secrets-key.ts) are sealed with this key on both databases, instead of one made in DATA_DIR.
process.env.FORECOURT_SECRETS_KEY ||= "0f".repeat(32);

// A block's client part behind next/dynamic (tests/next-dynamic.tsx) has loaded before the file's tests render it.
beforeAll(() => dynamicImportsLoaded());
