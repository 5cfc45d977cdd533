/**
 * The payment expiry job (api/ledger/payment-expiry.ts): `node api/jobs/payment-expiry.ts` from a
 * scheduler, or `startPaymentExpiryTimer()` inside the API process. Idempotent: every process may run it.
 */
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { expireAbandoned } from '../ledger/payment-expiry.ts';
import { paymentGateway } from '../providers/payment/index.ts';

export const PAYMENT_EXPIRY_INTERVAL_MS = 5 * 60_000;

export function startPaymentExpiryTimer(database: Database): () => void {
  const gateway = paymentGateway(loadConfig());
  if (!gateway) return () => {};
  const timer = setInterval(() => {
    expireAbandoned(database.db, gateway, new Date()).catch((err) => console.error('[payment-expiry] failed:', err));
  }, PAYMENT_EXPIRY_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join } = await import('node:path');
  const { openDatabase, migrateDatabase } = await import('../db/client.ts');
  const config = loadConfig();
  const gateway = paymentGateway(config);
  if (!gateway) {
    console.error('[payment-expiry] no payment gateway configured');
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  await migrateDatabase(database);
  console.log('[payment-expiry]', await expireAbandoned(database.db, gateway, new Date()));
  await database.close();
}
