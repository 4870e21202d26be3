"use client";

import { useEffect, useRef, useState } from "react";
import type { FieldProps } from "@rjsf/utils";
import styles from "../admin.module.css";
import own from "./address-field.module.css";

type Address = { street?: string; city?: string; state?: string; postcode?: string; lat?: number; long?: number } & Record<string, unknown>;
type Status = { kind: "idle" | "busy" | "done" | "error"; text: string };

/** What the status line says before anything is looked up. */
export const resting = (a: Address): string =>
  typeof a.lat === "number" && typeof a.long === "number" ? "On the map (its coordinates are under Advanced)." : "Not on the map yet: it is placed by the address's postcode.";

/** The site's geocoding endpoint's answer: the place, or the reason it cannot be placed. */
export async function lookUp(slug: string, a: Address): Promise<{ lat: number; long: number; label: string; postcode: string } | { message: string }> {
  const query = new URLSearchParams({ postcode: a.postcode ?? "", state: a.state ?? "" });
  try {
    const res = await fetch(`/api/admin/tenants/${encodeURIComponent(slug)}/geocode?${query}`);
    const body = await res.json().catch(() => ({}));
    if (res.ok && typeof body.lat === "number") return body;
    return { message: typeof body.message === "string" ? body.message : "The address could not be placed on the map. Try again, or type the coordinates under Advanced." };
  } catch {
    return { message: "The map lookup did not answer. Try again, or type the coordinates under Advanced." };
  }
}

/**
 * A location's address, placed on the map by itself: when its postcode or state changes, the
 * site's geocoder (the embedded postcode tables) fills in the latitude and longitude, which show
 * only under Advanced. A line says where it was placed, or why it could not be and what to do.
 */
export function AddressField(props: FieldProps) {
  const { formData, onChange, fieldPathId, registry, disabled, readonly } = props;
  const ObjectField = registry.fields.ObjectField;
  const slug = (registry.formContext as { slug?: string } | undefined)?.slug ?? "";
  const address = (formData && typeof formData === "object" ? formData : {}) as Address;
  const latest = useRef(address);
  latest.current = address;
  const [status, setStatus] = useState<Status>({ kind: "idle", text: "" });
  const asked = useRef(0);

  const place = async () => {
    const ask = ++asked.current;
    setStatus({ kind: "busy", text: `Finding postcode ${latest.current.postcode ?? ""} on the map…` });
    const answer = await lookUp(slug, latest.current);
    if (ask !== asked.current) return;
    if ("message" in answer) return setStatus({ kind: "error", text: answer.message });
    onChange({ ...latest.current, lat: answer.lat, long: answer.long }, fieldPathId.path);
    setStatus({ kind: "done", text: `Placed on the map at the centre of postcode ${answer.postcode} (${answer.label}).` });
  };

  // Placed again when the person changes the postcode or the state (not when the form opens).
  const key = `${address.postcode ?? ""}|${address.state ?? ""}`;
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (!/^\s*\d{4}\s*$/.test(latest.current.postcode ?? "")) {
      asked.current++;
      setStatus({ kind: "idle", text: "" });
      return;
    }
    const timer = setTimeout(() => void place(), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- place reads the latest address through a ref
  }, [key]);

  const id = fieldPathId.$id;
  return (
    <>
      <ObjectField {...props} />
      <div className={own.placeOnMap}>
        <p id={`${id}__map`} role="status" className={status.kind === "error" ? styles.fieldError : styles.hint}>
          {status.text || resting(address)}
        </p>
        <button type="button" className={styles.iconButton} disabled={disabled || readonly || status.kind === "busy"} onClick={() => void place()} aria-describedby={`${id}__map`}>
          Place on the map from the address
        </button>
      </div>
    </>
  );
}
