import { getDb } from "../db";
import { parseHost } from "../../domain/hosts";
import { getLiveDocument, PUBLISHED_CHANNEL, slugForDomain, type LiveDocument } from "./store";

// Live documents by slug and slugs by custom domain, kept until a publish is announced on
// PUBLISHED_CHANNEL (from this process or any other sharing the database) — or, when the database
// connection that hears those announcements was lost and is back, all of them (a publish made
// meanwhile was not heard).
const documents = new Map<string, Promise<LiveDocument | null>>();
const domains = new Map<string, Promise<string | null>>();
const MAX_DOMAINS = 5000;
let listening: Promise<void> | undefined;

export function dropTenant(slug: string) {
  documents.delete(slug);
  domains.clear();
}

/** Forgets every cached document and domain. */
export function dropAllTenants() {
  documents.clear();
  domains.clear();
}

async function ensureListening() {
  listening ??= getDb()
    .then(async (h) => {
      await h.listen(PUBLISHED_CHANNEL, dropTenant);
      h.onReconnect(dropAllTenants);
    })
    .catch((e) => {
      listening = undefined;
      throw e;
    });
  return listening;
}

function remember<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let hit = map.get(key);
  if (!hit) {
    hit = load();
    map.set(key, hit);
    hit.catch(() => map.delete(key));
  }
  return hit;
}

export async function liveTenant(slug: string): Promise<LiveDocument | null> {
  await ensureListening();
  return remember(documents, slug, async () => getLiveDocument((await getDb()).db, slug));
}

/** The live document of the site a Host header names; null for the admin host or an unknown site. */
export async function tenantForHost(host: string | null | undefined): Promise<LiveDocument | null> {
  const target = parseHost(host);
  if (!target || target.kind === "admin") return null;
  if (target.kind === "slug") return liveTenant(target.slug);
  await ensureListening();
  // Unknown hosts are remembered too (as null) so a flood of them does not reach the database.
  if (domains.size >= MAX_DOMAINS) domains.clear();
  const slug = await remember(domains, target.domain, async () => slugForDomain((await getDb()).db, target.domain));
  return slug ? liveTenant(slug) : null;
}
