"use client";

import { useEffect, useState, type FormEvent } from "react";
import type { MediaEntry, MediaUse } from "../server/admin/media";
import { UPLOAD_ACCEPT } from "./editor/image-field.client";
import { formatWhen } from "./format";
import styles from "./admin.module.css";
import own from "./library.module.css";

/** A library entry as the page hands it to the browser (its time as an ISO string). */
export type LibraryEntry = Omit<MediaEntry, "uploadedAt"> & { uploadedAt: string };

type Note = { ok: boolean; text: string } | null;

/** A file size as people read it: "84 KB", "1.2 MB". */
export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** One place a picture is used, in words. */
export const placeOfUse = (u: MediaUse) => `${u.document === "draft" ? "Draft" : "Live site"}${u.site ? `: ${u.where}` : " of another site"}`;

async function send(url: string, init: RequestInit): Promise<{ ok: boolean; status: number; body: Record<string, any> }> {
  try {
    const res = await fetch(url, { method: "POST", ...init });
    return { ok: res.ok, status: res.status, body: await res.json().catch(() => ({})) };
  } catch {
    return { ok: false, status: 0, body: { message: "The server could not be reached; try again." } };
  }
}

/** The grid of a site's pictures with their alt text, size, uses; add, replace and delete. */
export function MediaLibrary({ slug, initial }: { slug: string; initial: LibraryEntry[] }) {
  const [entries, setEntries] = useState(initial);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const base = `/api/admin/tenants/${encodeURIComponent(slug)}`;

  async function reload() {
    try {
      const res = await fetch(`${base}/media`);
      if (res.ok) setEntries((await res.json()).media);
    } catch {
      // The list on screen stays as it is.
    }
  }

  async function add(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setNote({ ok: true, text: `Uploading ${file.name}…` });
    const res = await send(`${base}/uploads`, { headers: { "content-type": file.type || "application/octet-stream" }, body: file });
    setBusy(false);
    input.value = "";
    if (!res.ok) return setNote({ ok: false, text: res.body.message ?? `The upload failed (the server answered ${res.status}).` });
    await reload();
    setNote({ ok: true, text: `Added ${file.name} (${res.body.width} × ${res.body.height} px). Describe it below.` });
  }

  return (
    <div data-ready={ready}>
      <div className={styles.card}>
        <label htmlFor="media-add" className={styles.label}>
          Add a picture (JPEG, PNG, WebP, GIF or AVIF, up to 10 MB)
        </label>
        <br />
        <input id="media-add" type="file" accept={UPLOAD_ACCEPT} disabled={busy} onChange={(e) => void add(e.currentTarget)} />
        <p role="status" aria-live="polite" className={note && !note.ok ? styles.fieldError : styles.hint}>
          {note?.text}
        </p>
      </div>
      <h2>
        {entries.length} {entries.length === 1 ? "picture" : "pictures"}
      </h2>
      {entries.length ? (
        <ul className={own.grid}>
          {entries.map((e, i) => (
            <MediaItem
              key={e.id} entry={e} number={i + 1} base={base}
              onChange={(next) => setEntries((all) => all.map((x) => (x.id === e.id ? next : x)))}
              onDeleted={() => setEntries((all) => all.filter((x) => x.id !== e.id))}
            />
          ))}
        </ul>
      ) : (
        <p>No pictures yet. Add one above, or upload one in the editor: it shows here.</p>
      )}
    </div>
  );
}

function MediaItem({ entry, number, base, onChange, onDeleted }: { entry: LibraryEntry; number: number; base: string; onChange: (e: LibraryEntry) => void; onDeleted: () => void }) {
  const [alt, setAlt] = useState(entry.alt);
  const [note, setNote] = useState<Note>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = `media-${entry.id}`;
  const name = `picture ${number}`;
  const url = `${base}/media/${entry.id}`;

  async function saveAlt(ev: FormEvent) {
    ev.preventDefault();
    setBusy(true);
    const res = await send(url, { headers: { "content-type": "application/json" }, body: JSON.stringify({ alt }) });
    setBusy(false);
    if (res.ok) {
      onChange({ ...entry, alt: res.body.alt });
      setAlt(res.body.alt);
      setNote({ ok: true, text: "Alternative text saved." });
    } else setNote({ ok: false, text: res.body.errors?.[0]?.message ?? res.body.message ?? "Not saved." });
  }

  async function replace(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setNote({ ok: true, text: `Replacing with ${file.name}…` });
    const res = await send(`${url}/replace`, { headers: { "content-type": file.type || "application/octet-stream" }, body: file });
    setBusy(false);
    input.value = "";
    if (!res.ok) return setNote({ ok: false, text: res.body.message ?? `Not replaced (the server answered ${res.status}).` });
    const { entry: next, draftRevision, publishedVersion } = res.body;
    onChange({ ...next, uploadedAt: String(next.uploadedAt) });
    const where = [draftRevision ? "the draft" : "", publishedVersion ? `the live site (version ${publishedVersion})` : ""].filter(Boolean).join(" and ");
    setNote({ ok: true, text: `Replaced with ${file.name}.${where ? ` ${where[0].toUpperCase()}${where.slice(1)} now show${draftRevision && publishedVersion ? "" : "s"} the new picture.` : ""}` });
  }

  async function remove() {
    setBusy(true);
    const res = await send(`${url}/delete`, {});
    setBusy(false);
    setConfirming(false);
    if (res.ok) onDeleted();
    else setNote({ ok: false, text: res.body.message ?? "Not deleted." });
  }

  return (
    <li className={own.item} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="fc-visually-hidden">
        Picture {number}: {entry.alt || "no alternative text yet"}
      </h3>
      {/* <img>, not next/image: the stored WebP itself, shown small */}
      <img className={own.thumb} src={entry.src} alt={entry.alt} width={entry.width} height={entry.height} loading="lazy" />
      <p className={styles.hint}>
        {entry.width} × {entry.height} px, {formatBytes(entry.bytes)}
        <br />
        {entry.uploadedBy}, {formatWhen(entry.uploadedAt)}
      </p>
      <form onSubmit={saveAlt} className={styles.field}>
        <label htmlFor={`${id}-alt`}>Alternative text</label>
        <input id={`${id}-alt`} value={alt} maxLength={300} onChange={(ev) => setAlt(ev.target.value)} aria-describedby={`${id}-alt-help`} />
        <span className={styles.hint} id={`${id}-alt-help`}>
          What the picture shows, for people who cannot see it.
        </span>
        <button type="submit" className={`${styles.buttonSecondary} ${styles.small} ${own.start}`} disabled={busy || alt === entry.alt}>
          Save alternative text<span className="fc-visually-hidden"> of {name}</span>
        </button>
      </form>
      {entry.uses.length ? (
        <>
          <p className={styles.hint}>Used in:</p>
          <ul className={own.uses}>
            {entry.uses.map((u, i) => (
              <li key={i}>{placeOfUse(u)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.hint}>Not used on the site.</p>
      )}
      <label htmlFor={`${id}-replace`} className={styles.label}>
        Replace with another picture
      </label>
      <input id={`${id}-replace`} type="file" accept={UPLOAD_ACCEPT} disabled={busy} onChange={(ev) => void replace(ev.currentTarget)} />
      <div className={styles.actions}>
        {confirming ? (
          <>
            <button type="button" className={`${styles.buttonDanger} ${styles.small}`} onClick={remove} disabled={busy} autoFocus>
              Yes, delete {name}
            </button>
            <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className={`${styles.buttonDanger} ${styles.small}`} onClick={() => setConfirming(true)}>
            Delete<span className="fc-visually-hidden"> {name}</span>
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className={note && !note.ok ? styles.fieldError : styles.hint}>
        {note?.text}
      </p>
    </li>
  );
}
