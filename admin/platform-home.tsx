import { headers } from "next/headers";
import { getDb } from "../server/db";
import { listTenants } from "../server/tenants/store";
import { TableHead } from "./table-head";
import { PaymentsStatus } from "./payments-status";

/** The admin host's front page: every site and where it answers. The admin itself is at /admin. */
export async function PlatformHome() {
  const [{ db, kind }, h] = await Promise.all([getDb(), headers()]);
  const sites = await listTenants(db);
  const port = h.get("host")?.match(/:(\d+)$/)?.[1];
  const origin = (slug: string) => `http://${slug}.localhost${port ? `:${port}` : ""}/`;
  return (
    <main>
      <h1>Forecourt</h1>
      <p>
        {sites.length} dealer sites on this deployment (database: {kind}). <a href="/admin">Sign in to the admin</a> to create and edit them.
      </p>
      <PaymentsStatus />
      <table>
        <TableHead caption="Dealer sites" columns={["Site", "Address", "State"]} />
        <tbody>
          {sites.map((s) => (
            <tr key={s.slug}>
              <td>{s.name}</td>
              <td>
                <a href={origin(s.slug)}>{origin(s.slug)}</a>
              </td>
              <td>{s.archivedAt ? "archived" : s.publishedVersionId ? "published" : "draft only"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
