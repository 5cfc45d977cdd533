/**
 * `npm run bench:gifts-cluster` (through scripts/with-postgres.sh): gift transfers per second over
 * HTTP against real API processes (api/main.ts) on one PostgreSQL, with one and with two processes,
 * requests spread round-robin over them as a load balancer would. Two targets: every gift to one
 * BJ (the hot row of a popular channel) and gifts spread over the four demo channels. Reports
 * gifts/s and the CPU of the API processes per gift (from /proc), then checks the ledger
 * invariants. Figures, not assertions: docs/BENCHMARKS.md records them.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { signAccessToken } from '../api/auth/access-token.ts';
import { loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/client.ts';
import { channels, members } from '../api/db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from '../api/ledger/accounts.ts';
import { checkLedger } from '../api/ledger/invariants.ts';
import { postTransfers } from '../api/ledger/transfer.ts';
import { freshDatabase, startApi, type Proc } from '../tests/fault/processes.ts';

const SENDERS = 20;
const CONCURRENCY = 20;
const GIFTS = 2000;

/** utime + stime of a process, in ms (/proc/<pid>/stat fields 14 and 15, clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function run(processes: number, spread: boolean): Promise<boolean> {
  const url = await freshDatabase(`bench_gifts_${processes}_${spread ? 'spread' : 'one'}`);
  const apis: Proc[] = [await startApi(url)]; // the first migrates and seeds alone
  while (apis.length < processes) apis.push(await startApi(url));
  const database = await openDatabase({ databaseUrl: url, pgliteDir: '' });
  try {
    const { jwtSecret } = loadConfig({ PLATFORM_ENV: 'development' });
    const issuance = await accountId(database.db, AccountKind.issuance, SYSTEM, LUV);
    const tokens: string[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const [m] = await database.db
        .insert(members)
        .values({ loginId: `giftbench${i}`, nickname: `giftbench${i}`, passwordHash: 'x' })
        .returning();
      const wallet = await accountId(database.db, AccountKind.wallet, m!.id, LUV);
      await database.db.transaction((tx) =>
        postTransfers(tx, [
          { debit: issuance, credit: wallet, amount: 1_000_000_000, asset: LUV, code: TransferCode.seed },
        ]),
      );
      tokens.push(await signAccessToken(m!.id, `giftbench-${i}`, jwtSecret));
    }
    const all = (await database.db.select({ id: channels.id }).from(channels)).map((c) => c.id).sort((a, b) => a - b);
    const targets = spread ? all : all.slice(0, 1);

    let next = 0;
    let failures = 0;
    const sender = async () => {
      for (let i = next++; i < GIFTS; i = next++) {
        const res = await fetch(`${apis[i % apis.length]!.origin}/api/lives/send-luv`, {
          method: 'POST',
          headers: {
            cookie: `flx_oauth_access=${tokens[i % SENDERS]}`,
            'idempotency-key': `giftbench-${i}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ channelId: targets[i % targets.length], amount: 1, message: '' }),
        });
        if (res.status !== 200) failures++;
        await res.arrayBuffer();
      }
    };
    const cpu0 = apis.map((a) => cpuMsOf(a.child.pid!));
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = apis.reduce((sum, a, i) => sum + cpuMsOf(a.child.pid!) - cpu0[i]!, 0) / GIFTS;
    const report = await checkLedger(database.db);
    console.log(
      `${processes} API process${processes > 1 ? 'es' : ''}, ${spread ? `gifts spread over ${targets.length} channels` : 'every gift to one BJ'}`.padEnd(
        58,
      ) +
        ` ${GIFTS} gifts, ${CONCURRENCY} concurrent: ${(GIFTS / seconds).toFixed(0).padStart(5)} gifts/s (${((seconds * 1000) / GIFTS).toFixed(2)} ms each, ${cpuMs.toFixed(2)} ms API CPU each)` +
        `, load ${loadavg()[0]!.toFixed(1)}${failures ? `, ${failures} FAILED` : ''}${report.problems.length ? `, INVARIANTS BROKEN: ${report.problems.join('; ')}` : ', invariants ok'}`,
    );
    return failures === 0 && report.problems.length === 0;
  } finally {
    await database.close();
    await Promise.all(apis.map((a) => a.stop()));
  }
}

if (!process.env.TEST_DATABASE_URL)
  throw new Error('run through scripts/with-postgres.sh (npm run bench:gifts-cluster does)');
const results: boolean[] = [];
for (const spread of [false, true]) for (const processes of [1, 2]) results.push(await run(processes, spread));
process.exit(results.every(Boolean) ? 0 : 1);
