import { locationCallDepartment } from "../../domain/analytics-standards";
import { DEPARTMENT_LABELS, HOLIDAY_HOURS_TITLE, holidayHours, locationDepartments, siteDay, weeklyHours, type Department } from "../../domain/opening-hours";
import type { Location } from "../../schemas/generated/tenant";
import type { BlockComponent, TenantDocument } from "../../renderer/types";
import { FormDialog } from "../_shared/form-dialog.client";
import { blockLocations, DirectionsLink, HoursTable, LicenceNumbers, LocationAddress, LocationPhones, LocationRating } from "../_shared/location";
import { DepartmentSelect } from "./department-select.client";
import { GET_DIRECTIONS, VIEW_LOCATION } from "../../domain/locations";
import { mapPlaces, mapSettings } from "../_shared/location-map/location-map";
import { LocationMap } from "../_shared/location-map/location-map.client";
import styles from "./location-info.module.css";

/** One department's panel: this week's hours (holiday hours on their day) and, when there are any, the Holiday Opening Hours dialog. */
function HoursPanel({ id, location, department, now, timeZone }: { id: string; location: Location; department?: Department; now: Date; timeZone: string }) {
  const today = siteDay(now, timeZone);
  const rows = weeklyHours(location, { week: today, department });
  const holidays = holidayHours(location, now, timeZone, department);
  const label = department ? DEPARTMENT_LABELS[department] : null;
  return (
    <div className={styles.panel}>
      <HoursTable rows={rows} caption={label ? `${label} opening hours` : "Opening hours"} today={today} week={today} />
      {holidays.length ? (
        <FormDialog id={`${id}-holidays`} title={HOLIDAY_HOURS_TITLE} subtitle={label ? `${location.name} · ${label}` : location.name} buttonClassName="fc-button fc-button--ghost" button={HOLIDAY_HOURS_TITLE}>
          <table className={styles.holidays}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Occasion</th>
                <th scope="col">Hours</th>
              </tr>
            </thead>
            <tbody>
              {holidays.map((h) => (
                <tr key={h.date} data-date={h.date}>
                  <td>{h.dateText}</td>
                  <td>{h.name ?? ""}</td>
                  <td>{h.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </FormDialog>
      ) : null}
    </div>
  );
}

function LocationDetail({ id, location, tenant, now, map }: { id: string; location: Location; tenant: TenantDocument; now: Date; map: boolean }) {
  const timeZone = tenant.identity.timeZone;
  const departments = locationDepartments(location);
  const headingId = `${id}-heading`;
  return (
    <article className={`fc-panel ${styles.location}`} aria-labelledby={headingId} data-location={location.slug}>
      <div className={styles.header}>
        <h2 id={headingId} className={`fc-section-heading ${styles.name}`}>
          {location.name}
        </h2>
        <LocationRating location={location} site={tenant} />
        {departments.length > 1 ? (
          <DepartmentSelect
            id={id}
            label="Department"
            options={departments.map((d) => ({ value: d, label: DEPARTMENT_LABELS[d] }))}
            panels={departments.map((d) => (
              <HoursPanel key={d} id={`${id}-${d}`} location={location} department={d} now={now} timeZone={timeZone} />
            ))}
          />
        ) : (
          <HoursPanel id={`${id}-${departments[0] ?? "all"}`} location={location} department={departments[0]} now={now} timeZone={timeZone} />
        )}
      </div>
      <div className={styles.details}>
        <h3 className={styles.detailsHeading}>Find us</h3>
        <LocationAddress location={location} />
        <LocationPhones location={location} site={tenant} department={locationCallDepartment(location)} />
        {location.contact_detail?.email ? (
          <p className={styles.email}>
            <a href={`mailto:${location.contact_detail.email}`}>{location.contact_detail.email}</a>
          </p>
        ) : null}
        <LicenceNumbers location={location} locale={tenant.identity.locale} />
        <p className={styles.actions}>
          <DirectionsLink location={location} />
        </p>
      </div>
      {map ? <SingleMap location={location} tenant={tenant} /> : null}
    </article>
  );
}

/** A single location's map (leads §2 screen 6: one location shows a map), when it has coordinates; drawn when no tile loads. */
function SingleMap({ location, tenant }: { location: Location; tenant: TenantDocument }) {
  const places = mapPlaces([location], () => undefined);
  if (!places.length) return null;
  return (
    <div className={styles.map}>
      <LocationMap places={places} settings={mapSettings(tenant.map)} label={`Map of ${location.name}`} viewLocationText={VIEW_LOCATION} directionsText={GET_DIRECTIONS} whenNear />
    </div>
  );
}

/**
 * The location info block and location-detail header (leads §2 screens 6–7): per location, its name,
 * a department selector over the departments it serves with this week's hours from Monday and the
 * Holiday Opening Hours dialog, then address, phone, rating, licence numbers and Get Directions; a
 * single location (its own page) also shows its map.
 */
const LocationInfo: BlockComponent<"location-info"> = ({ id, props, ctx }) => {
  const locations = blockLocations(ctx.tenant, ctx.path, props.location);
  if (!locations.length) return null;
  const now = new Date();
  return (
    <section className="fc-block-section" data-block="location-info" aria-label={locations.length > 1 ? "Our departments" : undefined}>
      <div className={`fc-container ${styles.list}`}>
        {locations.map((location) => (
          <LocationDetail key={location.id} id={`${id}-${location.id}`} location={location} tenant={ctx.tenant} now={now} map={locations.length === 1} />
        ))}
      </div>
    </section>
  );
};

export default LocationInfo;
