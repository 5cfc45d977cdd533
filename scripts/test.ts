/**
 * `npm test`: the whole suite. Builds the site if needed, finds Chromium, checks lint and formatting
 * (Biome) and unused exports and files (knip), then runs vitest
 * (domain, worker in workerd, API on PGlite) and Playwright (real Chromium → wrangler dev → API).
 * Extra args go to both runners' filters is not supported: run `npm run test:unit` / `test:e2e` for that.
 */
import { spawnSync } from 'node:child_process';
import { ensureBuilt } from './build.ts';
import { ensureRedisServer } from './debian-packages.ts';
import { ensureMediaPackages } from '../media/packages.ts';
import { ensureChromium } from './ensure-chromium.ts';

const chromium = ensureChromium();
// The ingest tests and the e2e stack run the real media server (docs/INGEST.md).
ensureMediaPackages();
// The chat's Redis adapter is tested against a real Redis (api/chat/redis-adapter.test.ts).
ensureRedisServer();
ensureBuilt();

function step(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${name} ━━`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

const results = [
  [
    'lint and formatting (Biome)',
    step('lint and formatting (Biome)', 'npx', ['biome', 'ci', '--reporter=summary', '.']),
  ],
  [
    'unused exports and files (knip)',
    step('unused exports and files (knip)', 'npx', ['knip', '--include', 'exports,types,files']),
  ],
  ['unit, worker and API (vitest)', step('unit, worker and API (vitest)', 'npx', ['vitest', 'run'])],
  [
    'end to end (Playwright, Chromium)',
    step('end to end (Playwright, Chromium)', 'npx', ['playwright', 'test'], { CHROME_PATH: chromium }),
  ],
] as const;

const failed = results.filter(([, ok]) => !ok);
console.log(`\n${results.map(([name, ok]) => `${ok ? '✓' : '✗'} ${name}`).join('\n')}`);
process.exit(failed.length ? 1 : 0);
