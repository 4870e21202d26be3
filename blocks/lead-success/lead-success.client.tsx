"use client";

import { useSyncExternalStore } from "react";
import { SUCCESS_KEY } from "../_shared/lead-submit";
import styles from "./lead-success.module.css";

const read = () => {
  try {
    return window.localStorage.getItem(SUCCESS_KEY);
  } catch {
    return null;
  }
};
const noop = () => () => {};

/** The reference of the lead this browser sent last (kept by the form on success). */
export function LeadReference() {
  const stored = useSyncExternalStore(noop, read, () => null);
  let id: string | null;
  try {
    const v = stored ? (JSON.parse(stored) as { leadId?: unknown }) : null;
    id = typeof v?.leadId === "string" ? v.leadId : null;
  } catch {
    id = null;
  }
  if (!id) return null;
  return (
    <p className={styles.reference}>
      Your reference: <strong data-testid="lead-reference">{id.slice(0, 8).toUpperCase()}</strong>
    </p>
  );
}
