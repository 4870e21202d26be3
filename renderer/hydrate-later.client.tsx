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
 * early script (`early-taps.ts`) and handled once it has committed. The header and footer's own
 * boundaries inside it (tenant-page.tsx) may still be dehydrated then: a tap there makes React
 * hydrate them at once, which it can, as they load no chunk of their own.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Activity mode="visible">
      {children}
      <Hydrated />
    </Activity>
  );
}
