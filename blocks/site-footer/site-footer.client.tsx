"use client";

import type { ReactNode } from "react";
import type { Link } from "../../schemas/generated/tenant";
import { SOCIAL_NETWORKS, type SocialNetwork } from "./social";
import { openConsentBanner } from "../../renderer/standard-analytics";
import { CALL_DEPARTMENT_ATTR, type CallDepartment } from "../../domain/analytics-standards";
import styles from "./site-footer.module.css";

/**
 * The site footer drawn from what the server worked out (site-footer.tsx). A client component so that
 * the page's payload carries these props rather than the footer's element tree; it has no state.
 */

export interface FooterLocation {
  id: number;
  name: string;
  /** Its location page; null when the footer does not link locations. */
  href: string | null;
  address: string;
  call?: { href: string; text: string; department: CallDepartment };
  /** "Today: …"; null when the footer leaves hours out or the location publishes none. */
  today: string | null;
  licences: string[];
}

const icon = (d: ReactNode) => (
  <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
    {d}
  </svg>
);

const ICONS: Record<SocialNetwork, ReactNode> = {
  facebook_url: icon(<path fill="currentColor" d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4V10.5H8v3h2.5V21z" />),
  instagram_url: icon(
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </g>,
  ),
  youtube_url: icon(
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9v6l5.2-3z" fill="var(--fc-footer-bg)" />
    </>,
  ),
};

function FooterLink({ link }: { link: Link }) {
  return (
    <a href={link.href} {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {link.label}
      {link.newTab ? <span className="fc-visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}

function LocationItem({ location }: { location: FooterLocation }) {
  return (
    <li className={styles.location}>
      {location.href ? (
        <a className={styles.locationName} href={location.href}>
          {location.name}
        </a>
      ) : (
        <span className={styles.locationName}>{location.name}</span>
      )}
      <span className={styles.address}>{location.address}</span>
      {location.call ? (
        <a href={location.call.href} {...{ [CALL_DEPARTMENT_ATTR]: location.call.department }}>
          <span className="fc-visually-hidden">{`Call ${location.name} on `}</span>
          {location.call.text}
        </a>
      ) : null}
      {location.today ? <span className={styles.today}>{location.today}</span> : null}
      {location.licences.length ? (
        <p className={styles.licences}>
          {location.licences.map((row) => (
            <span key={row} className={styles.licence}>
              {row}
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

export function FooterView(props: {
  id: string;
  groups: { title: string; links: Link[] }[];
  locations: FooterLocation[];
  dealer: string;
  group: string | null;
  social: { key: SocialNetwork; href: string }[];
  legal: Link[];
  text: string | null;
  copyright: string;
  /** The site asks for cookie consent (a GA4 or pixel id): a button reopens the banner. */
  cookieSettings?: boolean;
}) {
  const { id, groups, locations, legal } = props;
  const locationsHeading = `${id}-locations`;
  return (
    <footer className={styles.footer}>
      {groups.length || locations.length ? (
        <div className={`fc-container ${styles.columns}`}>
          {groups.length ? (
            <nav className={styles.groups} aria-label="Footer">
              {groups.map((group, g) => (
                <div key={`${g}-${group.title}`}>
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
          {locations.length ? (
            <section className={styles.locations} aria-labelledby={locationsHeading}>
              <h2 className={styles.heading} id={locationsHeading}>
                Locations
              </h2>
              <ul className={styles.list}>
                {locations.map((location) => (
                  <LocationItem key={location.id} location={location} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
      <div className={`fc-container ${styles.bottom}`}>
        <p className={styles.dealer}>
          <span className={styles.dealerName}>{props.dealer}</span>
          {props.group ? <span>{` · ${props.group}`}</span> : null}
        </p>
        {props.social.length ? (
          <ul className={styles.social}>
            {props.social.map((network) => (
              <li key={network.key}>
                <a href={network.href} aria-label={`${props.dealer} on ${SOCIAL_NETWORKS.find((n) => n.key === network.key)!.name}`}>
                  {ICONS[network.key]}
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
        {props.cookieSettings ? (
          <button type="button" className={styles.cookieSettings} onClick={openConsentBanner}>
            Cookie settings
          </button>
        ) : null}
        {props.text ? <p className={styles.text}>{props.text}</p> : null}
        <p className={styles.copyright}>{props.copyright}</p>
      </div>
    </footer>
  );
}
