import styles from "../admin.module.css";
import { STALE_BANNER } from "../../domain/preview-links";
import { DEVICES, type Device, type PreviewState } from "./use-preview";

type Doc = Record<string, unknown>;

/** The path the preview shows a page at: its own path, or for a template an example (search, a car, the first location); null when there is none. */
export function previewPath(page: Doc, sampleCar: string | null, firstLocation?: string): string | null {
  const p = page as { path?: string; template?: string };
  if (typeof p.path === "string") return p.path;
  if (p.template === "search") return "/search";
  if (p.template === "vehicle-detail" && sampleCar) return `/cars/${sampleCar}`;
  if (p.template === "location-detail" && firstLocation) return `/locations/${firstLocation}`;
  return null;
}

/** The pages the preview can show: every page with a path, and a page of each template (search, a car, a location). */
export function previewPages(pages: Doc[], sampleCar: string | null, firstLocation?: string): { path: string; title: string }[] {
  const list: { path: string; title: string }[] = [];
  for (const p of pages as { path?: string; title?: string; template?: string }[]) {
    const title = p.title ?? "Page";
    const path = previewPath(p, sampleCar, firstLocation);
    if (path === null) continue;
    if (p.template === "vehicle-detail" && typeof p.path !== "string") list.push({ path, title: `${title}: a car` });
    else if (p.template === "location-detail" && typeof p.path !== "string") list.push({ path, title: `${title}: first location` });
    else list.push({ path, title });
  }
  return list.filter((p, i) => list.findIndex((q) => q.path === p.path) === i);
}

/** The saved draft in a frame at a phone's or a desktop's width, scaled to the pane. */
export function PreviewPane({ preview, pagePaths, stale }: { preview: PreviewState; pagePaths: { path: string; title: string }[]; stale: boolean }) {
  const { device, dev, scale, boxHeight, src } = preview;
  return (
    <section className={styles.previewPane} aria-labelledby="preview-title">
      <h2 id="preview-title" style={{ margin: "0 0 0.4rem", fontSize: "1.1rem" }}>
        Preview
      </h2>
      <div className={styles.previewBar}>
        {(Object.keys(DEVICES) as Device[]).map((d) => (
          <button key={d} type="button" className={d === device ? styles.button : styles.buttonSecondary} aria-pressed={d === device} onClick={() => preview.setDevice(d)}>
            {DEVICES[d].label}
          </button>
        ))}
        <label htmlFor="preview-page" className="fc-visually-hidden">
          Page to preview
        </label>
        <select id="preview-page" className={styles.input} value={preview.path} onChange={(e) => preview.setPath(e.target.value)}>
          {pagePaths.map((p) => (
            <option key={p.path} value={p.path}>
              {p.title ?? p.path} ({p.path})
            </option>
          ))}
        </select>
        <a href={src} target="_blank" rel="noreferrer">
          Open in a new tab
        </a>
      </div>
      {stale ? (
        <p className={styles.previewStale} role="status">
          {STALE_BANNER}. Fix the problems listed beside the form to see your latest changes.
        </p>
      ) : null}
      <div ref={preview.pane}>
        <div className={styles.previewFrameBox} style={{ width: dev.width * scale, height: boxHeight }}>
          <iframe
            ref={preview.frame}
            key={`${device}-${preview.stamp}`}
            className={styles.previewFrame}
            title={`Preview of the draft, ${dev.label.toLowerCase()} width`}
            src={src}
            style={{ width: dev.width, height: boxHeight / scale, transform: `scale(${scale})` }}
          />
        </div>
      </div>
      <p className={styles.hint}>
        The saved draft at {dev.width} px wide{scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ""}. It reloads after each save; click a block in it to open that block in the form.
      </p>
    </section>
  );
}
