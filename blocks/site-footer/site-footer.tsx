import type { ReactNode } from "react";
import { formatCallNumber, telHref } from "../../domain/phone";
import { shownLocations as shown } from "../../domain/locations";
import { hoursOn } from "../../domain/opening-hours";
import { LicenceNumbers, locationHref } from "../_shared/location";
import type { Link, Location } from "../../schemas/generated/tenant";
import type { BlockComponent } from "../../renderer/types";
import styles from "./site-footer.module.css";

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

function FooterLink({ link }: { link: Link }) {
  return (
    <a href={link.href} {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {link.label}
      {link.newTab ? <span className="fc-visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}

const icon = (d: ReactNode) => (
  <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
    {d}
  </svg>
);

const socialNetworks = [
  {
    key: "facebook_url",
    name: "Facebook",
    icon: icon(<path fill="currentColor" d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4V10.5H8v3h2.5V21z" />),
  },
  {
    key: "instagram_url",
    name: "Instagram",
    icon: icon(
      <g fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
      </g>,
    ),
  },
  {
    key: "youtube_url",
    name: "YouTube",
    icon: icon(
      <>
        <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
        <path d="M10 9v6l5.2-3z" fill="var(--fc-footer-bg)" />
      </>,
    ),
  },
] as const;

function currentYear(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-AU", { timeZone, year: "numeric" }).format(now);
}

/** "Today: 8.30am to 5.30pm" (holiday hours respected); nothing for a location that publishes no hours. */
function TodaysHours({ location, now, timeZone }: { location: Location; now: Date; timeZone: string }) {
  const today = hoursOn(location, now, timeZone);
  if (today.status === "unknown") return null;
  return (
    <span className={styles.today}>
      Today: {today.hours}
      {today.holiday ? ` (${today.holiday})` : ""}
    </span>
  );
}

const SiteFooter: BlockComponent<"site-footer"> = ({ id, props, ctx }) => {
  const { identity, footer, locations } = ctx.tenant;
  const groups = footer.groups ?? [];
  const legal = footer.legalLinks ?? [];
  const shownLocations = props.showLocations ? shown(locations) : [];
  const now = new Date();
  const social = props.showSocial ? socialNetworks.filter((n) => identity.social?.[n.key]) : [];
  const locationsHeading = `${id}-locations`;

  return (
    <footer className={styles.footer}>
      {groups.length || shownLocations.length ? (
        <div className={cx("fc-container", styles.columns)}>
          {groups.length ? (
            <nav className={styles.groups} aria-label="Footer">
              {groups.map((group, g) => (
                <div className={styles.group} key={`${g}-${group.title}`}>
                  <h2 className={styles.heading} id={`${id}-group-${g}`}>
                    {group.title}
                  </h2>
                  <ul className={styles.list} aria-labelledby={`${id}-group-${g}`}>
                    {group.links.map((link) => (
                      <li key={link.href + link.label}>
                        <FooterLink link={link} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
          ) : null}
          {shownLocations.length ? (
            <section className={styles.locations} aria-labelledby={locationsHeading}>
              <h2 className={styles.heading} id={locationsHeading}>
                Locations
              </h2>
              <ul className={styles.list}>
                {shownLocations.map((location) => {
                  const phone = location.contact_detail?.phone ?? location.contact_detail?.landline_phone;
                  const a = location.address;
                  return (
                    <li className={styles.location} key={location.id}>
                      {footer.locationLinks !== false ? (
                        <a className={styles.locationName} href={locationHref(location)}>
                          {location.name}
                        </a>
                      ) : (
                        <span className={styles.locationName}>{location.name}</span>
                      )}
                      <span className={styles.address}>
                        {a.street}, {a.city} {a.state} {a.postcode}
                      </span>
                      {phone ? (
                        <a href={telHref(phone)}>
                          <span className="fc-visually-hidden">Call {location.name} on </span>
                          {formatCallNumber(phone, identity.locale)}
                        </a>
                      ) : null}
                      {footer.locationHours !== false ? <TodaysHours location={location} now={now} timeZone={identity.timeZone} /> : null}
                      <LicenceNumbers location={location} className={styles.licences} />
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
      <div className={cx("fc-container", styles.bottom)}>
        <p className={styles.dealer}>
          <span className={styles.dealerName}>{identity.name}</span>
          {identity.groupName && identity.groupName !== identity.name ? <span> · {identity.groupName}</span> : null}
        </p>
        {social.length ? (
          <ul className={styles.social}>
            {social.map((network) => (
              <li key={network.key}>
                <a href={identity.social?.[network.key]} aria-label={`${identity.name} on ${network.name}`}>
                  {network.icon}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {legal.length ? (
          <nav aria-label="Legal">
            <ul className={styles.legal}>
              {legal.map((link) => (
                <li key={link.href + link.label}>
                  <FooterLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {footer.text ? <p className={styles.text}>{footer.text}</p> : null}
        <p className={styles.copyright}>
          © {currentYear(identity.timeZone)} {identity.name}
        </p>
      </div>
    </footer>
  );
};

export default SiteFooter;
