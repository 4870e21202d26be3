import { cookies } from "next/headers";
import type { SearchRecord } from "../../domain/search-record";
import { watchlistEnabled, watchlistSignInHref, WATCHLIST_PATH } from "../../domain/watchlist";
import type { BlockComponent, TenantDocument } from "../../renderer/types";
import { SESSION_COOKIE, sessionUser, type SiteUser } from "../../server/auth/sessions";
import { getDb } from "../../server/db";
import { toSearchRecord } from "../../server/inventory/records";
import { savedVehicles } from "../../server/watchlist/store";
import { SavedCarsList, SignedInAs } from "../_shared/saved-cars";
import { cardSettings } from "../_shared/vehicle-card";
import styles from "./watchlist.module.css";

export interface WatchlistViewProps {
  id: string;
  heading: string;
  tenant: TenantDocument;
  /** null: nobody is signed in. */
  user: Pick<SiteUser, "phone"> | null;
  cars: SearchRecord[];
  now: Date;
}

/** The watchlist page's markup (no I/O, for tests). */
export function WatchlistView({ id, heading, tenant, user, cars, now }: WatchlistViewProps) {
  const settings = cardSettings(tenant);
  return (
    <section className="fc-container fc-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      {!watchlistEnabled(tenant) ? (
        <p>The watchlist is not available on this site.</p>
      ) : !user ? (
        <p className={styles.signedOut}>
          Sign in with your mobile number to see the cars you saved.{" "}
          <a className="fc-button" href={watchlistSignInHref(WATCHLIST_PATH)}>
            Sign in
          </a>
        </p>
      ) : (
        <>
          <SignedInAs phone={user.phone} className={styles.account} />
          {cars.length ? (
            <SavedCarsList cars={cars} settings={settings} now={now} idPrefix={id} />
          ) : null}
          <p className={styles.empty} data-empty={cars.length === 0 || undefined}>
            {cars.length ? "Looking for more? " : "You have not saved any cars yet. "}
            <a href="/search">Browse cars</a>
          </p>
        </>
      )}
    </section>
  );
}

async function signedInUser(site: string): Promise<SiteUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return sessionUser((await getDb()).db, site, token);
}

const Watchlist: BlockComponent<"watchlist"> = async ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const heading = props.heading?.trim() || "Your watchlist";
  const now = new Date();
  if (!watchlistEnabled(tenant)) return <WatchlistView id={id} heading={heading} tenant={tenant} user={null} cars={[]} now={now} />;
  const user = await signedInUser(tenant.identity.slug);
  const vehicles = user ? await savedVehicles((await getDb()).db, tenant, user.id) : [];
  const cars = vehicles.map((v) => {
    const dealership = tenant.dealerships.find((d) => d.id === v.dealership_id)!;
    const location = tenant.locations.find((l) => l.id === v.location_id) ?? null;
    return toSearchRecord(v, { dealership, location, tenant: { finance: tenant.finance } });
  });
  return <WatchlistView id={id} heading={heading} tenant={tenant} user={user} cars={cars} now={now} />;
};

export default Watchlist;
