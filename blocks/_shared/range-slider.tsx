/** A two-thumb slider (two labelled range inputs over one track), shared by the search filters and the search hero. */
import styles from "./range-slider.module.css";

export interface RangeSliderProps {
  /** "price" → "Minimum price" and "Maximum price". */
  noun: string;
  bounds: { min: number; max: number; step: number };
  values: [number, number];
  format: (value: number) => string;
  /** Called with the new pair; the thumbs never cross (they stay a step apart). */
  onChange: (values: [number, number]) => void;
  valuesId?: string;
}

export function RangeSlider({ noun, bounds, values, format, onChange, valuesId }: RangeSliderProps) {
  const lo = Math.max(bounds.min, Math.min(values[0], bounds.max));
  const hi = Math.min(bounds.max, Math.max(values[1], bounds.min));
  const pct = (v: number) => ((v - bounds.min) / (bounds.max - bounds.min)) * 100;
  const change = (which: 0 | 1, raw: number) =>
    onChange(which === 0 ? [Math.min(raw, hi - bounds.step), hi] : [lo, Math.max(raw, lo + bounds.step)]);
  return (
    <>
      <p className={styles.values} id={valuesId}>
        {format(lo)} – {format(hi)}
      </p>
      <div className={styles.range} style={{ ["--lo" as string]: `${pct(lo)}%`, ["--hi" as string]: `${pct(hi)}%` }}>
        {([0, 1] as const).map((which) => (
          <input
            key={which}
            type="range"
            aria-label={`${which === 0 ? "Minimum" : "Maximum"} ${noun}`}
            aria-valuetext={format(which === 0 ? lo : hi)}
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={which === 0 ? lo : hi}
            onChange={(e) => change(which, Number(e.currentTarget.value))}
          />
        ))}
      </div>
    </>
  );
}
