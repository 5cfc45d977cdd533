/**
 * The API, contract and security suites again, on the PostgreSQL server named by TEST_DATABASE_URL (see
 * with-postgres.sh).
 */
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.sh (as .ci/run does).');
  process.exit(2);
}
const r = spawnSync('npx', ['vitest', 'run', 'api/', 'tests/contract/', 'tests/security/', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
