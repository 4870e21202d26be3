/** A moment as staff read it: "12 May 2026, 9:05 am" in the given zone (Australian eastern time by default). */
export function formatWhen(at: Date | string, timeZone = "Australia/Sydney"): string {
  return new Date(at).toLocaleString("en-AU", { dateStyle: "medium", timeStyle: "short", timeZone });
}
