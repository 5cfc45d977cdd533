/**
 * The subscription renewal job: `npx node api/jobs/subscription-renewal.ts` from a scheduler
 * (cron, systemd timer), or `startRenewalTimer()` inside the API process. Safe to run twice.
 */
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { runRenewals } from '../ledger/subscription-flow.ts';
import { paymentGateway } from '../providers/payment/index.ts';

export const RENEWAL_INTERVAL_MS = 60 * 60 * 1000;

export function startRenewalTimer(database: Database): () => void {
  const gateway = paymentGateway(loadConfig());
  if (!gateway) return () => {};
  const timer = setInterval(() => {
    runRenewals(database.db, gateway, new Date()).catch((err) => console.error('[renewal] failed:', err));
  }, RENEWAL_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join } = await import('node:path');
  const { openDatabase, migrateDatabase } = await import('../db/client.ts');
  const config = loadConfig();
  const gateway = paymentGateway(config);
  if (!gateway) {
    console.error('[renewal] no payment gateway configured');
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  await migrateDatabase(database);
  console.log('[renewal]', await runRenewals(database.db, gateway, new Date()));
  await database.close();
}
