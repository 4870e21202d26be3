"use client";

import { Activity, useEffect, type ReactNode } from "react";
import { releaseEarlyTaps } from "./early-taps";

/** Last in the content: its effect runs once the content has hydrated. */
function Hydrated() {
  useEffect(releaseEarlyTaps, []);
  return null;
}

/**
 * The page's content as an Activity boundary. React hydrates the rest of the document first (in one
 * task, as every hydration of a root is), and leaves a visible Activity's server HTML dehydrated for
 * a second pass at the lowest priority, rendered in slices of about 5 ms with the browser's work in
 * between (issue 34: total blocking time). The taps made before that pass are held by the layout's
 * early script (`early-taps.ts`) and handled once it has committed.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Activity mode="visible">
      {children}
      <Hydrated />
    </Activity>
  );
}
