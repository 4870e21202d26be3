import { UNEXPECTED_ERROR } from "../../domain/lead-forms";
import { VEHICLE_FOUND } from "../../domain/service-booking";
import { fetchWithChallenge } from "../_shared/challenge";

export const LOOKUP_ENDPOINT = "/api/service/rego-lookup";

export type LookupAnswer = { found: true; make: string; model: string; year: string; message: string } | { found: false; message: string };

/** The registration lookup (minimal variant): the vehicle's make, model and year, or the message to show. */
export async function lookupVehicle(rego: unknown, state: unknown): Promise<LookupAnswer> {
  try {
    const res = await fetchWithChallenge(LOOKUP_ENDPOINT, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rego, state }),
    });
    const answer = (await res.json().catch(() => ({}))) as { found?: boolean; make?: string; model?: string; year?: number; message?: string };
    if (res.ok && answer.found) return { found: true, make: answer.make ?? "", model: answer.model ?? "", year: answer.year ? String(answer.year) : "", message: VEHICLE_FOUND };
    return { found: false, message: answer.message ?? UNEXPECTED_ERROR };
  } catch {
    return { found: false, message: UNEXPECTED_ERROR };
  }
}
