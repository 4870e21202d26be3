"use client";

import { useState, type ReactNode } from "react";

/**
 * The location header's department selector (leads §2 screen 6): one pressed button per department
 * the location serves, each showing its own panel (hours table, Holiday Opening Hours). The panels
 * are rendered on the server; without JavaScript the first one shows.
 */
export function DepartmentSelect({ id, label, options, panels }: { id: string; label: string; options: { value: string; label: string }[]; panels: ReactNode[] }) {
  const [current, setCurrent] = useState(0);
  return (
    <>
      <div role="group" aria-label={label} className="fc-segmented" data-departments>
        {options.map((o, i) => (
          <button key={o.value} type="button" className="fc-segmented__option" aria-pressed={i === current} aria-controls={`${id}-${o.value}`} onClick={() => setCurrent(i)}>
            {o.label}
          </button>
        ))}
      </div>
      {panels.map((panel, i) => (
        <div key={options[i]?.value ?? i} id={`${id}-${options[i]?.value}`} hidden={i !== current} data-department={options[i]?.value}>
          {panel}
        </div>
      ))}
    </>
  );
}
