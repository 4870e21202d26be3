import styles from "../admin.module.css";
import { DEVICES, type Device, type PreviewState } from "./use-preview";

type Doc = Record<string, unknown>;

/** The pages the preview can show: every page with a path, and a page of each template (search, a car, a location). */
export function previewPages(pages: Doc[], sampleCar: string | null, firstLocation?: string): { path: string; title: string }[] {
  const list: { path: string; title: string }[] = [];
  for (const p of pages as { path?: string; title?: string; template?: string }[]) {
    const title = p.title ?? "Page";
    if (typeof p.path === "string") list.push({ path: p.path, title });
    else if (p.template === "search") list.push({ path: "/search", title });
    else if (p.template === "vehicle-detail" && sampleCar) list.push({ path: `/cars/${sampleCar}`, title: `${title}: a car` });
    else if (p.template === "location-detail" && firstLocation) list.push({ path: `/locations/${firstLocation}`, title: `${title}: first location` });
  }
  return list.filter((p, i) => list.findIndex((q) => q.path === p.path) === i);
}

/** The saved draft in a frame at a phone's or a desktop's width, scaled to the pane. */
export function PreviewPane({ preview, pagePaths }: { preview: PreviewState; pagePaths: { path: string; title: string }[] }) {
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
      <div ref={preview.pane}>
        <div className={styles.previewFrameBox} style={{ width: dev.width * scale, height: boxHeight }}>
          <iframe
            key={`${device}-${preview.stamp}`}
            className={styles.previewFrame}
            title={`Preview of the draft, ${dev.label.toLowerCase()} width`}
            src={src}
            style={{ width: dev.width, height: boxHeight / scale, transform: `scale(${scale})` }}
          />
        </div>
      </div>
      <p className={styles.hint}>
        The saved draft at {dev.width} px wide{scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ""}. It reloads after each save.
      </p>
    </section>
  );
}
