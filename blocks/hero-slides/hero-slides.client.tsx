"use client";

import { Children, useEffect, useRef, useState, type ReactNode } from "react";
import styles from "./hero-slides.module.css";

interface Props {
  label: string;
  autoplay: boolean;
  intervalMs: number;
  /** One server-rendered element per slide. */
  children: ReactNode;
}

/**
 * Slide switching, autoplay and its controls (APG carousel pattern). Slides arrive rendered by
 * the server; only the first is visible until this hydrates.
 */
export function HeroCarousel({ label, autoplay, intervalMs, children }: Props) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(autoplay);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const touchX = useRef<number | null>(null);

  useEffect(() => {
    // No motion for visitors who ask for none; they can still press Play.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
  }, []);

  const running = playing && !hovered && !focused;
  useEffect(() => {
    if (!running) return;
    // Keyed on index too, so a manual change restarts the full interval.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, index, intervalMs, count]);

  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      className={styles.hero}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start == null || end == null || Math.abs(end - start) < 50) return;
        go(end < start ? index + 1 : index - 1);
      }}
    >
      {autoplay ? (
        <button
          type="button"
          className={`${styles.control} ${styles.pause}`}
          aria-label={playing ? "Pause slideshow" : "Play slideshow"}
          onClick={() => setPlaying((p) => !p)}
        >
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            {playing ? <path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" /> : <path d="M4 2l10 6-10 6z" fill="currentColor" />}
          </svg>
        </button>
      ) : null}
      <div className={styles.track} aria-live={running ? "off" : "polite"}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            data-active={i === index ? "true" : "false"}
          >
            {slide}
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.control} aria-label="Previous slide" onClick={() => go(index - 1)}>
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            <path d="M10 2L4 8l6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <ul className={styles.dots}>
          {slides.map((_, i) => (
            <li key={i}>
              <button
                type="button"
                className={styles.dot}
                aria-label={`Go to slide ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
              />
            </li>
          ))}
        </ul>
        <button type="button" className={styles.control} aria-label="Next slide" onClick={() => go(index + 1)}>
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            <path d="M6 2l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
    </section>
  );
}
