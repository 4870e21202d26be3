import { forbidden } from "next/navigation";
import { headers } from "next/headers";
import { getDb } from "../server/db";
import { tenantList } from "../server/admin/tenants";
import { requireAdmin } from "./session";
import { AdminShell } from "./shell";
import { NewSiteWizard } from "./new-site-wizard.client";

/** /admin/new: staff only. */
export async function NewSitePage() {
  const user = await requireAdmin("/admin/new");
  if (user.role !== "staff") forbidden();
  const [{ db }, h] = await Promise.all([getDb(), headers()]);
  const templates = (await tenantList(db, user)).filter((t) => !t.archived).map((t) => ({ slug: t.slug, name: t.name }));
  return (
    <AdminShell user={user}>
      <p>
        <a href="/admin">All sites</a>
      </p>
      <h1>New dealer site</h1>
      <NewSiteWizard templates={templates} port={h.get("host")?.match(/:(\d+)$/)?.[1] ?? ""} />
    </AdminShell>
  );
}
