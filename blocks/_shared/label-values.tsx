import type { ReactNode } from "react";

/** Label–value pairs as a `<dl>`, each pair in a `<div>` (a grid or flex row lays them out). */
export function LabelValues({ items, className }: { items: readonly { label: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={className}>
      {items.map((x) => (
        <div key={x.label}>
          <dt>{x.label}</dt>
          <dd>{x.value}</dd>
        </div>
      ))}
    </dl>
  );
}
