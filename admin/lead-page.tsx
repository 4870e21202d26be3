import type { ReactNode } from "react";
import { getDb } from "../server/db";
import { FORM_LABELS } from "../server/leads/inbox";
import { leadDetail, type DeliveryAttempt } from "../server/leads/inbox-lead";
import type { Lead } from "../server/leads/validation";
import { formatWhen } from "./format";
import { StatusTag } from "./leads-page";
import { orNotFound, requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { ResendButton } from "./resend-button.client";
import { TableHead } from "./table-head";
import styles from "./admin.module.css";

// The form fields a person reads, in this order; the rest get a label made from their name.
const FIELD_LABELS: Record<string, string> = {
  postcode: "Postcode",
  state: "State",
  preferred_contact_method: "Preferred contact",
  preferred_date: "Preferred date",
  vehicle_price_budget: "Budget ($)",
  finance: "Wants finance",
  trade_in: "Has a trade-in",
  rego: "Registration",
  vehicle_vin: "VIN",
  odometer: "Odometer (km)",
  car_condition: "Condition",
  service_history: "Service history",
  number_of_keys: "Keys",
  offer_price: "Trade-in offer ($)",
  offer_status: "Trade-in offer",
  service_type: "Service",
  service_interval: "Service interval",
  tyres_replacement: "Tyres to replace",
  comments: "Comments",
  deposit_amount: "Deposit paid",
  hold_until: "Car held until",
  purchase_payment: "Paying by",
  purchase_delivery: "Pick-up or delivery",
  opt_in: "Wants news and offers",
};
// Shown elsewhere on the page, or of no use to a dealer.
const SHOWN = new Set(["first_name", "last_name", "email", "phone", "message", "payment_reference", "vehicle_make", "vehicle_model", "vehicle_year", "stock_number", "terms_conditions", "page_id", "page_title", "location_id", "dealership_slug", "manufacturer_slug", "sms_content", "sms_from", "car_type", "vehicle_status"]);

const words = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
const shown = (v: unknown) => (typeof v === "boolean" ? (v ? "Yes" : "No") : Array.isArray(v) ? v.join(", ") : String(v));

/** The lead's other fields as [label, value], known ones first. */
function otherFields(fields: Record<string, unknown>): [string, string][] {
  // Consent is shown as answered, or as not asked (a form without the opt-in box records none).
  if (fields.opt_in === undefined) fields = { ...fields, opt_in: "Not asked" };
  const keys = Object.keys(fields).filter((k) => !SHOWN.has(k) && fields[k] !== undefined && fields[k] !== "");
  const known = Object.keys(FIELD_LABELS).filter((k) => keys.includes(k));
  return [...known, ...keys.filter((k) => !(k in FIELD_LABELS))].map((k) => [FIELD_LABELS[k] ?? words(k), shown(fields[k])]);
}

const CHANNEL = { email: "E-mail", adf: "ADF to the CRM", buyer: "Confirmation to the buyer", alert: "Search alert to the shopper", ga4: "Lead event to Google Analytics", meta: "Lead event to Meta" } as const;

/** One attempt's state in words. */
export function attemptState(d: Pick<DeliveryAttempt, "status" | "attempts" | "lastError">): string {
  switch (d.status) {
    case "sent":
      return "Sent";
    case "kept":
      return d.lastError ? `Not sent: ${d.lastError}` : "Kept in the outbox (no mail server is set up)";
    case "dead":
      return `Failed: gave up after ${d.attempts} attempts`;
    case "replaced":
      return "Stopped: replaced by a resend";
    default:
      return d.attempts ? "Failed, trying again" : "Waiting to be sent";
  }
}

/** /admin/tenants/{slug}/leads/{id}: one lead in plain labels, its delivery attempts and a resend. */
export async function LeadPage({ slug, id }: { slug: string; id: string }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}/leads/${id}`);
  const { db } = await getDb();
  const { site, lead, payload, deliveries } = await orNotFound(() => leadDetail(db, user, slug, id));
  const fields = (payload.fields ?? {}) as Partial<Lead["fields"]> & Record<string, unknown>;
  const when = (at: Date) => <time dateTime={at.toISOString()}>{formatWhen(at, site.timeZone)}</time>;
  const facts: [string, ReactNode][] = [
    ["Name", lead.name || "(no name)"],
    ["E-mail", lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : ""],
    ["Phone", lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>{lead.phone}</a> : ""],
    ["Vehicle", lead.vehicle ? `${lead.vehicle}${lead.stockNumber ? ` (stock ${lead.stockNumber})` : ""}` : ""],
    ["Trade-in vehicle", lead.tradeIn],
    ["Message", lead.message],
    ["Form", `${FORM_LABELS[lead.form] ?? lead.form}${lead.category ? ` (${lead.category}${payload.subcategory ? `, ${payload.subcategory}` : ""})` : ""}`],
    ["Received", when(lead.receivedAt)],
    ["Dealership", lead.dealership],
    ["Payment reference", lead.paymentReference],
    ["Sent from page", payload.url ?? ""],
    ...otherFields(fields),
  ];
  const lastRound = deliveries[0]?.round;

  return (
    <AdminShell user={user}>
      <TenantNav slug={slug} current="leads" user={user} />
      <p>
        <a href={`/admin/tenants/${slug}/leads`}>← All leads of {site.name}</a>
      </p>
      <h1>Lead from {lead.name || "a visitor"}</h1>
      <p>
        <StatusTag status={lead.status} nextTry={lead.nextTry} timeZone={site.timeZone} />
      </p>
      <dl className={styles.facts}>
        {facts
          .filter(([, v]) => v !== "" && v !== undefined && v !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>

      <h2>Delivery</h2>
      {deliveries.length ? (
        <>
          <div className={styles.scroll} role="region" aria-label="Delivery attempts" tabIndex={0}>
            <table className={styles.table}>
              <TableHead caption="Delivery attempts, newest first" columns={["Sending", "Channel", "To", "State", "Attempts", "When"]} />
              <tbody>
                {deliveries.map((d) => (
                  <tr key={d.id} data-round={d.round} data-channel={d.channel} data-status={d.status} data-failed={d.lastError ? "" : undefined}>
                    <td>{d.round === 0 ? "First" : `Resend ${d.round}`}</td>
                    <td>{CHANNEL[d.channel]}</td>
                    <td className={styles.breakAnywhere}>{d.target ?? "(no address)"}</td>
                    <td>
                      {attemptState(d)}
                      {d.lastError && d.status !== "kept" ? (
                        <>
                          <br />
                          <small>Last error: {d.lastError}</small>
                        </>
                      ) : null}
                    </td>
                    <td>{d.attempts}</td>
                    <td>
                      Queued {when(d.createdAt)}
                      {d.sentAt ? <> · sent {when(d.sentAt)}</> : d.status === "pending" ? <> · next try {when(d.nextAttemptAt)}</> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ResendButton slug={slug} id={lead.id} waiting={deliveries.some((d) => d.round === lastRound && d.status === "pending" && !d.attempts)} />
        </>
      ) : (
        <p>Nothing was sent: the visitor did not finish the form, so there is nothing to deliver.</p>
      )}
    </AdminShell>
  );
}
