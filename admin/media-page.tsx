import { getDb } from "../server/db";
import { listMedia } from "../server/admin/media";
import { draftFor } from "../server/admin/tenants";
import { orNotFound, requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { MediaLibrary, type LibraryEntry } from "./media-library.client";

/** /admin/tenants/{slug}/media: the site's pictures — alt text, replace, delete when unused, add. */
export async function MediaPage({ slug }: { slug: string }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}/media`);
  const { db } = await getDb();
  const [draft, media] = await orNotFound(() => Promise.all([draftFor(db, user, slug), listMedia(db, user, slug)]));
  const name = (draft.document as { identity?: { name?: string } }).identity?.name ?? slug;
  const entries: LibraryEntry[] = media.map((m) => ({ ...m, uploadedAt: m.uploadedAt.toISOString() }));
  return (
    <AdminShell user={user}>
      <TenantNav slug={slug} current="media" user={user} />
      <h1>Picture library of {name}</h1>
      <p>
        Every picture uploaded for this site. Describe each one once here: the editor proposes this text wherever the picture is chosen. Replacing
        a picture shows the new one everywhere the site uses it, the live site included.
      </p>
      <MediaLibrary slug={slug} initial={entries} />
    </AdminShell>
  );
}
