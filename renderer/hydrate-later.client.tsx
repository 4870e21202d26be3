"use client";

import { Activity, type ReactNode } from "react";

/**
 * The page's content as an Activity boundary. React hydrates the rest of the document first (in one
 * task, as every hydration of a root is), and leaves a visible Activity's server HTML dehydrated for
 * a second pass at the lowest priority, rendered in slices of about 5 ms with the browser's work in
 * between (issue 34: total blocking time). A tap before that pass hydrates the boundary at once and
 * is then handled as usual (React's selective hydration replays it).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
