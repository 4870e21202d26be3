"use client";

import { useRef, useState } from "react";
import type { FieldProps } from "@rjsf/utils";
import styles from "../admin.module.css";
import { LibraryDialog, type LibraryPicture } from "./library-dialog.client";
import { errorMessages } from "./sections";

interface ImageAsset {
  src?: string;
  alt?: string;
  width?: number;
  height?: number;
}

export interface EditorFormContext {
  /** The site being edited: uploads are stored for it. */
  slug: string;
}

/** The picture types the upload endpoint accepts (server/media/uploads.ts). */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const SHOWABLE = /^(\/[^\s]+|https?:\/\/[^\s]+)$/;

const errorsAt = (errorSchema: unknown, key: string): string[] => {
  const node = (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key];
  return node?.__errors ?? [];
};

function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return errors.length ? (
    <span className={styles.fieldError} id={id}>
      {errors.join("; ")}
    </span>
  ) : null;
}

/**
 * RJSF field for an image (the schema's imageAsset): upload a picture, choose one of the site's
 * library (its alt text proposed) or give its address, see it,
 * describe it (alternative text) and keep its size, which the site uses to reserve the space before
 * the picture arrives. An upload or a newly typed address fills in the width and height.
 */
export function ImageField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, disabled, readonly, schema, uiSchema, name, registry, required } = props;
  const value = (formData && typeof formData === "object" ? formData : {}) as ImageAsset;
  const slug = (registry.formContext as EditorFormContext | undefined)?.slug;
  const id = fieldPathId.$id;
  const locked = disabled || readonly;
  const [status, setStatus] = useState<{ kind: "idle" | "busy" | "done" | "error"; text: string }>({ kind: "idle", text: "" });
  // Set when the address changes here: the preview's natural size is then written as the image's size.
  const measure = useRef(false);
  const file = useRef<HTMLInputElement>(null);
  const [library, setLibrary] = useState(false);
  // An optional picture of a list item (a menu item's logo) that has none: its fields only when asked for.
  const inList = fieldPathId.path.some((p) => typeof p === "number");
  const [asked, setAsked] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);

  const change = (next: ImageAsset) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && !(typeof v === "number" && Number.isNaN(v))));
    onChange(Object.keys(clean).length ? clean : undefined, fieldPathId.path);
  };
  const numberFrom = (text: string) => (text === "" ? undefined : Math.round(Number(text)));

  async function upload(picked: File) {
    if (!slug) return;
    setStatus({ kind: "busy", text: `Uploading ${picked.name}…` });
    try {
      const res = await fetch(`/api/admin/tenants/${encodeURIComponent(slug)}/uploads`, {
        method: "POST",
        headers: { "content-type": picked.type || "application/octet-stream" },
        body: picked,
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) {
        setStatus({ kind: "error", text: body.message ?? `The upload failed (the server answered ${res.status}).` });
        return;
      }
      measure.current = false;
      // A picture already in the library brings the alt text it was given there.
      change({ ...value, src: body.src, width: body.width, height: body.height, alt: body.alt || value.alt || "" });
      setStatus({
        kind: "done",
        text: `Uploaded ${picked.name} (${body.width} × ${body.height} px). ${body.alt ? "Its alternative text from the library is proposed below; check it fits here." : "Describe it below."}`,
      });
    } catch {
      setStatus({ kind: "error", text: "The upload could not reach the server; try again." });
    } finally {
      if (file.current) file.current.value = "";
    }
  }

  function choose(p: LibraryPicture) {
    setLibrary(false);
    measure.current = false;
    change({ ...value, src: p.src, width: p.width, height: p.height, alt: p.alt || value.alt || "" });
    setStatus({
      kind: "done",
      text: `Chose a picture from the library (${p.width} × ${p.height} px). ${p.alt ? "Its alternative text is proposed below; check it fits here." : "Describe it below."}`,
    });
  }

  const src = value.src ?? "";
  const title = (uiSchema?.["ui:title"] as string | undefined) ?? (schema.title as string | undefined) ?? (name ? name.replace(/[_-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase()) : "Image");
  const field = (key: keyof ImageAsset) => `${id}_${key}`;
  const described = (key: keyof ImageAsset, extra?: string) => [errorsAt(errorSchema, key).length ? `${field(key)}__error` : "", extra ?? ""].filter(Boolean).join(" ") || undefined;
  const errorText = (k: keyof ImageAsset) => <FieldErrors id={`${field(k)}__error`} errors={errorsAt(errorSchema, k)} />;

  const hasErrors = errorMessages(errorSchema).length > 0;
  if (inList && !required && !asked && !Object.keys(value).length && !hasErrors) {
    return (
      <fieldset id={id}>
        <legend>{title}</legend>
        <button
          type="button" className={`${styles.buttonSecondary} ${styles.small}`} disabled={locked}
          onClick={() => {
            setAsked(true);
            requestAnimationFrame(() => firstInput.current?.focus());
          }}
        >
          Add {title.toLowerCase()}
        </button>
      </fieldset>
    );
  }

  return (
    <fieldset id={id}>
      <legend>
        {title}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <div className={styles.imageRow}>
        <div className={styles.imageFields}>
          <label htmlFor={field("src")}>Image address</label>
          <input
            id={field("src")} ref={firstInput} type="text" inputMode="url" className={styles.input} value={src} disabled={locked} readOnly={readonly}
            placeholder="/media/… or https://…" aria-describedby={described("src")} aria-invalid={errorsAt(errorSchema, "src").length ? true : undefined}
            onChange={(e) => {
              measure.current = true;
              setStatus({ kind: "idle", text: "" });
              change({ ...value, src: e.target.value === "" ? undefined : e.target.value });
            }}
          />
          {errorText("src")}
          {slug ? (
            <>
              <label htmlFor={`${id}_upload`}>Or upload a picture (JPEG, PNG, WebP, GIF or AVIF, up to 10 MB)</label>
              <input
                id={`${id}_upload`} ref={file} type="file" accept={UPLOAD_ACCEPT} disabled={locked || status.kind === "busy"}
                onChange={(e) => {
                  const picked = e.target.files?.[0];
                  if (picked) void upload(picked);
                }}
              />
              <div>
                <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} disabled={locked || status.kind === "busy"} onClick={() => setLibrary(true)}>
                  Choose from library<span className="fc-visually-hidden"> for {title}</span>
                </button>
              </div>
              <LibraryDialog id={id} slug={slug} open={library} onClose={() => setLibrary(false)} onChoose={choose} />
            </>
          ) : null}
          <p className={status.kind === "error" ? styles.fieldError : styles.hint} role="status" aria-live="polite">
            {status.text}
          </p>
          <label htmlFor={field("alt")}>Alternative text</label>
          <input
            id={field("alt")} type="text" className={styles.input} value={value.alt ?? ""} disabled={locked} readOnly={readonly} maxLength={300}
            aria-describedby={described("alt", `${field("alt")}__help`)} aria-invalid={errorsAt(errorSchema, "alt").length ? true : undefined}
            onChange={(e) => change({ ...value, alt: e.target.value })}
          />
          <span className={styles.hint} id={`${field("alt")}__help`}>
            What the picture shows, for people who cannot see it; leave empty when it is only decoration.
          </span>
          {errorText("alt")}
          <div className={styles.imageSize}>
            {(["width", "height"] as const).map((k) => (
              <div key={k}>
                <label htmlFor={field(k)}>{k === "width" ? "Width (px)" : "Height (px)"}</label>
                <input
                  id={field(k)} type="number" min={1} max={8000} step={1} className={styles.input} value={value[k] ?? ""} disabled={locked} readOnly={readonly}
                  aria-describedby={described(k)} aria-invalid={errorsAt(errorSchema, k).length ? true : undefined}
                  onChange={(e) => change({ ...value, [k]: numberFrom(e.target.value) })}
                />
                {errorText(k)}
              </div>
            ))}
          </div>
        </div>
        {SHOWABLE.test(src) ? (
          // <img>, not next/image: a preview of whatever address is typed, not an optimised page image
          <img
            className={styles.imagePreview} src={src} alt={`Preview: ${value.alt || "the image"}`}
            onLoad={(e) => {
              if (!measure.current) return;
              measure.current = false;
              const { naturalWidth: width, naturalHeight: height } = e.currentTarget;
              if (width && height && (width !== value.width || height !== value.height)) change({ ...value, width: Math.min(width, 8000), height: Math.min(height, 8000) });
            }}
            onError={() => {
              if (measure.current) setStatus({ kind: "error", text: "No picture could be loaded from this address." });
            }}
          />
        ) : (
          <span className={styles.hint}>The preview shows once the address starts with / or https://.</span>
        )}
      </div>
    </fieldset>
  );
}
