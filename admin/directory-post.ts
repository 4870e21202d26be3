/** The dealership directory's requests: a JSON POST whose answer (or a failed connection) comes back as data, never a throw. */
export type Err = { pointer: string; message: string };

export const post = async (url: string, body: unknown = {}) => {
  try {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { ok: res.ok, status: res.status, body: await res.json().catch(() => ({})) };
  } catch {
    return { ok: false, status: 0, body: { message: "The server could not be reached; try again." } };
  }
};
