import { GET_DIRECTIONS, locationsOfType, shownLocations, VIEW_LOCATION } from "../../domain/locations";
import type { BlockComponent, TenantDocument } from "../../renderer/types";
import { LocationCard, locationPageHref } from "../_shared/location";
import { mapPlaces, mapSettings } from "../_shared/location-map/location-map";
import { LocationMap } from "../_shared/location-map/location-map.client";
import styles from "./location-list.module.css";

type Location = TenantDocument["locations"][number];

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
          <LocationCard location={locations[0]} site={tenant} size="large" map={singleMap(tenant, locations[0])} department={props.department} />
        ) : (
          <ul className={`fc-plain-list ${props.layout === "list" ? styles.list : styles.grid}`}>
            {locations.map((location) => (
              <li key={location.id}>
                <LocationCard location={location} site={tenant} size={props.layout === "list" ? "card" : "grid"} department={props.department} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};

/** One location's map in place of its picture (when it has coordinates); its card beside it keeps the address and Get Directions. */
function singleMap(tenant: TenantDocument, location: Location) {
  const places = mapPlaces([location], (l) => locationPageHref(tenant, l));
  if (!places.length) return undefined;
  return <LocationMap places={places} settings={mapSettings(tenant.map)} label={`Map of ${location.name}`} viewLocationText={VIEW_LOCATION} directionsText={GET_DIRECTIONS} whenNear />;
}

export default LocationList;
