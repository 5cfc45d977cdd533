/**
 * `npm run bench:ledger`: gift transfers per second through the real send-luv route (session
 * check, Idempotency-Key, row locks, cap check, journal) on PGlite (memory and on disk) and, through
 * scripts/with-postgres.sh, on PostgreSQL with 1 and 10 concurrent senders; wall time and the CPU time
 * of the API process per gift (steady even on a busy machine). Figures, not assertions:
 * docs/BENCHMARKS.md records them. Every run ends with the ledger invariants checked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase, type Database } from '../api/db/client.ts';
import { demoChannelId, seedDemoData } from '../api/db/seed.ts';
import { members } from '../api/db/schema/index.ts';
import { openTestApp } from '../api/testing/app.ts';
import { openTestDatabase } from '../api/testing/test-db.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from '../api/ledger/accounts.ts';
import { checkLedger } from '../api/ledger/invariants.ts';
import { postTransfers } from '../api/ledger/transfer.ts';

const SENDERS = 20;
const ROOT = new URL('..', import.meta.url).pathname;

/** The demo data, SENDERS members with a billion luv each, and the API over them (api/testing/app.ts). */
async function prepare(database: Database) {
  await seedDemoData(database.db);
  const bjChannelId = await demoChannelId(database.db);
  const issuance = await accountId(database.db, AccountKind.issuance, SYSTEM, LUV);
  for (let i = 0; i < SENDERS; i++) {
    const [m] = await database.db
      .insert(members)
      .values({ loginId: `bench${i}`, nickname: `bench${i}`, passwordHash: 'x' })
      .returning();
    const wallet = await accountId(database.db, AccountKind.wallet, m!.id, LUV);
    await database.db.transaction((tx) =>
      postTransfers(tx, [
        { debit: issuance, credit: wallet, amount: 1_000_000_000, asset: LUV, code: TransferCode.seed },
      ]),
    );
  }
  const t = await openTestApp({ database });
  const cookies = await Promise.all(Array.from({ length: SENDERS }, (_, i) => t.cookieOf(`bench${i}`)));
  return { t, cookies, channelId: bjChannelId };
}

async function run(label: string, database: Database, gifts: number, concurrency: number) {
  const { t, cookies, channelId } = await prepare(database);
  let next = 0;
  let failures = 0;
  const worker = async (w: number) => {
    for (let i = next++; i < gifts; i = next++) {
      // The app itself, not a test caller: the loop measures the route, nothing around it.
      const res = await t.app.request('/api/lives/send-luv', {
        method: 'POST',
        headers: {
          cookie: cookies[(w + i) % SENDERS]!,
          'idempotency-key': `bench-${i}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ channelId, amount: 1, message: '' }),
      });
      if (res.status !== 200) failures++;
      await res.arrayBuffer();
    }
  };
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // CPU time of this process per gift: on a shared machine the wall figure swings with the load,
  // this one does not (for PGlite it is the whole cost; for PostgreSQL only the API side).
  const cpuMs = (cpu.user + cpu.system) / 1000 / gifts;
  const report = await checkLedger(database.db);
  console.log(
    `${label.padEnd(44)} ${gifts} gifts, ${concurrency} concurrent: ${(gifts / seconds).toFixed(0).padStart(5)} gifts/s (${((seconds * 1000) / gifts).toFixed(2)} ms each, ${cpuMs.toFixed(2)} ms API-process CPU each)` +
      `, load ${loadavg()[0]!.toFixed(1)}${failures ? `, ${failures} FAILED` : ''}${report.problems.length ? `, INVARIANTS BROKEN: ${report.problems.join('; ')}` : ', invariants ok'}`,
  );
  await t.close();
  await database.close();
  return failures === 0 && report.problems.length === 0;
}

const pgOnly = process.argv.includes('--pg-only');
const results: boolean[] = [];
if (process.env.TEST_DATABASE_URL) {
  results.push(await run('PostgreSQL (pool of 10), 1 sender at a time', await openTestDatabase(), 1000, 1));
  results.push(await run('PostgreSQL (pool of 10), 10 senders', await openTestDatabase(), 2000, 10));
} else if (!pgOnly) {
  results.push(await run('PGlite in memory', await openTestDatabase(), 1000, 1));
  const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-'));
  const onDisk = await openDatabase({ databaseUrl: null, pgliteDir: dir });
  await migrateDatabase(onDisk);
  results.push(await run('PGlite on disk (the npm start default)', onDisk, 1000, 1));
  rmSync(dir, { recursive: true, force: true });
  if (existsSync(`${ROOT}scripts/with-postgres.sh`)) {
    const r = spawnSync(
      'bash',
      [`${ROOT}scripts/with-postgres.sh`, process.execPath, `${ROOT}scripts/bench-ledger.ts`, '--pg-only'],
      { stdio: 'inherit' },
    );
    results.push(r.status === 0);
  }
}
process.exit(results.every(Boolean) ? 0 : 1);
