/**
 * The API, contract and security suites again, on the PostgreSQL server named by TEST_DATABASE_URL (see
 * with-postgres.sh), beside a throwaway Redis (with-redis.sh: REDIS_URL), so the chat's Redis
 * adapter runs too (api/chat/redis-adapter.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { ensureRedisServer } from './debian-packages.ts';

if (!process.env.TEST_DATABASE_URL) {
  console.error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.sh (as .ci/run does).');
  process.exit(2);
}
ensureRedisServer();
const withRedis = new URL('./with-redis.sh', import.meta.url).pathname;
const r = spawnSync(
  'bash',
  [withRedis, 'npx', 'vitest', 'run', 'api/', 'tests/contract/', 'tests/security/', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(r.status ?? 1);
