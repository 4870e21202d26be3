"use client";

import { useEffect, useState } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { ChoiceSelect } from "./choice-select.client";
import { docOf } from "./site-choices";
import { stockWords } from "../new-site-dealerships";
import styles from "../admin.module.css";

/** A dealership of the inventory as GET /api/admin/dealerships lists it (server/admin/dealerships.ts). */
export interface InventoryDealership {
  id: number;
  name: string;
  tenant: string | null;
  stock: number;
  vehicles: number;
}

export interface DealershipOption {
  value: number;
  label: string;
}

type Row = Record<string, unknown>;

/**
 * What a site's dealership entry may be: the inventory's dealerships of this site and those on no
 * site yet (the server refuses another site's), less those other entries of the draft already
 * name; the stored number stays, named as the draft names it, when the list does not have it
 * (`inventory` null: not loaded).
 */
export function dealershipOptions(inventory: InventoryDealership[] | null, slug: string, doc: Row | undefined, current: unknown): DealershipOption[] {
  const entries = Array.isArray(doc?.dealerships) ? (doc.dealerships as Row[]) : [];
  const taken = new Set(entries.map((d) => d?.id).filter((id) => id !== current));
  const out: DealershipOption[] = (inventory ?? [])
    .filter((d) => (d.tenant === slug || d.tenant === null) && !taken.has(d.id))
    .map((d) => ({ value: d.id, label: `${d.name || `Dealership ${d.id}`}: ${stockWords(d)}${d.tenant === null ? ", on no site yet" : ""}` }));
  if (Number.isInteger(current) && !out.some((o) => o.value === current)) {
    const named = entries.find((d) => d?.id === current)?.name;
    const name = typeof named === "string" && named.trim() ? named.trim() : `Dealership ${current}`;
    // Before the list has come (or when it could not), the stored one is named without a verdict.
    out.unshift({ value: current as number, label: inventory ? `${name} (not in the stock feed's list)` : name });
  }
  return out;
}

const loaded = new Map<string, Promise<InventoryDealership[]>>();
/** The inventory's dealerships the signed-in person may see, asked once per editor page. */
function loadDealerships(): Promise<InventoryDealership[]> {
  const key = "all";
  if (!loaded.has(key)) {
    const p = fetch("/api/admin/dealerships").then(async (res) => {
      if (!res.ok) throw new Error("The dealerships could not be loaded.");
      return ((await res.json()) as { dealerships: InventoryDealership[] }).dealerships;
    });
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return loaded.get(key)!;
}

/**
 * A site's dealership, chosen by name from the dealerships the stock feed knows (stores its
 * number: the feed's dealership id, which its cars, leads and locations refer to). Never typed;
 * who may name which dealership is the server's rule (server/tenants/dealerships.ts).
 */
export function DealershipWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, onBlur, onFocus, required } = props;
  const slug = (registry.formContext as { slug?: string } | undefined)?.slug ?? "";
  const [inventory, setInventory] = useState<InventoryDealership[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadDealerships().then(
      (list) => live && setInventory(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const options = dealershipOptions(inventory, slug, docOf(registry.formContext), value);
  const hint = failed
    ? "The stock feed's dealerships could not be loaded; the dealership stays as it is."
    : inventory === null
      ? "Loading the stock feed's dealerships…"
      : "This site's dealerships in the stock feed and those on no site yet. A dealership not listed is added by Forecourt staff in Dealerships.";
  return (
    <>
      <ChoiceSelect
        {...{ id, value, onChange, onBlur, onFocus, disabled, readonly, required }}
        choices={options.map((o) => ({ key: String(o.value), value: o.value, label: o.label }))}
        empty={{ optional: "Not set", choose: "Choose a dealership" }}
        describedBy={`${id}__error ${id}__description ${id}__feed`}
      />
      <p className={failed ? styles.fieldError : styles.hint} id={`${id}__feed`} role="status">
        {hint}
      </p>
    </>
  );
}
