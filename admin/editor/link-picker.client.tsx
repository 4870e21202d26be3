"use client";

import { useEffect, useId, useState } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { enumLabel } from "../../domain/field-wording";
import styles from "../admin.module.css";

import { checkUrl, KINDS, linkKind, loadStock, phoneLink, searchChoice, searchLink, type LinkContext, type LinkKind, type SearchChoice, type Stock } from "./links";

interface PickerProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  context: LinkContext;
  disabled?: boolean;
  describedBy?: string;
  /** Shown instead of the kind select's own label (RJSF labels it from outside). */
  label?: string;
}

/**
 * Where a link goes, chosen rather than typed: a page of the site (by title), a search built from
 * the stock's makes, models, body types and car types, a car found by stock number or name, a phone
 * number or a checked web address. The stored value is the same string a person would have typed.
 */
export function LinkPicker({ id, value, onChange, context, disabled, describedBy, label }: PickerProps) {
  const pages = (context.doc?.pages ?? []).filter((p): p is { title?: string; path: string } => typeof p.path === "string");
  const [kind, setKind] = useState<LinkKind>(() => linkKind(value, pages.map((p) => p.path)));
  const [text, setText] = useState(() => (kind === "phone" ? value.slice(4) : value));
  const [problem, setProblem] = useState("");
  const [stock, setStock] = useState<Stock | null>(null);
  const [stockError, setStockError] = useState("");
  const [query, setQuery] = useState("");
  const [cars, setCars] = useState<Stock["cars"] | null>(null);
  const hint = useId();
  const opts = { joinNewAndDemo: !!context.doc?.search?.joinNewAndDemo, carTypes: context.doc?.identity?.carTypes ?? ["new", "demo", "used"], truckSlug: context.doc?.search?.truckSlug };

  useEffect(() => {
    if (kind !== "search" || stock) return;
    loadStock(context.slug).then(setStock, (e: Error) => setStockError(e.message));
  }, [kind, stock, context.slug]);

  const choose = (next: LinkKind) => {
    setKind(next);
    setProblem("");
    setText("");
    if (next === "page" && pages[0] && !pages.some((p) => p.path === value)) onChange(pages[0].path);
    if (next === "search" && linkKind(value, []) !== "search") onChange("/search");
  };
  const described = [describedBy, problem ? `${id}-problem` : ""].filter(Boolean).join(" ") || undefined;
  const choice = stock ? searchChoice(kind === "search" ? value : "/search", stock.facets, opts) : { carType: "", make: "", model: "", body: "" };
  const setChoice = (change: Partial<SearchChoice>) => onChange(searchLink({ ...choice, ...change, ...(change.make !== undefined ? { model: "" } : {}) }, opts));
  const models = stock?.facets.make_model.filter((mm) => mm.startsWith(`${choice.make} > `)).map((mm) => mm.slice(choice.make.length + 3)) ?? [];
  const carTypeOptions: [string, string][] = [["", "Any"]];
  for (const t of opts.carTypes) if (!(t === "demo" && opts.joinNewAndDemo)) carTypeOptions.push([t, enumLabel(t)]);
  if (opts.carTypes.includes("new") && opts.carTypes.includes("demo") && !opts.joinNewAndDemo) carTypeOptions.push(["demo,new", "New & demo"]);

  async function findCars() {
    setCars(null);
    setStockError("");
    try {
      setCars((await loadStock(context.slug, query)).cars);
    } catch (e) {
      setStockError((e as Error).message);
    }
  }

  const part = `${id}-${kind}`;
  return (
    <div className={styles.linkPicker}>
      <select id={id} className={styles.input} value={kind} disabled={disabled} aria-describedby={describedBy} aria-label={label} onChange={(e) => choose(e.target.value as LinkKind)}>
        {KINDS.map(([k, words]) => (
          <option key={k} value={k}>
            {words}
          </option>
        ))}
      </select>

      {kind === "page" ? (
        <>
          <label htmlFor={part}>Page</label>
          <select id={part} className={styles.input} value={pages.some((p) => p.path === value) ? value : ""} disabled={disabled} aria-describedby={described} onChange={(e) => onChange(e.target.value)}>
            <option value="" disabled>
              Choose a page
            </option>
            {pages.map((p) => (
              <option key={p.path} value={p.path}>
                {p.title || p.path} ({p.path})
              </option>
            ))}
          </select>
        </>
      ) : null}

      {kind === "search" ? (
        stock ? (
          <div className={styles.linkSearch}>
            {(
              [
                ["carType", "Car type", carTypeOptions],
                ["make", "Make", [["", "Any make"], ...stock.facets.make.map((m) => [m, m])]],
                ["model", "Model", [["", "Any model"], ...models.map((m) => [m, m])]],
                ["body", "Body type", [["", "Any body type"], ...stock.facets.body.map((b) => [b, b])]],
              ] as [keyof SearchChoice, string, [string, string][]][]
            ).map(([key, words, options]) => (
              <span key={key}>
                <label htmlFor={`${part}-${key}`}>{words}</label>
                <select
                  id={`${part}-${key}`} className={styles.input} value={choice[key]} disabled={disabled || (key === "model" && !choice.make)}
                  onChange={(e) => setChoice({ [key]: e.target.value })}
                >
                  {options.map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </select>
              </span>
            ))}
            <p className={styles.hint} id={hint}>
              Goes to {value || "/search"}
            </p>
          </div>
        ) : (
          <p className={stockError ? styles.fieldError : styles.hint} role="status">
            {stockError || "Loading the makes and models in stock…"}
          </p>
        )
      ) : null}

      {kind === "car" ? (
        <div>
          <label htmlFor={part}>Stock number or name</label>
          <span className={styles.linkSearchRow}>
            <input
              id={part} type="search" className={styles.input} value={query} disabled={disabled} maxLength={60}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void findCars();
                }
              }}
            />
            <button type="button" className={styles.buttonSecondary} disabled={disabled || !query.trim()} onClick={() => void findCars()}>
              Find
            </button>
          </span>
          {value.startsWith("/cars/") ? <p className={styles.hint}>Goes to {value}</p> : null}
          <div role="status">
            {stockError ? <p className={styles.fieldError}>{stockError}</p> : null}
            {cars && !cars.length ? <p className={styles.hint}>No car in stock matches “{query}”.</p> : null}
          </div>
          {cars?.length ? (
            <ul className={styles.linkCars} aria-label="Cars found">
              {cars.map((c) => (
                <li key={c.slug}>
                  <button type="button" className={styles.iconButton} aria-pressed={value === `/cars/${c.slug}`} onClick={() => onChange(`/cars/${c.slug}`)}>
                    {c.title} · {c.stocknum}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {kind === "phone" || kind === "url" || kind === "other" ? (
        <>
          <label htmlFor={part}>{kind === "phone" ? "Phone number" : kind === "url" ? "Web address" : "Address"}</label>
          <input
            id={part} type={kind === "phone" ? "tel" : kind === "url" ? "url" : "text"} className={styles.input} disabled={disabled}
            value={kind === "other" ? value : text} aria-describedby={described} aria-invalid={problem ? true : undefined}
            placeholder={kind === "phone" ? "07 3000 1234" : kind === "url" ? "https://" : "#section, mailto:sales@example.com.au or /path"}
            onChange={(e) => {
              const typed = e.target.value;
              if (kind === "other") return onChange(typed);
              setText(typed);
              if (kind === "phone") {
                const link = phoneLink(typed);
                setProblem(link ? "" : "The phone number must be digits (spaces, brackets and a leading + are fine), like 07 3000 1234.");
                if (link) onChange(link);
              } else {
                const url = checkUrl(typed);
                setProblem(url.ok ? "" : url.message);
                if (url.ok) onChange(url.value);
              }
            }}
          />
          {problem ? (
            <span className={styles.fieldError} id={`${id}-problem`}>
              {problem}
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** RJSF widget for a link (#/definitions/href): the link picker, with the form context's site and draft. */
export function LinkWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry } = props;
  const context = (registry.formContext ?? { slug: "" }) as LinkContext;
  return (
    <LinkPicker
      id={id} value={typeof value === "string" ? value : ""} context={context} disabled={disabled || readonly}
      describedBy={`${id}__error ${id}__description ${id}__help`}
      onChange={(v) => onChange(v === "" ? undefined : v)}
    />
  );
}
