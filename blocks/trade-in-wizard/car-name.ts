import type { Evaluation } from "./api";

/** The found car as the wizard names it: year, make, model and variant (or series). */
export const carName = (e: Evaluation) => [e.Year, e.Make, e.Model, e.Variant ?? e.Series].filter(Boolean).join(" ");
