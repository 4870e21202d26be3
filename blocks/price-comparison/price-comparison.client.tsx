"use client";

import { useState } from "react";
import { useTaskEffect } from "../_shared/task-effect";
import { loadPriceComparison } from "./load";
import { PriceComparisonPanel, type Identity, type PanelState, type PanelTexts } from "./panel";

/** Fetches the car's comparison after the page shows (a skeleton meanwhile); hidden on missing data or failure. */
export function PriceComparisonClient({ slug, texts, identity }: { slug: string; texts: PanelTexts; identity: Identity }) {
  const [state, setState] = useState<PanelState>({ status: "loading" });
  useTaskEffect(() => {
    let live = true;
    loadPriceComparison(slug).then((data) => {
      if (live) setState(data ? { status: "ready", data } : { status: "hidden" });
    });
    return () => {
      live = false;
    };
  }, [slug]);
  return <PriceComparisonPanel state={state} texts={texts} identity={identity} />;
}
