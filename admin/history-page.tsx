import { getDb } from "../server/db";
import { auditFor, draftFor } from "../server/admin/tenants";
import { getVersion, listVersions } from "../server/tenants/store";
import tenantSchema from "../schemas/generated/tenant.schema.json" with { type: "json" };
import { featureFlags } from "../domain/feature-flags";
import { fieldPlace } from "../domain/field-place";
import { DiffTable } from "./diff-table";
import { formatWhen } from "./format";
import { orNotFound, requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { RestoreButton } from "./restore-button.client";
import { TableHead } from "./table-head";
import styles from "./admin.module.css";

// One of a group of switches by its own label ("Fuel cost calculator", not "Calculators: Fuel cost calculator").
const FLAG_TITLES = new Map(featureFlags(tenantSchema).map((f) => [f.pointer, /^\/features\/\w+\/(?!enabled$)\w+$/.test(f.pointer) ? f.title.replace(/^[^:]+: /, "") : f.title]));
/** A feature flag by its label on the Feature flags screen ("Phone number shown from the start"). */
const flagTitle = (pointer: string) => FLAG_TITLES.get(pointer) ?? fieldPlace(pointer).replace(/^Features › /, "");

/** What an audit entry says, in words. */
export function describeAudit(action: string, detail: unknown): string {
  const d = (detail ?? {}) as {
    revision?: number; version?: number; flags?: Record<string, boolean>; slug?: string; lead?: string; round?: number;
    scheduled?: number; override?: { reason?: string }; outcome?: string; at?: string;
    dealership?: number; from?: string | null; to?: string | null; prefix?: string; label?: string | null;
  };
  switch (action) {
    case "create":
      return "created the site";
    case "save-draft":
      return `saved the draft (revision ${d.revision})`;
    case "publish":
      return `published version ${d.version}${d.scheduled ? " (scheduled)" : ""}${d.override ? `, although checks failed: “${d.override.reason}”` : ""}`;
    case "schedule-publish":
      return `scheduled revision ${d.revision} to publish at ${d.at ? formatWhen(d.at) : "?"}`;
    case "cancel-scheduled-publish":
      return "cancelled the scheduled publish";
    case "scheduled-publish-refused":
      return `scheduled publish not done. ${d.outcome?.replace(/^Not published: /, "") ?? ""}`.trim();
    case "restore":
      return `restored version ${d.version} as the draft`;
    case "flags":
      return `changed feature flags: ${Object.entries(d.flags ?? {}).map(([p, v]) => `${flagTitle(p)}: ${v ? "on" : "off"}`).join(", ")}`;
    case "archive":
      return "archived the site";
    case "unarchive":
      return "brought the site back from the archive";
    case "resend-lead":
      return `sent lead ${d.lead} again (resend ${d.round})`;
    case "upload":
      return "uploaded a picture";
    case "replace-picture":
      return "replaced a picture of the library (the draft and live site show the new one)";
    case "delete-picture":
      return "deleted a picture from the library";
    case "assign-dealership":
      return `gave dealership ${d.dealership} to ${d.to ?? "?"}${d.from ? ` (it was ${d.from}'s)` : ""}`;
    case "unassign-dealership":
      return `took dealership ${d.dealership} off ${d.from ?? "the site"}`;
    case "create-feed-key":
      return `made a feed key${d.label ? ` “${d.label}”` : ""} (${d.prefix}…) for dealership ${d.dealership}`;
    case "revoke-feed-key":
      return `revoked feed key ${d.prefix}… of dealership ${d.dealership}`;
    default:
      return action;
  }
}

/** /admin/tenants/{slug}/history: versions (author, time), a diff between any two (or the draft), restore, the audit log. */
export async function HistoryPage({ slug, a, b }: { slug: string; a?: string; b?: string }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}/history`);
  const { db } = await getDb();
  const [draft, versions, audit] = await orNotFound(() => Promise.all([draftFor(db, user, slug), listVersions(db, slug), auditFor(db, user, slug)]));
  const name = (draft.document as { identity?: { name?: string } }).identity?.name ?? slug;
  const known = new Set(versions.map((v) => String(v.number)));
  const pickOr = (value: string | undefined, fallback: string) => (value === "draft" || (value && known.has(value)) ? value : fallback);
  const newest = versions[0]?.number;
  const to = pickOr(b, "draft");
  const from = pickOr(a, newest ? String(newest) : "draft");
  const docOf = async (which: string) => (which === "draft" ? draft.document : (await getVersion(db, slug, Number(which))).document);
  const [before, after] = await Promise.all([docOf(from), docOf(to)]);
  const label = (which: string) => (which === "draft" ? "Draft" : `Version ${which}`);
  const options = [{ value: "draft", label: "The draft" }, ...versions.map((v) => ({ value: String(v.number), label: `Version ${v.number}${v.live ? " (live)" : ""}` }))];

  return (
    <AdminShell user={user}>
      <TenantNav slug={slug} current="history" user={user} />
      <h1>History of {name}</h1>
      <h2>Versions</h2>
      <div className={styles.scroll} role="region" aria-label="Versions" tabIndex={0}>
      <table className={styles.table}>
        <TableHead caption="Published versions, newest first" columns={["Version", "Published", "By", "Note", { hidden: "Restore" }]} />
        <tbody>
          {versions.map((v) => (
            <tr key={v.number} data-version={v.number}>
              <td>
                {v.number} {v.live ? <span className={styles.tagOk}>Live</span> : null}
              </td>
              <td>
                <time dateTime={v.createdAt.toISOString()}>{formatWhen(v.createdAt)}</time>
              </td>
              <td>{v.createdBy}</td>
              <td>
                {v.note ?? ""}
                {v.restoredFrom ? <small> Restored from version {v.restoredFrom}.</small> : null}
              </td>
              <td>
                <RestoreButton slug={slug} version={v.number} revision={draft.revision} draftHasChanges={draft.unpublishedChanges} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {versions.length ? null : <p>Nothing has been published yet.</p>}

      <h2 id="compare">Compare</h2>
      <form action="#compare" className={styles.toolbar} method="get">
        <label htmlFor="a">From</label>
        <VersionSelect id="a" value={from} options={options} />
        <label htmlFor="b">to</label>
        <VersionSelect id="b" value={to} options={options} />
        <button type="submit" className={styles.buttonSecondary}>
          Compare
        </button>
      </form>
      <p>
        Changes from {label(from).toLowerCase()} to {label(to).toLowerCase()}:
      </p>
      <DiffTable before={before} after={after} beforeLabel={label(from)} afterLabel={label(to)} />

      <h2>Audit log</h2>
      <div className={styles.scroll} role="region" aria-label="Audit log" tabIndex={0}>
      <table className={styles.table}>
        <TableHead caption="Who changed, published or restored what, newest first" columns={["When", "Who", "What"]} />
        <tbody>
          {audit.map((e, i) => (
            <tr key={i}>
              <td>
                <time dateTime={e.at.toISOString()}>{formatWhen(e.at)}</time>
              </td>
              <td>{e.actor}</td>
              <td>{describeAudit(e.action, e.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </AdminShell>
  );
}

/** One end of the comparison: a version, the draft or the live site. */
function VersionSelect({ id, value, options }: { id: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <select id={id} name={id} defaultValue={value} className={styles.input}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
