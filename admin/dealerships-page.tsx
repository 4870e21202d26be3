import { forbidden } from "next/navigation";
import { getDb } from "../server/db";
import { listDealerships } from "../server/admin/dealerships";
import { feedKeys } from "../server/admin/feed-keys";
import { tenantList } from "../server/admin/tenants";
import { requireAdmin } from "./session";
import { AdminShell } from "./shell";
import { DealershipDirectory, type DirectoryRow } from "./dealership-directory.client";

/** /admin/dealerships: staff only. Every dealership, its site, stock, last feed and feed keys. */
export async function DealershipsPage() {
  const user = await requireAdmin("/admin/dealerships");
  if (user.role !== "staff") forbidden();
  const { db } = await getDb();
  const [rows, keys, sites] = await Promise.all([listDealerships(db, user), feedKeys(db, user), tenantList(db, user)]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const initial: DirectoryRow[] = rows.map((r) => ({
    id: r.id, name: r.name, tenant: r.tenant, stock: r.stock, vehicles: r.vehicles, lastFeedAt: iso(r.lastFeedAt),
    keys: keys.filter((k) => k.dealershipId === r.id).map((k) => ({ id: k.id, label: k.label, prefix: k.prefix, createdAt: k.createdAt.toISOString(), lastUsedAt: iso(k.lastUsedAt) })),
  }));
  return (
    <AdminShell user={user} wide>
      <p>
        <a href="/admin">All sites</a>
      </p>
      <h1>Dealerships</h1>
      <p>
        Every dealership on the platform: the site it belongs to (its stock and leads go there), its cars in stock, when its feed last changed a
        car, and the keys its feed signs in with.
      </p>
      <DealershipDirectory initial={initial} sites={sites.map((s) => ({ slug: s.slug, name: s.name, archived: s.archived }))} />
    </AdminShell>
  );
}
