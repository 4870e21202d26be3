import { forbidden } from "next/navigation";
import { headers } from "next/headers";
import { getDb } from "../server/db";
import { wizardOptions } from "../server/admin/tenants";
import { requireAdmin } from "./session";
import { AdminShell } from "./shell";
import { NewSiteWizard } from "./new-site-wizard.client";

/** /admin/new: staff only. */
export async function NewSitePage() {
  const user = await requireAdmin("/admin/new");
  if (user.role !== "staff") forbidden();
  const [{ db }, h] = await Promise.all([getDb(), headers()]);
  const options = await wizardOptions(db, user);
  // Only dealerships no site has yet can go to a new one; those with stock first.
  const free = options.dealerships
    .filter((d) => d.tenant === null)
    .sort((a, b) => b.stock - a.stock || b.vehicles - a.vehicles || a.id - b.id)
    .map(({ id, name, stock, vehicles }) => ({ id, name, stock, vehicles }));
  return (
    <AdminShell user={user}>
      <p>
        <a href="/admin">All sites</a>
      </p>
      <h1>New dealer site</h1>
      <NewSiteWizard makes={options.makes} dealerships={free} port={h.get("host")?.match(/:(\d+)$/)?.[1] ?? ""} />
    </AdminShell>
  );
}
