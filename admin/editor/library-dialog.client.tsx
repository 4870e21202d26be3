"use client";

import { useEffect, useRef, useState } from "react";
import styles from "../admin.module.css";
import own from "../library.module.css";

/** A picture of the site's media library as GET /api/admin/tenants/{slug}/media lists it. */
export interface LibraryPicture {
  id: number;
  src: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * "Choose from library": a modal dialog (native <dialog>: focus stays inside, Escape closes, focus
 * returns to the opener) listing the site's pictures as buttons; choosing one closes it.
 */
export function LibraryDialog({ id, slug, open, onClose, onChoose }: { id: string; slug: string; open: boolean; onClose: () => void; onChoose: (p: LibraryPicture) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pictures, setPictures] = useState<LibraryPicture[] | null>(null);
  const [error, setError] = useState("");
  const titleId = `${id}_library_title`;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setError("");
    setPictures(null);
    fetch(`/api/admin/tenants/${encodeURIComponent(slug)}/media`)
      .then(async (res) => {
        const body = await res.json().catch(() => ({}));
        if (!live) return;
        if (res.ok) setPictures(body.media ?? []);
        else setError(body.message ?? `The library could not be loaded (the server answered ${res.status}).`);
      })
      .catch(() => live && setError("The library could not be loaded; try again."));
    return () => {
      live = false;
    };
  }, [open, slug]);

  return (
    <dialog ref={dialog} className={own.dialog} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <div className={own.dialogHead}>
        <h2 id={titleId}>Choose a picture from the library</h2>
        <button type="button" className={styles.buttonSecondary} onClick={onClose}>
          Close
        </button>
      </div>
      <p role="status" aria-live="polite" className={error ? styles.fieldError : styles.hint}>
        {error || (pictures === null ? "Loading the library…" : pictures.length ? `${pictures.length} ${pictures.length === 1 ? "picture" : "pictures"}.` : "The library is empty. Close this and use “Or upload a picture”, or add pictures on the Picture library page.")}
      </p>
      {pictures?.length ? (
        <ul className={own.choices}>
          {pictures.map((p) => (
            <li key={p.id}>
              <button type="button" className={own.choice} onClick={() => onChoose(p)}>
                <img src={p.src} alt="" width={p.width} height={p.height} loading="lazy" />
                {/* One line of inline text: the button's name reads "alt text, W × H px" */}
                <span>
                  {p.alt || "No alternative text"}, <small>{p.width} × {p.height} px</small>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </dialog>
  );
}
