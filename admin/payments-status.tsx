import { paymentsSetting } from "../server/payments/provider-for";

/**
 * Which payment provider takes reserve-online deposits on this deployment (server/payments/provider-for.ts),
 * as GET /api/health says it: "stripe", "test gateway" or "none — reservations refused", with the
 * setting to fix when one contradicts another. Never a key.
 */
export function PaymentsStatus({ className }: { className?: string }) {
  const s = paymentsSetting();
  return (
    <p className={className} data-testid="payments-status">
      Online payments (reserve online): <strong>{s.label}</strong>
      {s.mode === "test" ? " — test card numbers only, no money moves." : null}
      {s.mode === "none" ? " — set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test on a staging site." : null}
      {s.problem ? <> {s.problem}</> : null}
    </p>
  );
}
