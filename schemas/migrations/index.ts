/**
 * Document migrations: how a tenant document written for an older `schemaVersion` is brought up to
 * the current one before it is validated (tenant store, seed, npm run validate, npm run export-tenants).
 *
 * Each migration lives in `schemas/migrations/NNN-name.ts`, where NNN is the schemaVersion it
 * produces, and default-exports a pure `(doc) => doc` function; it is listed below, in order. The
 * current version is the `const` of `schemaVersion` in schemas/tenant.schema.json, which the last
 * migration must produce (index.test.ts checks it).
 */
import tenantSchema from "../tenant.schema.json";

/** One step: turns a document of schemaVersion `version - 1` into one of `version`. */
export interface Migration {
  /** The schemaVersion this migration produces. */
  version: number;
  /** Its file name without extension, e.g. "002-hero-image-alt". */
  name: string;
  /** Pure: returns a new document and never changes the one it is given. */
  migrate: (doc: Record<string, unknown>) => Record<string, unknown>;
}

/** The schemaVersion the code understands (and writes). */
export const SCHEMA_VERSION: number = tenantSchema.properties.schemaVersion.const;

/** Every migration, oldest first. None yet: version 1 is the first schema. */
export const MIGRATIONS: readonly Migration[] = [];

export interface MigrationResult {
  /** The document at schemaVersion `to` (the input itself when nothing was applied). */
  document: unknown;
  /** The document's schemaVersion as read; null when it has none (validation reports that). */
  from: number | null;
  to: number | null;
  /** The names of the migrations applied, in order. */
  applied: string[];
}

/** A document this code cannot bring to the current version (written by a newer Forecourt, say). */
export class DocumentMigrationError extends Error {
  readonly pointer = "/schemaVersion";
}

/**
 * Brings `doc` to the latest schemaVersion by applying, in order, each migration newer than the
 * document's version. Never changes `doc`. A document that is not an object or has no integer
 * schemaVersion is returned as it is (validation says what is wrong). Throws a
 * DocumentMigrationError for a version newer than the latest, or older than the oldest migration
 * knows.
 */
export function migrateDocument(doc: unknown, migrations: readonly Migration[] = MIGRATIONS, latest = SCHEMA_VERSION): MigrationResult {
  migrations.forEach((m, i) => {
    const expected = latest - migrations.length + 1 + i;
    if (m.version !== expected) throw new Error(`Migration ${m.name} produces schemaVersion ${m.version}; it must be ${expected} (the list ends at ${latest}).`);
  });
  const from = doc && typeof doc === "object" && !Array.isArray(doc) ? (doc as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (typeof from !== "number" || !Number.isInteger(from)) return { document: doc, from: null, to: null, applied: [] };
  const oldest = latest - migrations.length;
  if (from > latest) {
    throw new DocumentMigrationError(`schemaVersion ${from} is newer than this version of Forecourt understands (${latest}); it was written by a newer release.`);
  }
  if (from < oldest) {
    throw new DocumentMigrationError(`schemaVersion ${from} is older than any migration reaches (the oldest is ${oldest}, the current ${latest}).`);
  }
  const pending = migrations.slice(from - oldest);
  if (!pending.length) return { document: doc, from, to: from, applied: [] };
  // Each migration works on a copy, so even a careless one cannot change the caller's document.
  let current = structuredClone(doc) as Record<string, unknown>;
  for (const m of pending) {
    const next = m.migrate(current);
    if (!next || typeof next !== "object" || Array.isArray(next)) throw new Error(`Migration ${m.name} did not return a document.`);
    current = { ...next, schemaVersion: m.version };
  }
  return { document: current, from, to: latest, applied: pending.map((m) => m.name) };
}
