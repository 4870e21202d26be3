"use client";

import { useState, type FormEvent } from "react";
import type { DirectoryRow } from "./dealership-directory.client";
import { post, type Err } from "./directory-post";
import styles from "./admin.module.css";
import own from "./library.module.css";

/** Staff add a dealership to the directory: its name, and its id when the feeds already use one. */
export function AddDealership({ onAdded }: { onAdded: (row: DirectoryRow) => void }) {
  const [name, setName] = useState("");
  const [id, setId] = useState("");
  const [errors, setErrors] = useState<Err[]>([]);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typedId = id.trim();
    if (typedId && !/^\d{1,9}$/.test(typedId)) {
      setErrors([{ pointer: "/id", message: "Id: a whole number, or leave it empty to have one chosen." }]);
      return;
    }
    setBusy(true);
    const res = await post("/api/admin/dealerships", { name, ...(typedId ? { id: Number(typedId) } : {}) });
    setBusy(false);
    if (res.ok) {
      setErrors([]);
      setName("");
      setId("");
      onAdded({ ...res.body, keys: [] });
      setResult({ ok: true, text: `Added ${res.body.name} as dealership ${res.body.id} (unassigned).` });
    } else {
      setErrors(res.body.errors ?? []);
      setResult({ ok: false, text: res.body.errors?.length ? "The dealership was not added: correct the fields marked above." : (res.body.message ?? "The dealership was not added.") });
    }
  }
  const errorOf = (pointer: string) => errors.filter((e) => e.pointer === pointer).map((e) => e.message).join(" ");

  return (
    <form className={`${styles.card} ${own.addForm}`} onSubmit={submit} aria-labelledby="add-dealership">
      <h2 id="add-dealership">Add a dealership</h2>
      <div className={styles.grid2}>
        <div className={`${styles.field} ${own.top}`}>
          <label htmlFor="new-dealership-name">Name</label>
          <input id="new-dealership-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} aria-invalid={errorOf("/name") ? true : undefined} aria-describedby={errorOf("/name") ? "new-dealership-name-error" : undefined} />
          {errorOf("/name") ? (
            <span className={styles.fieldError} id="new-dealership-name-error">
              {errorOf("/name")}
            </span>
          ) : null}
        </div>
        <div className={`${styles.field} ${own.top}`}>
          <label htmlFor="new-dealership-id">Id (optional)</label>
          <input
            id="new-dealership-id" inputMode="numeric" value={id} onChange={(e) => setId(e.target.value)} aria-invalid={errorOf("/id") ? true : undefined}
            aria-describedby={["new-dealership-id-help", errorOf("/id") ? "new-dealership-id-error" : ""].filter(Boolean).join(" ")}
          />
          <span className={styles.hint} id="new-dealership-id-help">
            The number the dealer&apos;s feed already uses; leave it empty to have the next free one chosen.
          </span>
          {errorOf("/id") ? (
            <span className={styles.fieldError} id="new-dealership-id-error">
              {errorOf("/id")}
            </span>
          ) : null}
        </div>
      </div>
      <button type="submit" className={styles.button} disabled={busy}>
        Add dealership
      </button>
      <div role="status" aria-live="polite">
        {result ? <p className={result.ok ? styles.success : styles.alert}>{result.text}</p> : null}
      </div>
    </form>
  );
}
