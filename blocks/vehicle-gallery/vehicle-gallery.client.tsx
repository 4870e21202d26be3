"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { GALLERY_SIZES, IMAGE_RATIO, TAB_LABELS, type GalleryModel, type GalleryTab } from "./gallery";
import { InteriorPanorama, SpinViewer } from "./spin-viewer.client";
import styles from "./vehicle-gallery.module.css";

/**
 * The image area's state (spec §4 "Image viewer"): the open tab (the site's default view first),
 * the gallery index (reset when leaving the gallery), fullscreen (the Fullscreen API on the
 * gallery, or a fixed overlay where it is missing; Escape leaves both).
 */
export function VehicleGalleryClient({ id, model }: { id: string; model: GalleryModel }) {
  const [tab, setTab] = useState<GalleryTab | null>(model.defaultTab);
  const [index, setIndex] = useState(0);
  const [nativeFull, setNativeFull] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const root = useRef<HTMLElement>(null);
  const tabRefs = useRef<Partial<Record<GalleryTab, HTMLButtonElement | null>>>({});
  const count = model.images.length;
  const full = nativeFull || overlay;

  const select = (next: GalleryTab) => {
    // Leaving the gallery resets its index.
    if (tab === "images" && next !== "images") setIndex(0);
    setTab(next);
  };
  const go = useCallback((delta: number) => setIndex((i) => (count ? (((i + delta) % count) + count) % count : 0)), [count]);

  useEffect(() => {
    const sync = () => setNativeFull(!!root.current && document.fullscreenElement === root.current);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  useEffect(() => {
    if (!overlay) return;
    const onKey = (e: DocumentEventMap["keydown"]) => {
      if (e.key === "Escape") setOverlay(false);
    };
    document.addEventListener("keydown", onKey);
    document.documentElement.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.documentElement.style.overflow = "";
    };
  }, [overlay]);

  const toggleFullscreen = () => {
    if (overlay) return setOverlay(false);
    if (nativeFull) return void document.exitFullscreen?.().catch(() => setNativeFull(false));
    const el = root.current;
    if (el && document.fullscreenEnabled && typeof el.requestFullscreen === "function") el.requestFullscreen().catch(() => setOverlay(true));
    else setOverlay(true);
  };

  if (!tab) {
    return (
      <section className={styles.gallery} aria-label={`${model.title} images`}>
        <div className={styles.empty}>Image coming soon</div>
      </section>
    );
  }

  const tabs = model.tabs.length > 1;
  const tabId = (t: GalleryTab) => `${id}-tab-${t}`;
  const panelId = (t: GalleryTab) => `${id}-panel-${t}`;
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = model.tabs.indexOf(tab);
    const n = model.tabs.length;
    const to =
      e.key === "ArrowRight" ? model.tabs[(at + 1) % n]
      : e.key === "ArrowLeft" ? model.tabs[(at - 1 + n) % n]
      : e.key === "Home" ? model.tabs[0]
      : e.key === "End" ? model.tabs[n - 1]
      : null;
    if (!to) return;
    e.preventDefault();
    e.stopPropagation();
    select(to);
    tabRefs.current[to]?.focus();
  };
  const onImagesKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowRight") go(1);
    else if (e.key === "ArrowLeft") go(-1);
    else return;
    e.preventDefault();
  };
  const panel = (t: GalleryTab) => ({
    id: panelId(t),
    hidden: tab !== t,
    className: styles.panel,
    ...(tabs ? { role: "tabpanel", "aria-labelledby": tabId(t) } : {}),
  });
  const priority = (t: GalleryTab) => t === model.defaultTab;
  const image = model.images[index] ?? model.images[0];

  return (
    <section ref={root} className={styles.gallery} data-fullscreen={full ? (overlay ? "overlay" : "native") : undefined} aria-label={`${model.title} images`}>
      {model.tabs.includes("spin") ? (
        <div {...panel("spin")}>
          {tab === "spin" ? <SpinViewer frames={model.spinFrames} hotspots={model.hotspots.exterior} autoRotate={model.autoRotate} title={model.title} priority={priority("spin")} idPrefix={id} /> : null}
        </div>
      ) : null}

      {model.tabs.includes("images") ? (
        <div {...panel("images")} onKeyDown={onImagesKey}>
          {tab === "images" && image ? (
            <>
              <div className={styles.imagesStage}>
                <div
                  className={styles.stage}
                  tabIndex={0}
                  role="group"
                  aria-roledescription="image viewer"
                  aria-label={`Image ${index + 1} of ${count}. Use the left and right arrow keys to move through the images.`}
                >
                  <img
                    className={styles.image}
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes={image.srcSet ? (full ? "100vw" : GALLERY_SIZES) : undefined}
                    alt={image.alt}
                    width={IMAGE_RATIO.width}
                    height={IMAGE_RATIO.height}
                    loading="eager"
                    data-index={index}
                    {...(priority("images") && index === 0 ? { fetchPriority: "high" as const } : {})}
                  />
                </div>
                {count > 1 ? (
                  <div className={styles.stepper}>
                    <button type="button" className={styles.control} onClick={() => go(-1)} aria-controls={panelId("images")}>
                      <span aria-hidden="true">‹</span>
                      <span className="fc-visually-hidden">Previous image</span>
                    </button>
                    <p className={styles.counter} aria-live="polite">
                      <span className="fc-visually-hidden">Image </span>
                      {index + 1}
                      <span aria-hidden="true"> / </span>
                      <span className="fc-visually-hidden"> of </span>
                      {count}
                    </p>
                    <button type="button" className={styles.control} onClick={() => go(1)} aria-controls={panelId("images")}>
                      <span aria-hidden="true">›</span>
                      <span className="fc-visually-hidden">Next image</span>
                    </button>
                  </div>
                ) : null}
              </div>
              {model.thumbnails ? (
                <ul className={styles.thumbs} aria-label="Thumbnails">
                  {model.images.map((img, i) => (
                    <li key={`${i}-${img.src}`}>
                      <button type="button" className={styles.thumb} aria-current={i === index ? "true" : undefined} onClick={() => setIndex(i)}>
                        <img src={img.thumb} alt="" width={96} height={64} loading="lazy" decoding="async" fetchPriority="low" />
                        <span className="fc-visually-hidden">{`Show image ${i + 1} of ${count}`}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}

      {model.tabs.includes("interior") && model.interior ? (
        <div {...panel("interior")}>
          {tab === "interior" ? <InteriorPanorama src={model.interior} hotspots={model.hotspots.interior} title={model.title} priority={priority("interior")} idPrefix={id} /> : null}
        </div>
      ) : null}

      {model.tabs.includes("video") && model.video ? (
        <div {...panel("video")}>
          {tab === "video" ? (
            model.video.kind === "file" ? (
              <video className={styles.video} src={model.video.src} controls preload="metadata" width={IMAGE_RATIO.width} height={IMAGE_RATIO.height} aria-label={`${model.title} video`} />
            ) : (
              <div className={styles.videoLink}>
                <a className="fc-button" href={model.video.href} target="_blank" rel="noopener noreferrer">
                  {model.video.label}
                  <span className="fc-visually-hidden"> (opens in a new tab)</span>
                </a>
              </div>
            )
          ) : null}
        </div>
      ) : null}

      {tabs || model.fullscreen ? (
        <div className={styles.toolbar}>
          {tabs ? (
            <div className={styles.tabs} role="tablist" aria-label="Views" onKeyDown={onTabKey}>
              {model.tabs.map((t) => (
                <button
                  key={t}
                  ref={(el) => {
                    tabRefs.current[t] = el;
                  }}
                  type="button"
                  role="tab"
                  id={tabId(t)}
                  className={styles.tab}
                  aria-selected={tab === t}
                  aria-controls={panelId(t)}
                  tabIndex={tab === t ? 0 : -1}
                  onClick={() => select(t)}
                >
                  {TAB_LABELS[t]}
                </button>
              ))}
            </div>
          ) : null}
          {model.fullscreen ? (
            <button type="button" className={`${styles.control} ${styles.fullscreen}`} onClick={toggleFullscreen} aria-label={full ? "Exit fullscreen" : "Fullscreen"}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                {full ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
              </svg>
              <span className={styles.tooltip} aria-hidden="true">
                {full ? "Exit fullscreen" : "Fullscreen"}
              </span>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
