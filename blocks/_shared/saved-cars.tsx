import { maskMobile } from "../../domain/mobile";
import type { SearchRecord } from "../../domain/search-record";
import { SignOutButton } from "./sign-out-button.client";
import { type CardSettings, VehicleCard } from "./vehicle-card";
import { WatchlistButton, WatchlistEntry } from "./watchlist-button.client";
import { hitAnalyticsCar } from "./hit-analytics";
import styles from "./saved-cars.module.css";

/** "Signed in as 04xx xxx 701" and Sign out (the watchlist page and My Garage). */
export function SignedInAs({ phone, signOutTo, className }: { phone: string; signOutTo?: string; className?: string }) {
  return (
    <div className={`${styles.account} ${className ?? ""}`}>
      <p>Signed in as {maskMobile(phone)}</p>
      <SignOutButton to={signOutTo} />
    </div>
  );
}

/** The signed-in visitor's saved cars as result cards, each with its save button to remove it. */
export function SavedCarsList({ cars, settings, now, idPrefix }: { cars: SearchRecord[]; settings: CardSettings; now: Date; idPrefix: string }) {
  return (
    <ul className={styles.cards} aria-label="Saved cars">
      {cars.map((car) => (
        <WatchlistEntry key={car.objectID} carId={car.objectID} className={styles.card}>
          <VehicleCard
            car={car}
            settings={settings}
            now={now}
            idPrefix={idPrefix}
            saveSlot={<WatchlistButton site={settings.site} carId={car.objectID} title={car.title} sold={car.status === "sold"} car={hitAnalyticsCar(car)} />}
          />
        </WatchlistEntry>
      ))}
    </ul>
  );
}
