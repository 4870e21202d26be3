import { getDb } from "../server/db";
import { draftFor, FLAGS } from "../server/admin/tenants";
import { flagValues } from "../domain/feature-flags";
import { orNotFound, requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { FlagsForm } from "./flags-form.client";
import { EventSecretsForm } from "./event-secrets-form.client";
import { eventSecretStatus } from "../server/tenants/event-secrets";
import { formatWhen } from "./format";
import styles from "./admin.module.css";

/** /admin/tenants/{slug}/flags: the site's feature flags, toggled and published in one step. */
export async function FlagsPage({ slug }: { slug: string }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}/flags`);
  const { db } = await getDb();
  const draft = await orNotFound(() => draftFor(db, user, slug));
  const name = (draft.document as { identity?: { name?: string } }).identity?.name ?? slug;
  return (
    <AdminShell user={user}>
      <TenantNav slug={slug} current="flags" user={user} />
      <h1>Feature flags of {name}</h1>
      <p>Switch features on or off, then publish: the site changes at once.</p>
      <p>
        The vehicle ads feeds leave out any vehicle missing what the feed requires: see which, and why, in <a href={`/admin/tenants/${slug}/feeds`}>Ads feeds</a>.
      </p>
      {draft.unpublishedChanges && draft.published ? (
        <p className={styles.notice}>The draft has other unpublished changes. Publishing the flags publishes those changes too.</p>
      ) : null}
      <FlagsForm slug={slug} flags={FLAGS} values={flagValues(FLAGS, draft.document)} revision={draft.revision} />
      <h2 id="lead-event-secrets">Secrets for server-side lead events</h2>
      <p>
        With “Analytics and advertising: Send leads server-side too” on, each lead whose visitor agreed is also sent to GA4 (needs the measurement ID and an API
        secret: GA4 Admin, Data streams, Measurement Protocol API secrets) and to Meta (needs the pixel ID and a Conversions API access token). The secrets are
        kept apart from the site’s settings and are never shown again once saved.
      </p>
      <EventSecretsForm
        slug={slug}
        secrets={(await eventSecretStatus(db, slug)).map((s) => ({ name: s.name, label: s.label, set: s.set, unreadable: s.unreadable, changed: s.updatedAt ? `${formatWhen(s.updatedAt)} by ${s.updatedBy}` : null }))}
      />
    </AdminShell>
  );
}
