import { carouselLayout, carouselLocations, OUR_LOCATIONS_TITLE } from "../../domain/locations";
import type { BlockComponent } from "../../renderer/types";
import { Carousel } from "../_shared/carousel.client";
import { LocationCard } from "../_shared/location";
import styles from "./locations-carousel.module.css";

export const SWIPE_HINT = "Swipe to see more locations";

/**
 * The Our Locations carousel (leads §2 screen 6, §4, §9): grid cards in one row, by name unless a
 * custom order is set, filtered by department or slugs. The swipe hint shows on small screens, and
 * on large ones only up to 3 locations; more than 4 locations make the cards narrower. Only the
 * scrolling row is a client component.
 */
const LocationsCarousel: BlockComponent<"locations-carousel"> = ({ id, props, ctx }) => {
  const locations = carouselLocations(ctx.tenant.locations, { type: props.type, slugs: props.slugs, order: props.order });
  if (!locations.length) return null;
  const layout = carouselLayout(locations.length);
  const title = props.title?.trim() || OUR_LOCATIONS_TITLE;
  const headingId = `${id}-heading`;
  return (
    <section className="fc-block-section" aria-labelledby={headingId} data-block="locations-carousel">
      <div className="fc-container">
        <h2 id={headingId} className="fc-section-heading">
          {title}
        </h2>
        {locations.length > 1 ? (
          <p className={`fc-section-intro ${styles.hint}`} data-hint-large={layout.swipeHintOnLarge}>
            {SWIPE_HINT}
          </p>
        ) : null}
        <Carousel
          id={`${id}-row`}
          label={title}
          className={layout.narrowCards ? styles.narrow : styles.wide}
          items={locations.map((location) => (
            <LocationCard key={location.id} location={location} site={ctx.tenant} size="grid" />
          ))}
        />
      </div>
    </section>
  );
};

export default LocationsCarousel;
