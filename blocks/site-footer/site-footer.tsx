import { locationCallDepartment } from "../../domain/analytics-standards";
import { formatCallNumber, telHref } from "../../domain/phone";
import { addressLine, shownLocations as shown } from "../../domain/locations";
import { hoursOn } from "../../domain/opening-hours";
import { licenceRows, locationHref } from "../_shared/location";
import type { Location, TenantDocument } from "../../schemas/generated/tenant";
import type { BlockComponent } from "../../renderer/types";
import { FooterView, type FooterLocation } from "./site-footer.client";
import { SOCIAL_NETWORKS } from "./social";
import { dateTimeFormat } from "../../domain/intl";
import { siteAnalytics } from "../../domain/analytics-standards";

function currentYear(timeZone: string, now = new Date()): string {
  return dateTimeFormat("en-AU", { timeZone, year: "numeric" }).format(now);
}

/** "Today: 8.30am to 5.30pm" (holiday hours respected); null for a location that publishes no hours. */
function todaysHours(location: Location, now: Date, timeZone: string): string | null {
  const today = hoursOn(location, now, timeZone);
  if (today.status === "unknown") return null;
  return `Today: ${today.hours}${today.holiday ? ` (${today.holiday})` : ""}`;
}

function footerLocation(location: Location, tenant: TenantDocument, now: Date): FooterLocation {
  const { footer, identity } = tenant;
  const phone = location.contact_detail?.phone ?? location.contact_detail?.landline_phone;
  return {
    id: location.id,
    name: location.name,
    href: footer.locationLinks !== false ? locationHref(location) : null,
    address: addressLine(location.address),
    ...(phone ? { call: { href: telHref(phone), text: formatCallNumber(phone, identity.locale), department: locationCallDepartment(location) } } : {}),
    today: footer.locationHours !== false ? todaysHours(location, now, identity.timeZone) : null,
    licences: licenceRows(location, identity.locale),
  };
}

/**
 * The site footer. The server works out what it says (today's hours, formatted numbers, which
 * networks); FooterView, a client component, draws it. The page's payload then carries this short
 * description instead of the footer's whole element tree, which for a group with fifteen locations
 * was 18 KB of every page.
 */
const SiteFooter: BlockComponent<"site-footer"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const { identity, footer } = tenant;
  const now = new Date();
  return (
    <FooterView
      id={id}
      groups={footer.groups ?? []}
      locations={props.showLocations ? shown(tenant.locations).map((l) => footerLocation(l, tenant, now)) : []}
      dealer={identity.name}
      group={identity.groupName && identity.groupName !== identity.name ? identity.groupName : null}
      social={props.showSocial ? SOCIAL_NETWORKS.flatMap((n) => (identity.social?.[n.key] ? [{ key: n.key, href: identity.social[n.key]! }] : [])) : []}
      legal={footer.legalLinks ?? []}
      text={footer.text ?? null}
      copyright={`© ${currentYear(identity.timeZone, now)} ${identity.name}`}
      cookieSettings={siteAnalytics(tenant) !== null}
    />
  );
};

export default SiteFooter;
