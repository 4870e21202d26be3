/**
 * The wizard's calls to /api/eval-expert/* (spec leads §7) and how their answers are read. Every
 * answer is a list whose first item holds what we need; anything else counts as a failure with the
 * server's message (an `error` or `message` string) or the spec's generic one (§8).
 */
import { fetchWithChallenge } from "../_shared/challenge";
import { CALL_FAILED_MESSAGE, TRADE_IN_CATEGORY, TRADE_IN_STAGES, type TradeInState } from "../../domain/trade-in";
import type { TradeInDetails } from "../../domain/trade-in-details";

export const ENDPOINTS = {
  enterVin: "/api/eval-expert/enter-vin",
  manualEntry: "/api/eval-expert/manual-entry",
  imageUpload: "/api/eval-expert/image-upload",
  updateEval: "/api/eval-expert/update-eval",
  // §7 "Offer acceptance": path not shown by the spec; ours.
  acceptOffer: "/api/eval-expert/accept-offer",
  miscellaneous: "/api/miscellaneous",
} as const;

/** The found car (spec §3 valuation result), as far as the wizard shows it. */
export interface Evaluation {
  EvalID: string;
  VIN?: string;
  Registration?: string;
  Make?: string;
  Model?: string;
  Variant?: string;
  Series?: string;
  Year?: number;
  Body?: string;
  Transmission?: string;
  /** The kind of vehicle when the lookup knows it (car, motorcycle, truck, caravan): what Step Four asks follows it. */
  ItemType?: string;
}

export type Lookup = { kind: "match"; evaluation: Evaluation } | { kind: "candidates"; vin: string; descriptions: string[] } | { kind: "none" };

/**
 * An offer (a figure valid until a date), or no online figure with the reason; the lead id either
 * way; and `valuation`, update-eval's answer as sent (its first item: the full evaluation, spec §7),
 * which sites with sendValuationToMiscellaneous pass on to /api/miscellaneous.
 */
export type Outcome = {
  leadId: string | null;
  offer: { price: number; validUntil: Date | null } | { price: null; reason: string | null };
  valuation: Record<string, unknown>;
};

/** A call that failed: the message to show and, when the server answered, its status (a 4xx is a refusal of what was sent). */
export class CallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

type Item = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined);

async function call(url: string, body: BodyInit, json: boolean): Promise<Item> {
  let res: Response;
  try {
    res = await fetchWithChallenge(url, {
      method: "POST",
      credentials: "same-origin",
      ...(json ? { headers: { "content-type": "application/json" } } : {}),
      body,
    });
  } catch {
    throw new CallError(CALL_FAILED_MESSAGE);
  }
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const a = (answer ?? {}) as Item;
    throw new CallError(str(a.error) ?? str(a.message) ?? CALL_FAILED_MESSAGE, res.status);
  }
  const first = Array.isArray(answer) ? answer[0] : answer;
  if (!first || typeof first !== "object" || Array.isArray(first)) throw new CallError(CALL_FAILED_MESSAGE);
  return first as Item;
}

const postJson = (url: string, body: object) => call(url, JSON.stringify(body), true);

export function readEvaluation(item: Item): Evaluation | null {
  const EvalID = str(item.EvalID);
  if (!EvalID) return null;
  const year = Number(item.Year);
  return {
    EvalID,
    VIN: str(item.VIN),
    Registration: str(item.Registration),
    Make: str(item.Make),
    Model: str(item.Model),
    Variant: str(item.Variant),
    Series: str(item.Series),
    Year: Number.isInteger(year) && year > 1900 ? year : undefined,
    Body: str(item.Body),
    Transmission: str(item.Transmission),
    ItemType: str(item.ItemType),
  };
}

/** The candidate descriptions under whichever key spelling the answer uses (any list of descriptions). */
function readDescriptions(item: Item): string[] {
  for (const [key, value] of Object.entries(item)) {
    if (!/desc/i.test(key) || !Array.isArray(value)) continue;
    const list = value.map((d) => str(d) ?? str((d as Item | null)?.Description)).filter((d): d is string => !!d);
    if (list.length) return [...new Set(list)];
  }
  return [];
}

/** Step One: rego and state (and the car being bought on /cars/trade-in?car_id=). */
export async function enterVin(rego: string, state: TradeInState, carId: string | null): Promise<Lookup> {
  const item = await postJson(ENDPOINTS.enterVin, { rego, state, ...(carId ? { car_id: carId } : {}) });
  const evaluation = readEvaluation(item);
  if (evaluation) return { kind: "match", evaluation };
  const descriptions = readDescriptions(item);
  return descriptions.length ? { kind: "candidates", vin: str(item.VIN) ?? "", descriptions } : { kind: "none" };
}

/** Step Two: the chosen description. */
export async function manualEntry(vin: string, desc: string): Promise<Evaluation> {
  const evaluation = readEvaluation(await postJson(ENDPOINTS.manualEntry, { vin, desc }));
  if (!evaluation) throw new CallError(CALL_FAILED_MESSAGE);
  return evaluation;
}

/** Step Three: one request per image. */
export async function uploadImage(evalId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append("evalid", evalId);
  form.append("file", file, file.name);
  await call(ENDPOINTS.imageUpload, form, false);
}

/** Step Four: the final update with the visitor's details and condition answers; the answer carries the offer. */
export async function updateEval(evalId: string, details: TradeInDetails, userEmail: string, carId: string | null): Promise<Outcome> {
  const item = await postJson(ENDPOINTS.updateEval, {
    evalid: evalId,
    km: details.odometer,
    userEmail,
    // cName is the first name (the lead's `name`, spec §3); last_name goes along with the details.
    cName: details.first_name,
    cEmail: details.email,
    cPhone: details.phone,
    ...details,
    ...(carId ? { car_id: carId } : {}),
  });
  const leadId = str(item.lead_id) ?? null;
  const price = Number(item.offer_price);
  if (item.offer_price !== null && item.offer_price !== undefined && Number.isFinite(price) && price > 0) {
    const until = typeof item.valid_until === "string" ? new Date(item.valid_until) : null;
    return { leadId, offer: { price, validUntil: until && !Number.isNaN(until.getTime()) ? until : null }, valuation: item };
  }
  return { leadId, offer: { price: null, reason: str(item.reason) ?? null }, valuation: item };
}

/**
 * Sites with `features.tradeIn.sendValuationToMiscellaneous` (spec §7 "POST /api/miscellaneous"):
 * update-eval's answer, with the evaluation's id, as `{ EvalID, …the valuation, column_name:
 * "valuation" }`. Its success or failure is only logged (§8 "Valuation save failure: console error
 * only"): this never throws, and the visitor sees nothing of it.
 */
export async function sendValuation(evalId: string, valuation: Record<string, unknown>): Promise<void> {
  await postJson(ENDPOINTS.miscellaneous, { ...valuation, EvalID: evalId, column_name: "valuation" }).catch((e: unknown) =>
    console.error(`Trade-in: the valuation was not saved (${e instanceof Error ? e.message : String(e)}).`),
  );
}

/** The Accept button: records the lead's last stage, "3. Offer Accepted" (the server finds the evaluation by its lead). */
export async function acceptOffer(evalId: string, leadId: string | null): Promise<void> {
  await postJson(ENDPOINTS.acceptOffer, {
    evalid: evalId,
    ...(leadId ? { lead_id: leadId } : {}),
    category: TRADE_IN_CATEGORY,
    subcategory: TRADE_IN_STAGES["offer-accepted"],
    form_completed: true,
    offer_accepted: true,
  });
}

/** `car_id` from the page's address (/cars/trade-in?car_id=…) when it looks like an id, else null. */
export function carIdFromUrl(search: string): string | null {
  const id = new URLSearchParams(search).get("car_id")?.trim() ?? "";
  return /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/.test(id) ? id : null;
}
