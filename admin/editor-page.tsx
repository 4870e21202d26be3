import { headers } from "next/headers";
import { getDb } from "../server/db";
import { draftFor } from "../server/admin/tenants";
import { createPreviewToken, previewDealerships, previewUrl } from "../server/admin/preview";
import { sampleVehicleSlug } from "../server/inventory/vdp";
import { formatWhen } from "./format";
import { orNotFound, requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { Editor } from "./editor/editor.client";
import { ArchiveButton } from "./archive-button.client";
import styles from "./admin.module.css";

/** /admin/tenants/{slug}: the draft editor with its preview. */
export async function EditorPage({ slug }: { slug: string }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}`);
  const [{ db }, h] = await Promise.all([getDb(), headers()]);
  const draft = await orNotFound(() => draftFor(db, user, slug));
  const { token } = await createPreviewToken(db, user, slug);
  const origin = previewUrl(slug, token, h.get("host")).replace(/\/preview\/.*$/, "");
  const name = (draft.document as { identity?: { name?: string } }).identity?.name ?? slug;
  // The car the preview opens a vehicle page with: one of the dealerships the preview shows.
  const sampleCar = await previewDealerships(db, slug, draft.document as { dealerships: { id: number }[] })
    .then((doc) => sampleVehicleSlug(db, doc))
    .catch(() => null);
  return (
    <AdminShell user={user} wide>
      <TenantNav slug={slug} current="edit" user={user} />
      <h1 style={{ margin: "0 0 0.25rem" }}>{name}</h1>
      <Editor
        slug={slug}
        name={name}
        role={user.role}
        document={draft.document as Record<string, unknown>}
        revision={draft.revision}
        errors={draft.errors}
        preview={{ origin, token }}
        sampleCar={sampleCar}
        live={draft.published ? { number: draft.published.number, when: formatWhen(draft.published.createdAt), by: draft.published.createdBy } : null}
        unpublishedChanges={draft.unpublishedChanges}
        liveUrl={`${origin}/`}
      >
        {draft.archived ? <p className={styles.notice}>This site is archived: it is not served until staff bring it back.</p> : null}
        {user.role === "staff" ? (
          <p>
            <ArchiveButton slug={slug} name={name} archived={draft.archived} />
          </p>
        ) : null}
      </Editor>
    </AdminShell>
  );
}
