import type { BlockComponent, BlockProps } from "../../renderer/types";
import { HeroCarousel } from "./hero-slides.client";
import styles from "./hero-slides.module.css";

type Slide = BlockProps<"hero-slides">["slides"][number];

const sizes = { "1920x540": [1920, 540], "1920x1080": [1920, 1080] } as const;

const CAROUSEL_LABEL = "Promotions";

function SlideContent({ slide, first, aspect }: { slide: Slide; first: boolean; aspect: keyof typeof sizes }) {
  const [w, h] = sizes[aspect];
  const image = (
    <img
      className={styles.image}
      src={slide.image.src}
      // With the overlay hidden the image carries the text, so it must not be silent.
      alt={slide.hide_overlay ? slide.image.alt || slide.name : slide.image.alt}
      width={slide.image.width ?? w}
      height={slide.image.height ?? h}
      // The first slide is the likely LCP element; the rest wait their turn.
      {...(first ? { loading: "eager", fetchPriority: "high" } : { loading: "lazy", decoding: "async" })}
    />
  );
  return (
    <>
      <div className={`${styles.media} ${aspect === "1920x1080" ? styles.tall : styles.wide}`}>
        {slide.hide_overlay && slide.url ? (
          <a className={styles.imageLink} href={slide.url}>
            {image}
          </a>
        ) : (
          image
        )}
      </div>
      {slide.hide_overlay ? null : (
        <div className={styles.overlay}>
          <div className={styles.panel}>
            <h2 className={styles.heading}>{slide.name}</h2>
            {slide.description ? <p className={styles.description}>{slide.description}</p> : null}
            {slide.url ? (
              <a className={`fc-button ${styles.cta}`} href={slide.url}>
                {slide.buttonLabel}
              </a>
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}

const HeroSlides: BlockComponent<"hero-slides"> = ({ props }) => {
  const slides = props.slides.map((slide, i) => (
    <SlideContent key={slide.id} slide={slide} first={i === 0} aspect={props.aspect} />
  ));

  // One slide needs no controls and no JavaScript.
  if (slides.length === 1) {
    return (
      <section className={styles.hero} aria-label={CAROUSEL_LABEL}>
        <div className={styles.track}>
          <div className={styles.slide} data-active="true">
            {slides[0]}
          </div>
        </div>
      </section>
    );
  }

  return (
    <HeroCarousel label={CAROUSEL_LABEL} autoplay={props.autoplay} intervalMs={props.intervalSeconds * 1000}>
      {slides}
    </HeroCarousel>
  );
};

export default HeroSlides;
