/**
 * The search box's second opinion (issue 34): a request the embedded parser left words of is sent to
 * the site's POST /api/understand (server/understand/http.ts) when the page says a language model is
 * configured. Its reading is used only when the model's answer was taken there, arrives within
 * `waitMs` and has the shape of a search state; anything else keeps the parser's reading.
 */
import type { Understood } from "../../domain/understand/understand";

export type Reading = Pick<Understood, "refinementList" | "range" | "query">;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

export async function understandRemotely(text: string, waitMs: number): Promise<Reading | null> {
  try {
    const res = await fetch("/api/understand", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }), signal: AbortSignal.timeout(waitMs) });
    if (!res.ok) return null;
    const body = (await res.json()) as Record<string, unknown>;
    const { refinementList, range, query } = body;
    if (body.source !== "language-model" || !isRecord(refinementList) || !isRecord(range) || typeof query !== "string") return null;
    if (!Object.values(refinementList).every((v) => Array.isArray(v) && v.every((s) => typeof s === "string"))) return null;
    if (!Object.values(range).every((v) => typeof v === "string")) return null;
    return { refinementList: refinementList as Reading["refinementList"], range: range as Reading["range"], query };
  } catch {
    // Late, offline or refused: the parser's reading stands.
    return null;
  }
}
