/** The new-site wizard's requests after the site is created: the logo uploaded and written into the draft. */

/** A response's JSON body, or {} when it has none. */
export async function readJson(res: Response): Promise<Record<string, any>> {
  return res.json().catch(() => ({}));
}

/** Uploads the logo to the new site and writes it into the draft; a failure leaves the site as created. */
export async function addLogo(site: string, file: File, name: string): Promise<{ revision?: number; problem?: string }> {
  const up = await fetch(`/api/admin/tenants/${encodeURIComponent(site)}/uploads`, { method: "POST", headers: { "content-type": file.type || "application/octet-stream" }, body: file });
  const stored = await readJson(up);
  if (!up.ok) return { problem: stored.message ?? `the upload failed (the server answered ${up.status})` };
  const current = await readJson(await fetch(`/api/admin/tenants/${encodeURIComponent(site)}/draft`));
  const document = current.document;
  if (!document?.theme) return { problem: "the new draft could not be read" };
  document.theme.logo = { src: stored.src, alt: `${name.trim()} logo`, width: stored.width, height: stored.height };
  const saved = await fetch(`/api/admin/tenants/${encodeURIComponent(site)}/draft`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ document, revision: current.revision }),
  });
  const body = await readJson(saved);
  return saved.ok ? { revision: body.revision } : { problem: body.message ?? "the draft could not be saved" };
}
