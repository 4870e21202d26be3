import { locationsOfType, shownLocations } from "../../domain/locations";
import type { BlockComponent } from "../../renderer/types";
import { LocationCard } from "../_shared/location";
import styles from "./location-list.module.css";

/**
 * The location list grid (leads §2 screen 6, §4 Locations): shown locations, optionally those serving
 * one department, as grid cards or a list of cards; a single location as the large block (its
 * address, hours and Get Directions); nothing when there are none.
 */
const LocationList: BlockComponent<"location-list"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const locations = props.department ? locationsOfType(tenant.locations, props.department) : shownLocations(tenant.locations);
  if (!locations.length) return null;
  const title = props.title?.trim();
  const headingId = `${id}-heading`;
  const single = locations.length === 1;
  return (
    <section className="fc-block-section" {...(title ? { "aria-labelledby": headingId } : { "aria-label": "Locations" })} data-block="location-list">
      <div className="fc-container">
        {title ? (
          <h2 id={headingId} className="fc-section-heading">
            {title}
          </h2>
        ) : null}
        {single ? (
          // The seam for the dealer locator's map: LocationCard's `map` takes the image's place.
          <LocationCard location={locations[0]} site={tenant} size="large" />
        ) : (
          <ul className={props.layout === "list" ? styles.list : styles.grid}>
            {locations.map((location) => (
              <li key={location.id}>
                <LocationCard location={location} site={tenant} size={props.layout === "list" ? "card" : "grid"} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};

export default LocationList;
