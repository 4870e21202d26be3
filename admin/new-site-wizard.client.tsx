"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { wizardFieldFor } from "../domain/new-site";
import { slugify } from "../domain/search-paths";
import { ColourInput } from "./editor/colour-input.client";
import { ErrorList } from "./error-list";
import styles from "./admin.module.css";

type Err = { pointer: string; message: string };
const STATES = ["QLD", "NSW", "VIC", "SA", "WA", "TAS", "ACT", "NT", "AUK", "WGN", "CAN", "WKO", "BOP", "OTA"];

/** The New dealer site wizard: the answers become a draft (checked on the server), then publish or edit it. */
export function NewSiteWizard({ templates, port }: { templates: { slug: string; name: string }[]; port: string }) {
  const [template, setTemplate] = useState(templates[0]?.slug ?? "");
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [domains, setDomains] = useState("");
  const [dealerships, setDealerships] = useState([{ id: "", name: "" }]);
  const [primary, setPrimary] = useState("#0b5394");
  const [accent, setAccent] = useState("#102a43");
  const [location, setLocation] = useState({ name: "", street: "", city: "", state: "QLD", postcode: "", phone: "" });
  const [errors, setErrors] = useState<Err[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ slug: string; revision: number } | null>(null);
  const [published, setPublished] = useState<number | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const fieldErrors = new Map<string, string[]>();
  for (const e of errors) {
    const f = wizardFieldFor(e.pointer);
    if (f) fieldErrors.set(f, [...(fieldErrors.get(f) ?? []), e.message]);
  }
  const errorFor = (field: string) => {
    const list = fieldErrors.get(field);
    return list ? (
      <span className={styles.fieldError} id={`${field}-error`}>
        {list.join("; ")}
      </span>
    ) : null;
  };
  const described = (field: string, hint?: string) => [fieldErrors.has(field) ? `${field}-error` : null, hint].filter(Boolean).join(" ") || undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch("/api/admin/tenants", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          template, name, slug, domains,
          dealerships: dealerships.map((d) => ({ id: Number(d.id), name: d.name })),
          colors: { primary, accent }, location,
        }),
      });
      const body = await res.json();
      if (res.status === 201) {
        setErrors([]);
        setCreated(body);
      } else {
        setErrors(body.errors ?? []);
        setMessage(body.message ?? "The site could not be created.");
        requestAnimationFrame(() => summary.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  }

  async function publishNow() {
    if (!created) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/tenants/${created.slug}/publish`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ revision: created.revision }),
      });
      const body = await res.json();
      if (res.ok) setPublished(body.version);
      else {
        setErrors(body.errors ?? []);
        setMessage(body.message);
      }
    } finally {
      setBusy(false);
    }
  }

  if (created) {
    const url = `http://${created.slug}.localhost${port ? `:${port}` : ""}/`;
    return (
      <div className={styles.card}>
        <div className={styles.success} role="status">
          {published ? (
            <>
              Published version {published}. The site is live at <a href={url}>{url}</a>
            </>
          ) : (
            <>The draft of {name} is ready. Nothing is public until it is published.</>
          )}
        </div>
        {message ? <p className={styles.alert}>{message}</p> : null}
        <p>
          It still shows the template&apos;s logo and pictures: upload the dealer&apos;s own in the editor (Theme → Logo, and the home page&apos;s
          blocks) before publishing.
        </p>
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

  const setLoc = (k: keyof typeof location) => (e: { target: { value: string } }) => setLocation({ ...location, [k]: e.target.value });
  return (
    <form className={`${styles.card} ${styles.wizard}`} onSubmit={submit} noValidate data-ready={ready}>
      {message ? (
        <div className={styles.alert} role="alert" tabIndex={-1} ref={summary}>
          <p style={{ margin: 0 }}>{message}</p>
          {errors.length ? (
            <ErrorList errors={errors} />
          ) : null}
        </div>
      ) : null}
      <fieldset>
        <legend>Start from</legend>
        <div className={styles.field}>
          <label htmlFor="template">Starting template</label>
          <select id="template" value={template} onChange={(e) => setTemplate(e.target.value)} aria-describedby="template-hint">
            {templates.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name} ({t.slug})
              </option>
            ))}
          </select>
          <span className={styles.hint} id="template-hint">
            The new site copies this site&apos;s pages, theme and settings; you change them in the editor afterwards.
          </span>
        </div>
      </fieldset>
      <fieldset>
        <legend>Site</legend>
        <div className={styles.grid2}>
          <div className={styles.field}>
            <label htmlFor="name">Site name</label>
            <input
              id="name" value={name} required aria-invalid={fieldErrors.has("name")} aria-describedby={described("name")}
              onChange={(e) => {
                setName(e.target.value);
                if (!slugEdited) setSlug(slugify(e.target.value));
              }}
            />
            {errorFor("name")}
          </div>
          <div className={styles.field}>
            <label htmlFor="slug">Slug</label>
            <input
              id="slug" value={slug} required aria-invalid={fieldErrors.has("slug")} aria-describedby={described("slug", "slug-hint")}
              onChange={(e) => {
                setSlug(e.target.value);
                setSlugEdited(true);
              }}
            />
            <span className={styles.hint} id="slug-hint">
              Lower-case letters, digits and hyphens. The site answers on {slug || "{slug}"}.localhost{port ? `:${port}` : ""}.
            </span>
            {errorFor("slug")}
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor="domains">Domains</label>
          <textarea id="domains" rows={2} value={domains} onChange={(e) => setDomains(e.target.value)} aria-describedby={described("domains", "domains-hint")} />
          <span className={styles.hint} id="domains-hint">
            One per line, e.g. www.example.com.au. Optional: leave empty until the dealer&apos;s domain points here.
          </span>
          {errorFor("domains")}
        </div>
      </fieldset>
      <fieldset>
        <legend>Dealerships</legend>
        <p className={styles.hint}>Each dealership&apos;s id is the one its stock feed uses; its stock is listed on the site.</p>
        {dealerships.map((d, i) => (
          <div className={styles.grid2} key={i}>
            <div className={styles.field}>
              <label htmlFor={`dealership-${i}-id`}>Dealership {i + 1} id</label>
              <input
                id={`dealership-${i}-id`} inputMode="numeric" value={d.id} aria-describedby={described(`dealerships.${i}.id`)}
                onChange={(e) => setDealerships(dealerships.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)))}
              />
              {errorFor(`dealerships.${i}.id`)}
            </div>
            <div className={styles.field}>
              <label htmlFor={`dealership-${i}-name`}>Dealership {i + 1} name</label>
              <input
                id={`dealership-${i}-name`} value={d.name} aria-describedby={described(`dealerships.${i}.name`)}
                onChange={(e) => setDealerships(dealerships.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
              />
              {errorFor(`dealerships.${i}.name`)}
            </div>
          </div>
        ))}
        <div className={styles.actions}>
          <button type="button" className={styles.buttonSecondary} onClick={() => setDealerships([...dealerships, { id: "", name: "" }])}>
            Add a dealership
          </button>
          {dealerships.length > 1 ? (
            <button type="button" className={styles.buttonSecondary} onClick={() => setDealerships(dealerships.slice(0, -1))}>
              Remove the last dealership
            </button>
          ) : null}
        </div>
      </fieldset>
      <fieldset>
        <legend>Brand colours</legend>
        <div className={styles.grid2}>
          <div className={styles.field}>
            <label htmlFor="primary">Primary (buttons, links)</label>
            <ColourInput id="primary" label="Primary (buttons, links)" value={primary} onChange={setPrimary} describedBy={described("colors.primary")} />
            {errorFor("colors.primary")}
          </div>
          <div className={styles.field}>
            <label htmlFor="accent">Accent (highlights, header bar)</label>
            <ColourInput id="accent" label="Accent (highlights, header bar)" value={accent} onChange={setAccent} describedBy={described("colors.accent")} />
            {errorFor("colors.accent")}
          </div>
        </div>
        <p className={styles.hint}>Text on these colours is set to white or black, whichever reads better.</p>
      </fieldset>
      <fieldset>
        <legend>First location</legend>
        <div className={styles.grid2}>
          {(
            [
              ["name", "Location name"],
              ["street", "Street"],
              ["city", "City or suburb"],
              ["postcode", "Postcode"],
              ["phone", "Phone"],
            ] as const
          ).map(([k, label]) => (
            <div className={styles.field} key={k}>
              <label htmlFor={`location-${k}`}>{label}</label>
              <input id={`location-${k}`} value={location[k]} onChange={setLoc(k)} aria-describedby={described(`location.${k}`)} inputMode={k === "postcode" ? "numeric" : undefined} />
              {errorFor(`location.${k}`)}
            </div>
          ))}
          <div className={styles.field}>
            <label htmlFor="location-state">State or region</label>
            <select id="location-state" value={location.state} onChange={setLoc("state")}>
              {STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? "Creating…" : "Create the draft"}
      </button>
    </form>
  );
}
