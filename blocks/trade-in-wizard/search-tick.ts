import { useEffect, useState } from "react";
import { SEARCH_MESSAGE_INTERVAL_MS, SEARCH_TICKS } from "../../domain/trade-in";

/** The search animation (spec §9): a new message every 5 s over 4 ticks, while `running`. */
export function useSearchTick(running: boolean) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setTick(0);
    if (!running) return;
    const timer = setInterval(() => setTick((t) => (t + 1 < SEARCH_TICKS ? t + 1 : t)), SEARCH_MESSAGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running]);
  return tick;
}
