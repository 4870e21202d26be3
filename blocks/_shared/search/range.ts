/** The price, km and year range behind a slider, shared by the search blocks that filter by range. */
import { useEffect, useRef, useState } from "react";
import { useInstantSearch, useRange } from "react-instantsearch";
import { clampRange, rangeStep, SLIDER_DEBOUNCE_MS, sliderBounds } from "../../../domain/search-rules";

export type Bounds = { min: number; max: number; step: number };

/** Slider bounds: price and km per sliderBounds, in thousands; year by whole years. */
export function rangeBounds(attribute: string, stats: { min: number; max: number }): Bounds {
  if (attribute !== "year") {
    const b = sliderBounds(Number.isFinite(stats.min) && Number.isFinite(stats.max) ? stats : undefined);
    // Values round to thousands, so each step is whole thousands too (else a key press could round back to where it was).
    return { ...b, step: Math.max(1000, Math.round(b.step / 1000) * 1000) };
  }
  const year = new Date().getFullYear();
  const min = stats.min > 0 ? Math.floor(stats.min) : year - 30;
  const max = stats.max > 0 ? Math.ceil(stats.max) : year + 1;
  return { min, max: Math.max(max, min + 1), step: 1 };
}

/**
 * The bounds a slider shows for a refined range: the facet's, widened where a refined end is at or
 * beyond them (a URL may ask for more than the stock has) to a step past it. Each refined end then
 * sits inside the bounds, where the thumbs show its value rather than both stopping at one end
 * ("$44,000 – $44,000"), and moving the other thumb keeps it (a thumb at a bound means "no limit").
 */
export function boundsAround(attribute: string, bounds: Bounds, refined: [number | undefined, number | undefined]): Bounds {
  const unit = rangeStep(attribute);
  const [lo, hi] = refined;
  let { min, max } = bounds;
  if (lo !== undefined && lo <= min) min = lo - unit;
  if (hi !== undefined && hi - unit < min) min = hi - unit;
  if (hi !== undefined && hi >= max) max = hi + unit;
  if (lo !== undefined && lo + unit > max) max = lo + unit;
  return min === bounds.min && max === bounds.max ? bounds : { ...bounds, min, max };
}

/** The refinement a slider position makes: none at the full range, open-ended at either bound (InstantSearch's "lo:hi"). */
export function rangeRefinement(attribute: string, values: [number, number], bounds: Bounds): string | undefined {
  const [lo, hi] = clampRange(values, bounds, rangeStep(attribute));
  const from = lo > bounds.min ? String(lo) : "";
  const to = hi < bounds.max ? String(hi) : "";
  return from || to ? `${from}:${to}` : undefined;
}

/**
 * A range refinement behind a slider: the thumbs move at once, the search follows 400 ms after they
 * stop (resetting the page, spec §4), and refinements made elsewhere (clear all, back) move the thumbs.
 */
export function useDebouncedRange(attribute: string) {
  const { range, start } = useRange({ attribute });
  const { setIndexUiState } = useInstantSearch();
  const lower = Number.isFinite(start[0]) ? Number(start[0]) : undefined;
  const upper = Number.isFinite(start[1]) ? Number(start[1]) : undefined;
  const bounds = boundsAround(attribute, rangeBounds(attribute, { min: range.min ?? 0, max: range.max ?? 0 }), [lower, upper]);
  const refinedLo = lower ?? bounds.min;
  const refinedHi = upper ?? bounds.max;
  const [values, setValues] = useState<[number, number]>([refinedLo, refinedHi]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!timer.current) setValues([refinedLo, refinedHi]);
  }, [refinedLo, refinedHi]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: [number, number]) => {
    setValues(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const value = rangeRefinement(attribute, next, bounds);
      setIndexUiState((state) => {
        const ranges = { ...state.range };
        if (value) ranges[attribute] = value;
        else delete ranges[attribute];
        return { ...state, page: undefined, range: ranges };
      });
    }, SLIDER_DEBOUNCE_MS);
  };
  return { bounds, values, change, hasStats: range.max !== undefined && range.max > 0 };
}
