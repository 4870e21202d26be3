import { commentsOf, tradedCar, type LeadContext } from "./adf";
import { stripControls } from "./text";

export interface LeadEmail {
  subject: string;
  text: string;
}

// Header values must stay on one line (no header injection through a name or a category).
const oneLine = (s: string, max = 200) => stripControls(s).replace(/[\r\n\t\u0000-\u001f\u007f]+/g, " ").trim().slice(0, max);

/**
 * The plain-text e-mail a dealership receives for a lead (stored in the outbox row as it will be sent).
 * Lead text loses terminal escape sequences and control characters other than tab and newline.
 */
export function buildLeadEmail(ctx: LeadContext): LeadEmail {
  const { lead, vehicle: v } = ctx;
  const f = lead.fields;
  const who = [f.first_name, f.last_name].filter(Boolean).join(" ");
  const traded = tradedCar(lead);
  const car = v ? `${v.year} ${v.make} ${v.model}${v.badge ? ` ${v.badge}` : ""} (stock ${v.stocknum})` : "";
  const subject = oneLine(`${lead.category}${car ? ` — ${car}` : ""} — ${who}`);
  const rows: [string, unknown][] = [
    ["Lead", ctx.leadId],
    ["Site", `${ctx.site.name} (${ctx.site.slug})`],
    ["Dealership", `${ctx.dealership.name} (${ctx.dealership.id})`],
    ["Received", ctx.createdAt.toISOString()],
    ["Name", who],
    ["E-mail", f.email],
    ["Phone", f.phone],
    ["Postcode", f.postcode],
    // A trade-in lead names the car being bought (when it started from one) and the car traded in.
    ["Vehicle", car || (traded ? "" : [f.vehicle_year, f.vehicle_make, f.vehicle_model].filter(Boolean).join(" "))],
    ["VIN", v?.vin],
    ["Trade-in vehicle", traded ?? undefined],
    ["Page", lead.url],
  ];
  const text = [
    ...rows.filter(([, value]) => value !== undefined && value !== "").map(([label, value]) => `${label}: ${value}`),
    "",
    commentsOf(lead),
    "",
    lead.lead_attributes?.visited_pages?.length ? `Pages visited:\n${lead.lead_attributes.visited_pages.map((p) => `  ${p}`).join("\n")}` : "",
  ]
    .join("\n")
    .trimEnd();
  return { subject, text: `${stripControls(text)}\n` };
}
