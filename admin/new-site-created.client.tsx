"use client";

import { useState } from "react";
import type { Placeholder } from "../domain/placeholders";
import { readJson } from "./new-site-requests";
import styles from "./admin.module.css";

export type CreatedSite = { slug: string; revision: number; placeholders: Placeholder[]; logoProblem?: string };

/** A placeholder the new site still has, in words: a stand-in picture is named, not shown as its file's path. */
export function placeholderWords(p: Placeholder): string {
  if (!p.text.startsWith("/")) return p.text;
  return p.pointer.startsWith("/theme/logo") ? "The logo: a stand-in “Your logo” box until a logo is added (editor › Theme)." : "A stand-in picture, to be replaced in the editor.";
}

/** What the wizard shows once the site is created: what is still to write, and Publish now or Open the editor. */
export function NewSiteCreated({ created, name, port }: { created: CreatedSite; name: string; port: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<number | null>(null);

  async function publishNow() {
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/tenants/${created.slug}/publish`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ revision: created.revision }),
      });
      const body = await readJson(res);
      if (res.ok) setPublished(body.version);
      else setMessage(body.message ?? "The site could not be published.");
    } finally {
      setBusy(false);
    }
  }

  const url = `http://${created.slug}.localhost${port ? `:${port}` : ""}/`;
  return (
    <div className={styles.card}>
      <div className={styles.success} role="status">
        {published ? (
          <>
            Published version {published}. The site is live at <a href={url}>{url}</a>
          </>
        ) : (
          <>The draft of {name.trim()} is ready. Nothing is public until it is published.</>
        )}
      </div>
      {message ? <p className={styles.alert}>{message}</p> : null}
      {created.logoProblem ? <p className={styles.alert}>The logo was not added: {created.logoProblem}. Add it in the editor under Theme.</p> : null}
      {created.placeholders.length ? (
        <>
          <p>Still to write before publishing (marked [Placeholder] on the site):</p>
          <ul>
            {created.placeholders.map((p) => (
              <li key={p.pointer}>{placeholderWords(p)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={styles.actions}>
        {published ? null : (
          <button className={styles.button} type="button" onClick={publishNow} disabled={busy}>
            Publish now
          </button>
        )}
        <a className={published ? styles.button : styles.buttonSecondary} href={`/admin/tenants/${created.slug}`}>
          Open the editor
        </a>
      </div>
    </div>
  );
}
