"use client";

import { useEffect, useState } from "react";
import { listKey, parseList, type ListEntry } from "../_shared/favourites";
import { forgetUserDetails, readUserDetails, type UserDetails } from "../_shared/user-details";
import styles from "./my-garage.module.css";

function readFavourites(site: string): ListEntry[] {
  try {
    return parseList(window.localStorage.getItem(listKey(site, "favourites")));
  } catch {
    return [];
  }
}

/** A slug as a car page path takes it; anything else is not linked. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * My Garage on a site without sign-in: nothing is kept on the server for the visitor, so it shows
 * what this browser keeps — the favourites and, with storeUserDetails on, the contact details that
 * fill the forms (with a button to forget them). Read after hydration; corrupt storage shows as empty.
 */
export function DeviceGarage({ id, site, favourites, rememberDetails, browseHref }: { id: string; site: string; favourites: boolean; rememberDetails: boolean; browseHref: string | null }) {
  const [state, setState] = useState<{ cars: ListEntry[]; details: UserDetails } | null>(null);
  useEffect(() => {
    // Read once the page is in the browser (storage is not there on the server).
    setState({ cars: favourites ? readFavourites(site) : [], details: readUserDetails(site, rememberDetails) });
  }, [site, favourites, rememberDetails]);
  const cars = state?.cars ?? [];
  const details = state?.details ?? {};
  const name = [details.first_name, details.last_name].filter(Boolean).join(" ");
  return (
    <div className={styles.device}>
      <p className={styles.intro}>This site does not have accounts: My Garage shows what this browser keeps for you.</p>
      {favourites ? (
        <section className={styles.group} aria-labelledby={`${id}-favourites`}>
          <h3 id={`${id}-favourites`} className={styles.groupHeading}>
            Favourites <span className={styles.count}>({cars.length})</span>
          </h3>
          {cars.length ? (
            <ul className={styles.rows} aria-label="Favourites">
              {cars.map((c) => (
                <li key={c.id} className={`fc-panel ${styles.row}`}>
                  <p className={styles.rowTitle}>{typeof c.slug === "string" && SLUG.test(c.slug) ? <a href={`/cars/${c.slug}`}>{String(c.name ?? "")}</a> : String(c.name ?? "")}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>
              You have no favourites yet.{browseHref ? " " : null}
              {browseHref ? <a href={browseHref}>Browse cars</a> : null}
            </p>
          )}
        </section>
      ) : null}
      {rememberDetails ? (
        <section className={styles.group} aria-labelledby={`${id}-details`}>
          <h3 id={`${id}-details`} className={styles.groupHeading}>
            Your details
          </h3>
          {Object.keys(details).length ? (
            <>
              <p>
                These fill in our forms for you: {[name, details.email, details.phone].filter(Boolean).join(", ")}.
              </p>
              <button
                type="button"
                className="fc-button fc-button--ghost"
                onClick={() => {
                  forgetUserDetails(site);
                  setState((s) => (s ? { ...s, details: {} } : s));
                }}
              >
                Forget my details
              </button>
            </>
          ) : (
            <p className={styles.empty}>Nothing is kept yet: after you send us an enquiry, your name, e-mail and phone fill in the next form.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
