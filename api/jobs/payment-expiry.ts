/**
 * The payment expiry job (api/shop/payment-expiry.ts): `node api/jobs/payment-expiry.ts` from a
 * scheduler, or `startPaymentExpiryTimer()` inside the API process. Idempotent: every process may run it.
 */
import { expireAbandoned } from '../shop/payment-expiry.ts';
import { runOnceFromCommandLine, startPeriodic, type JobDeps } from './periodic.ts';

export const PAYMENT_EXPIRY_INTERVAL_MS = 5 * 60_000;

export function startPaymentExpiryTimer(deps: JobDeps): () => void {
  return startPeriodic('payment-expiry', PAYMENT_EXPIRY_INTERVAL_MS, deps, expireAbandoned);
}

if (import.meta.url === `file://${process.argv[1]}`) await runOnceFromCommandLine('payment-expiry', expireAbandoned);
