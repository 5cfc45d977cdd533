/**
 * A gateway job's two ways to run: on a timer inside every API process (`startPeriodic`), or once
 * from a scheduler such as cron or a systemd timer (`runOnceFromCommandLine`). Jobs are written to
 * be safe when several processes run them at the same moment.
 */
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import type { Deps } from '../app-env.ts';
import type { Database } from '../db/client.ts';
import type { PaymentGateway } from '../providers/payment/gateway.ts';
import { createPaymentGateway } from '../providers/payment/index.ts';

/** What a job in the API process takes from the app (api/app-env.ts). */
export type JobDeps = Pick<Deps, 'database' | 'payment'>;

export type GatewayJob = (db: Database['db'], gateway: PaymentGateway, now: Date) => Promise<unknown>;

/** Runs `job` every `intervalMs` with the app's gateway while the process lives; nothing when there is none. */
export function startPeriodic(name: string, intervalMs: number, deps: JobDeps, job: GatewayJob): () => void {
  const { database, payment: gateway } = deps;
  if (!gateway) return () => {};
  const timer = setInterval(() => {
    job(database.db, gateway, new Date()).catch((err) => console.error(`[${name}] failed:`, err));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** One run against the configured database, printing its result; exit code 1 without a gateway. */
export async function runOnceFromCommandLine(name: string, job: GatewayJob): Promise<void> {
  const { openDatabase, migrateDatabase } = await import('../db/client.ts');
  const config = loadConfig();
  const gateway = createPaymentGateway(config);
  if (!gateway) {
    console.error(`[${name}] no payment gateway configured`);
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  await migrateDatabase(database);
  console.log(`[${name}]`, await job(database.db, gateway, new Date()));
  await database.close();
}
