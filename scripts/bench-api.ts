/**
 * `npm run bench:api`: sign-ins per second and guest lookups per second of the account API, over
 * real HTTP (@hono/node-server on an ephemeral port) against PGlite in a temporary directory, the
 * default deployment. Sign-ins are dominated by argon2id (m=19456 KiB, t=2): that cost is the
 * point, not a defect. Each request carries its own x-forwarded-for so the per-IP limits (which
 * the benchmark is not about) stay out of the way.
 * Usage: node scripts/bench-api.ts [--seconds 10] [--concurrency 8] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { migrateDatabase, openDatabase } from '../api/db/client.ts';
import { seedDemoData } from '../api/db/seed.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1] ?? fallback) : fallback;
};
const SECONDS = arg('seconds', 10);
const CONCURRENCY = arg('concurrency', 8);

const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
const database = await openDatabase({ databaseUrl: null, pgliteDir: dir });
await migrateDatabase(database);
await seedDemoData(database.db);
const app = createApp({ config: loadConfig({ PLATFORM_ENV: 'test' }), database });
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

async function run(name: string, request: (i: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  let non2xx = 0;
  let i = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await request(i++);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) non2xx += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]! * 10) / 10;
  return {
    name,
    requests: latencies.length,
    perSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    non2xx,
  };
}

const accounts = ['viewer01', 'viewer02', 'adult01', 'bj0001'];
const results: Result[] = [];
results.push(
  await run('sign-in (POST /v2/api/auth/signin, argon2id verify + session)', (i) =>
    fetch(`${base}/v2/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ loginId: accounts[i % accounts.length], password: 'demo1234!' }),
    }),
  ),
);
const lookups = [
  'loginId/viewer01',
  'loginId/freshid01',
  `nickname/${encodeURIComponent('시청자01')}`,
  'findRecommender/bj0001',
  'refcode/nobody00',
];
results.push(
  await run('guest lookups (GET /api/guest/{loginId,nickname,findRecommender,refcode}/…)', (i) =>
    fetch(`${base}/api/guest/${lookups[i % lookups.length]}`, { headers: { 'x-forwarded-for': nextIp() } }),
  ),
);

server.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

if (process.argv.includes('--json'))
  console.log(JSON.stringify({ seconds: SECONDS, concurrency: CONCURRENCY, results }, null, 2));
else {
  console.log(`${SECONDS} s per scenario, concurrency ${CONCURRENCY}, PGlite on disk, one process`);
  for (const r of results)
    console.log(
      `${r.name}\n  ${r.perSecond}/s  (${r.requests} requests, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx})`,
    );
}
