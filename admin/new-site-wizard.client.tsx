"use client";

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { FieldProps } from "@rjsf/utils";
import {
  AU_STATES, NZ_REGIONS, STARTER_KINDS, USUAL_HOURS, type AnswerError, type OpeningHour, type StarterKind, type StockKind,
} from "../domain/new-site";
import { slugify } from "../domain/search-paths";
import { kindServices, secondColourShows } from "../domain/starters";
import type { Placeholder } from "../domain/placeholders";
import { ColourInput } from "./editor/colour-input.client";
import { OpeningHoursField } from "./editor/opening-hours.client";
import { UPLOAD_ACCEPT } from "./editor/image-field.client";
import { NewSiteCreated, type CreatedSite } from "./new-site-created.client";
import { DealershipChoice, type WizardDealership } from "./new-site-dealerships";
import { addLogo, readJson } from "./new-site-requests";
import styles from "./admin.module.css";

const STOCK_WORDS: Record<StockKind, string> = { car: "Cars", motorcycle: "Motorcycles", truck: "Trucks", caravan: "Caravans" };
/** The element a field's error points to: /location/postcode → location-postcode; a day's hours → the hours table. */
const fieldId = (pointer: string) => (pointer.startsWith("/hours") ? "hours" : pointer.slice(1).replace(/\//g, "-") || "kind");


/**
 * The New dealer site wizard: what a site cannot work without, in plain words. The answers fill
 * the starter of the chosen kind on the server (checked there, each problem shown at its field);
 * a logo is uploaded to the new site right after, then it can be published or edited.
 */

export function NewSiteWizard({ makes: makeOptions, dealerships, port }: { makes: Record<StockKind, string[]>; dealerships: WizardDealership[]; port: string }) {
  const [kind, setKind] = useState<StarterKind>("franchise");
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [domains, setDomains] = useState("");
  const [makes, setMakes] = useState<string[]>([]);
  const [leadEmail, setLeadEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [location, setLocation] = useState({ name: "", street: "", city: "", state: "NSW", postcode: "", licence: "" });
  const [hours, setHours] = useState<OpeningHour[]>(USUAL_HOURS);
  // Asked, not assumed: a second "Service" location only when the workshop is said to be here.
  const [service, setService] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [primary, setPrimary] = useState("#0b5394");
  const [accent, setAccent] = useState("#102a43");
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [refused, setErrors] = useState<AnswerError[]>([]);
  /** The colours as last sent: a colour's error is about that value and goes once it is corrected. */
  const [sentColours, setSentColours] = useState({ primary: "", accent: "" });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedSite | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // Each refusal brings the summary of what to fix into view (and to a screen reader).
  useEffect(() => {
    if (message && !created) summary.current?.focus();
  }, [message, refused, created]);

  const errors = refused.filter((e) => !(e.pointer === "/colors/primary" && primary !== sentColours.primary) && !(e.pointer === "/colors/accent" && accent !== sentColours.accent));
  const info = STARTER_KINDS.find((k) => k.id === kind)!;
  const nz = kind === "nz";
  const states = nz ? NZ_REGIONS : AU_STATES;
  const byField = new Map<string, string[]>();
  for (const e of errors) byField.set(fieldId(e.pointer), [...(byField.get(fieldId(e.pointer)) ?? []), e.message]);
  const errorFor = (id: string) =>
    byField.has(id) ? (
      <span className={styles.fieldError} id={`${id}-error`}>
        {byField.get(id)!.join(" ")}
      </span>
    ) : null;
  const describedBy = (id: string, hint?: boolean) => [byField.has(id) ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  const field = (id: string, label: string, input: ReactNode, hint?: string) => (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {input}
      {hint ? (
        <span className={styles.hint} id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {errorFor(id)}
    </div>
  );
  const textInput = (id: string, value: string, set: (v: string) => void, extra: Record<string, unknown> = {}) => (
    <input id={id} value={value} aria-invalid={byField.has(id) || undefined} onChange={(e) => set(e.target.value)} {...extra} />
  );
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  function chooseKind(next: StarterKind) {
    setKind(next);
    // The makes offered and the states differ by kind: keep only what still fits.
    const offered = new Set(STARTER_KINDS.find((k) => k.id === next)!.stockKinds.flatMap((s) => makeOptions[s] ?? []));
    setMakes((m) => m.filter((x) => offered.has(x)));
    const fits = (next === "nz" ? NZ_REGIONS : AU_STATES).some(([code]) => code === location.state);
    if (!fits) setLocation({ ...location, state: next === "nz" ? "AUK" : "NSW" });
  }


  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    setSentColours({ primary, accent });
    try {
      const res = await fetch("/api/admin/tenants", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind, name, slug: slugEdited ? slug : "", domains, makes, leadEmail, phone, location, hours, dealerships: picked, colors: { primary, accent }, service: kindServices(kind) && service }),
      });
      const body = await readJson(res);
      if (res.status !== 201) {
        setErrors(body.errors ?? []);
        setMessage(body.message ?? "The site could not be created.");
        return;
      }
      setErrors([]);
      let { revision } = body;
      let logoProblem: string | undefined;
      if (logo) {
        const added = await addLogo(body.slug, logo.file, name).catch(() => ({ problem: "the server could not be reached", revision: undefined }));
        if (added.revision) revision = added.revision;
        logoProblem = added.problem;
      }
      // With the logo added, the starter's "Your logo" box is no longer left to replace.
      const placeholders = ((body.placeholders ?? []) as Placeholder[]).filter((p) => !(logo && !logoProblem && p.pointer.startsWith("/theme/logo")));
      setCreated({ slug: body.slug, revision, placeholders, logoProblem });
    } catch {
      setMessage("The server could not be reached. Check the connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  if (created) return <NewSiteCreated created={created} name={name} port={port} />;

  const setLoc = (k: keyof typeof location) => (v: string) => setLocation({ ...location, [k]: v });
  const hoursProps = {
    formData: hours, onChange: (v: OpeningHour[]) => setHours(v), fieldPathId: { $id: "hours", path: [] }, disabled: false, readonly: false,
    errorSchema: Object.fromEntries(errors.flatMap((e) => {
      const day = /^\/hours\/(\d)$/.exec(e.pointer);
      const index = day ? hours.findIndex((h) => h.weekday === Number(day[1])) : -1;
      return index >= 0 ? [[index, { __errors: [e.message] }]] : [];
    })),
  } as unknown as FieldProps;

  return (
    <form className={`${styles.card} ${styles.wizard}`} onSubmit={submit} noValidate data-ready={ready}>
      {message ? (
        <div className={styles.alert} role="alert" tabIndex={-1} ref={summary}>
          <p style={{ margin: 0 }}>{message}</p>
          {errors.length ? (
            <ul>
              {errors.map((e, i) => (
                <li key={i}>
                  <a href={`#${fieldId(e.pointer)}`}>{e.message}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <fieldset>
        <legend>The site</legend>
        {field("name", "Site name", textInput("name", name, (v) => {
          setName(v);
          if (!slugEdited) setSlug(slugify(v).slice(0, 60));
        }, { "aria-describedby": describedBy("name", true), maxLength: 80, autoComplete: "organization" }), "The dealer's trading name, as the header, page titles and e-mails show it.")}
        <fieldset id="kind" aria-describedby={describedBy("kind")}>
          <legend>Kind of site</legend>
          {STARTER_KINDS.map((k) => (
            <div key={k.id} className={styles.choice}>
              <input type="radio" name="kind" id={`kind-${k.id}`} value={k.id} checked={kind === k.id} onChange={() => chooseKind(k.id)} aria-describedby={`kind-${k.id}-hint`} />
              <label htmlFor={`kind-${k.id}`}>{k.name}</label>
              <span className={styles.hint} id={`kind-${k.id}-hint`}>
                {k.description}
              </span>
            </div>
          ))}
          {errorFor("kind")}
        </fieldset>
      </fieldset>
      <fieldset id="makes" aria-describedby={describedBy("makes")}>
        <legend>{info.makesRequired ? "Makes sold new" : "Makes sold (optional)"}</legend>
        {info.stockKinds.map((s) => (
          <div key={s}>
            {info.stockKinds.length > 1 ? <p className={styles.label}>{STOCK_WORDS[s]}</p> : null}
            <ul className={styles.checkList}>
              {(makeOptions[s] ?? []).map((m) => (
                <li key={m}>
                  <input type="checkbox" id={`make-${s}-${slugify(m)}`} checked={makes.includes(m)} onChange={() => setMakes(toggle(makes, m))} />
                  <label htmlFor={`make-${s}-${slugify(m)}`}>{m}</label>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {errorFor("makes")}
      </fieldset>
      <fieldset>
        <legend>How customers reach the dealer</legend>
        <div className={styles.grid2}>
          {field("leadEmail", "Lead e-mail", textInput("leadEmail", leadEmail, setLeadEmail, { type: "email", autoComplete: "email", "aria-describedby": describedBy("leadEmail", true) }), "Enquiries, test drives and trade-in offers are sent here.")}
          {field("phone", "Main phone", textInput("phone", phone, setPhone, { type: "tel", autoComplete: "tel", "aria-describedby": describedBy("phone", true) }), nz ? "e.g. 09 555 0140 or 0800 555 014" : "e.g. 03 6200 1234 or 1300 555 014")}
        </div>
      </fieldset>
      <fieldset>
        <legend>First location</legend>
        <div className={styles.grid2}>
          {field("location-name", "Location name", textInput("location-name", location.name, setLoc("name"), { "aria-describedby": describedBy("location-name") }))}
          {field("location-street", "Street address", textInput("location-street", location.street, setLoc("street"), { autoComplete: "address-line1", "aria-describedby": describedBy("location-street") }))}
          {field("location-city", "Town or suburb", textInput("location-city", location.city, setLoc("city"), { autoComplete: "address-level2", "aria-describedby": describedBy("location-city") }))}
          {field(
            "location-state", nz ? "Region" : "State",
            <select id="location-state" value={location.state} onChange={(e) => setLoc("state")(e.target.value)} aria-describedby={describedBy("location-state")}>
              {states.map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>,
          )}
          {field("location-postcode", "Postcode", textInput("location-postcode", location.postcode, setLoc("postcode"), { inputMode: "numeric", maxLength: 4, autoComplete: "postal-code", "aria-describedby": describedBy("location-postcode") }))}
          {field(
            "location-licence", nz ? "Motor vehicle trader registration number" : "Dealer licence number",
            textInput("location-licence", location.licence, setLoc("licence"), { maxLength: 40, spellCheck: false, "aria-describedby": describedBy("location-licence", true) }),
            nz ? "Shown on the site's consumer information notices." : "Every Australian state requires it on the site: it cannot be published without it.",
          )}
        </div>
        <div className={styles.wizardHours}>
          <OpeningHoursField {...hoursProps} />
          {errorFor("hours")}
        </div>
        {kindServices(kind) ? (
          <div className={styles.choice}>
            <input type="checkbox" id="service" checked={service} onChange={(e) => setService(e.target.checked)} aria-describedby="service-hint" />
            <label htmlFor="service">The service department (workshop) is here too</label>
            <span className={styles.hint} id="service-hint">Tick it when the workshop is at this address: the site then lists it as a second location, with these hours, and has a Book a Service page.</span>
          </div>
        ) : null}
      </fieldset>
      <DealershipChoice dealerships={dealerships} picked={picked} onToggle={(v) => setPicked(toggle(picked, v))} describedBy={describedBy("dealerships", true)} error={errorFor("dealerships")} />
      <fieldset>
        <legend>Colours and logo</legend>
        <div className={styles.grid2}>
          {field("colors-primary", "Main colour (buttons, links)", <ColourInput id="colors-primary" label="Main colour (buttons, links)" value={primary} onChange={setPrimary} describedBy={describedBy("colors-primary")} />)}
          {field("colors-accent", "Second colour", <ColourInput id="colors-accent" label="Second colour" value={accent} onChange={setAccent} describedBy={describedBy("colors-accent", true)} />, secondColourShows(kind))}
        </div>
        <p className={styles.hint}>Text on these colours is set to white or black, whichever reads better.</p>
        {field(
          "logo", "Logo (optional: JPEG, PNG, WebP, GIF or AVIF, up to 10 MB)",
          <input
            id="logo" type="file" accept={UPLOAD_ACCEPT}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (logo) URL.revokeObjectURL(logo.url);
              setLogo(file ? { file, url: URL.createObjectURL(file) } : null);
            }}
          />,
          "Without one, the site shows a “Your logo” box until a logo is added in the editor.",
        )}
        {/* <img>: a preview of the chosen file (a blob: address), not a page image */}
        {logo ? <img className={styles.imagePreview} src={logo.url} alt="The chosen logo" /> : null}
      </fieldset>
      <details className={styles.advanced} open={byField.has("slug") || byField.has("domains") || undefined}>
        <summary>Advanced: web address</summary>
        {field("slug", "Web address name", textInput("slug", slug, (v) => {
          setSlug(v);
          setSlugEdited(true);
        }, { "aria-describedby": describedBy("slug", true), maxLength: 60, spellCheck: false }), `Made from the site name. The site answers on ${slug || "…"}.localhost${port ? `:${port}` : ""} until its domain points here.`)}
        {field("domains", "Domains (optional)", <textarea id="domains" rows={2} value={domains} onChange={(e) => setDomains(e.target.value)} aria-describedby={describedBy("domains", true)} />, "One per line, e.g. www.example.com.au. Leave empty until the dealer's domain points here.")}
      </details>
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? "Creating…" : "Create the site"}
      </button>
    </form>
  );
}
