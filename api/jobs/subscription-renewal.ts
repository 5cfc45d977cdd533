/**
 * The subscription renewal job (api/subscriptions/renewal.ts): `node api/jobs/subscription-renewal.ts`
 * from a scheduler, or `startRenewalTimer()` inside the API process. Safe to run twice.
 */
import type { Database } from '../db/client.ts';
import { runRenewals } from '../subscriptions/subscription-flow.ts';
import { runOnceFromCommandLine, startPeriodic } from './periodic.ts';

export const RENEWAL_INTERVAL_MS = 60 * 60 * 1000;

export function startRenewalTimer(database: Database): () => void {
  return startPeriodic('renewal', RENEWAL_INTERVAL_MS, database, runRenewals);
}

if (import.meta.url === `file://${process.argv[1]}`) await runOnceFromCommandLine('renewal', runRenewals);
