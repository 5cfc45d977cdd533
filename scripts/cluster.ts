/**
 * `npm run cluster`: the product on several API processes sharing one PostgreSQL, their chat rooms
 * linked by Redis (sharded pub/sub, api/chat/adapter.ts), behind the worker. Run through
 * scripts/with-postgres.sh and scripts/with-redis.sh (the npm script does), which start a
 * throwaway PostgreSQL and Redis from Debian's packages (installing them when missing) and hand us
 * TEST_DATABASE_URL and REDIS_URL; both stop with the cluster.
 *
 * The first API process migrates and seeds; the others start after it, so two processes never
 * race on migrations. The worker gets every API origin in API_ORIGIN (comma-separated) and
 * spreads requests and websockets across them, failing over when one refuses connections.
 */
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt } from './build.ts';
import { startProcess, stopAll, waitForUrl } from './processes.ts';
import { WRANGLER_BIN, WRANGLER_ENV, wranglerDevArgs } from './wrangler-dev.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.PORT ?? 8787);
const apiPortBase = Number(process.env.API_PORT ?? 8788);
const admin = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!admin || !redisUrl) {
  console.error('run through scripts/with-postgres.sh and scripts/with-redis.sh (npm run cluster does)');
  process.exit(2);
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stopAll();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

ensureBuilt();
const databaseUrl = await createDatabase(admin, 'flx');
const origins: string[] = [];
for (let i = 0; i < size; i++) {
  const apiPort = apiPortBase + 20 + i; // clear of the e2e ports (8797, 8798)
  const api = startProcess(`api-${i + 1}`, process.execPath, [join(ROOT, 'api/main.ts')], {
    PLATFORM_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    API_PORT: String(apiPort),
    API_INSTANCE: String(i + 1),
  });
  await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, { child: api });
  origins.push(`http://127.0.0.1:${apiPort}`);
}
const worker = startProcess(
  'worker',
  WRANGLER_BIN,
  wranglerDevArgs({ port, vars: { API_ORIGIN: origins.join(',') }, logLevel: 'warn' }),
  { ...WRANGLER_ENV },
);
await waitForUrl(`http://127.0.0.1:${port}/healthz`, { child: worker });
console.log(`
  Cluster: http://localhost:${port}/  →  ${size} API processes on PostgreSQL (${origins.join(', ')})
  Chat fans out across processes through Redis (${redisUrl}, @socket.io/redis-adapter, sharded). Ctrl-C stops everything.
`);
