"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import {
  SPIN_GAUGE_CIRCLE,
  SPIN_IMAGES_ERROR,
  SPIN_INTERVAL_MS,
  frameAfterDrag,
  hotspotsForFrame,
  spinGaugeOffset,
  stepFrame,
} from "../../domain/vdp-spin";
import type { Hotspot } from "../../schemas/generated/vehicle";
import { IMAGE_RATIO, PANO_RATIO } from "./gallery";
import styles from "./vehicle-gallery.module.css";

/** The gauge circle's radius: its circumference is the spec's 515 (§9). */
const GAUGE_R = SPIN_GAUGE_CIRCLE / (2 * Math.PI);

const reducedMotion = () => typeof window !== "undefined" && !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** Hotspot buttons at posX / posY percent; the description shows in a popover while one is open. */
export function HotspotLayer({ spots, idPrefix, onOpen }: { spots: { id: string; description: string; posX: number; posY: number }[]; idPrefix: string; onOpen?: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    if (open && !spots.some((s) => s.id === open)) setOpen(null);
  }, [open, spots]);
  return (
    <>
      {spots.map((s) => {
        const tip = `${idPrefix}-${s.id}`;
        const shown = open === s.id;
        return (
          <span key={s.id} className={styles.hotspot} style={{ left: `${s.posX}%`, top: `${s.posY}%` }} data-hotspot={s.id}>
            <button
              type="button"
              className={styles.hotspotButton}
              aria-label={`Feature: ${s.description}`}
              aria-expanded={shown}
              aria-controls={tip}
              onClick={() => {
                setOpen(shown ? null : s.id);
                onOpen?.();
              }}
              onKeyDown={(e) => {
                if (e.key === "Escape" && shown) {
                  e.stopPropagation();
                  setOpen(null);
                }
              }}
              onBlur={() => setOpen((o) => (o === s.id ? null : o))}
            >
              <span aria-hidden="true">+</span>
            </button>
            <span id={tip} className={styles.hotspotTip} data-align={s.posX > 60 ? "end" : s.posX < 40 ? "start" : "middle"} hidden={!shown} aria-hidden="true">
              {s.description}
            </span>
          </span>
        );
      })}
    </>
  );
}

/**
 * The 360° spin (spec §4 "Spin viewer", §9): the first frame shows as a placeholder with a loading
 * gauge while every frame preloads; then dragging (20 px a frame) and the arrow keys turn it, and it
 * auto-rotates every 100 ms where the site asks (never for visitors who prefer less motion).
 * Frames that fail to load are logged ("Error loading images:") and left out of the turn.
 */
export function SpinViewer({
  frames,
  hotspots,
  autoRotate,
  title,
  priority,
  idPrefix,
}: {
  frames: string[];
  hotspots: Hotspot[];
  autoRotate: boolean;
  title: string;
  priority: boolean;
  idPrefix: string;
}) {
  const [settled, setSettled] = useState(0);
  /** The frames that loaded (their indices in `frames`), once every frame has settled. */
  const [usable, setUsable] = useState<number[] | null>(null);
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const drag = useRef<{ x: number; start: number; pointer: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const pending: HTMLImageElement[] = [];
    setSettled(0);
    setUsable(null);
    setFrame(0);
    const loads = frames.map(
      (src, i) =>
        new Promise<number>((resolve, reject) => {
          const img = new Image();
          pending.push(img);
          img.onload = () => {
            if (!cancelled) setSettled((n) => n + 1);
            resolve(i);
          };
          img.onerror = () => {
            if (!cancelled) setSettled((n) => n + 1);
            reject(new Error(`frame ${i + 1} of ${frames.length} did not load: ${src}`));
          };
          img.src = src;
        }),
    );
    void Promise.allSettled(loads).then((results) => {
      if (cancelled) return;
      const failed = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      if (failed.length) console.error(SPIN_IMAGES_ERROR, failed);
      const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      setUsable(ok);
      if (autoRotate && ok.length > 1 && !reducedMotion()) setPlaying(true);
    });
    return () => {
      cancelled = true;
      for (const img of pending) img.onload = img.onerror = null;
    };
  }, [frames, autoRotate]);

  const count = usable?.length ?? 0;
  const ready = usable !== null && count > 0;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => setFrame((f) => stepFrame(f, 1, count)), SPIN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, count]);

  const shown = ready ? usable[frame % count] : 0;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!ready || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.preventDefault();
    drag.current = { x: e.clientX, start: frame, pointer: e.pointerId };
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // not capturable (synthetic events)
    }
    setPlaying(false);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    setFrame(frameAfterDrag(d.start, e.clientX - d.x, count));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer === e.pointerId) drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!ready) return;
    const next =
      e.key === "ArrowRight" || e.key === "ArrowUp" ? stepFrame(frame, 1, count)
      : e.key === "ArrowLeft" || e.key === "ArrowDown" ? stepFrame(frame, -1, count)
      : e.key === "Home" ? 0
      : e.key === "End" ? count - 1
      : null;
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    setPlaying(false);
    setFrame(next);
  };

  const label = `360° view of ${title}`;
  return (
    <div className={styles.spin} data-spin-state={ready ? "ready" : usable ? "failed" : "loading"}>
      <div className={styles.spinFrame}>
      <div
        className={styles.spinStage}
        {...(ready
          ? {
              role: "slider",
              tabIndex: 0,
              "aria-label": label,
              "aria-valuemin": 1,
              "aria-valuemax": count,
              "aria-valuenow": frame + 1,
              "aria-valuetext": `Frame ${frame + 1} of ${count}`,
              "aria-describedby": `${idPrefix}-spin-help`,
            }
          : { "aria-busy": true })}
        data-frame={shown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <img
          className={styles.image}
          src={frames[shown]}
          alt={ready ? "" : label}
          width={IMAGE_RATIO.width}
          height={IMAGE_RATIO.height}
          draggable={false}
          loading="eager"
          decoding={ready ? "sync" : "async"}
          {...(priority ? { fetchPriority: "high" as const } : {})}
        />
      </div>
      {!ready ? (
        <div className={styles.gauge} role="status">
          <svg viewBox="0 0 180 180" width="72" height="72" aria-hidden="true">
            <circle className={styles.gaugeTrack} cx="90" cy="90" r={GAUGE_R} />
            <circle
              className={styles.gaugeBar}
              cx="90"
              cy="90"
              r={GAUGE_R}
              strokeDasharray={SPIN_GAUGE_CIRCLE}
              strokeDashoffset={spinGaugeOffset(settled, frames.length)}
              transform="rotate(-90 90 90)"
            />
          </svg>
          <span className={styles.gaugeText}>{usable ? "360° view unavailable" : "Loading 360° view"}</span>
        </div>
      ) : (
        <HotspotLayer spots={hotspotsForFrame(hotspots, shown)} idPrefix={`${idPrefix}-ext`} onOpen={() => setPlaying(false)} />
      )}
      </div>
      {ready ? (
        <div className={styles.spinBar}>
          <p id={`${idPrefix}-spin-help`} className={styles.spinHelp}>
            Drag or use the arrow keys to turn
          </p>
          {autoRotate && count > 1 ? (
            <button type="button" className={styles.control} onClick={() => setPlaying((p) => !p)}>
              {playing ? "Pause" : "Play"}
              <span className="fc-visually-hidden"> rotation</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The interior panorama (spin_interior_image), scrolled sideways, with the interior hotspots. */
export function InteriorPanorama({ src, hotspots, title, priority, idPrefix }: { src: string; hotspots: Hotspot[]; title: string; priority: boolean; idPrefix: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
  }, [src]);
  return (
    <div ref={scroller} className={styles.pano} tabIndex={0} role="region" aria-label={`${title} interior panorama, scroll sideways`}>
      <div className={styles.panoInner}>
        <img
          className={styles.panoImage}
          src={src}
          alt={`${title} interior, 360° panorama`}
          width={PANO_RATIO.width}
          height={PANO_RATIO.height}
          draggable={false}
          loading="eager"
          {...(priority ? { fetchPriority: "high" as const } : {})}
        />
        <HotspotLayer spots={hotspotsForFrame(hotspots, 0)} idPrefix={`${idPrefix}-int`} />
      </div>
    </div>
  );
}
