/**
 * The subscription renewal job (api/subscriptions/renewal.ts): `node api/jobs/subscription-renewal.ts`
 * from a scheduler, or `startRenewalTimer()` inside the API process. Safe to run twice.
 */
import { runRenewals } from '../subscriptions/subscription-flow.ts';
import { runOnceFromCommandLine, startPeriodic, type JobDeps } from './periodic.ts';

export const RENEWAL_INTERVAL_MS = 60 * 60 * 1000;

export function startRenewalTimer(deps: JobDeps): () => void {
  return startPeriodic('renewal', RENEWAL_INTERVAL_MS, deps, runRenewals);
}

if (import.meta.url === `file://${process.argv[1]}`) await runOnceFromCommandLine('renewal', runRenewals);
