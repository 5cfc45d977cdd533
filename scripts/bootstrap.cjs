// Entry of `npm start` and `npm test` on a fresh clone. It runs under whatever Node is on the
// PATH (the machine's 20), so it is CommonJS with nothing newer than Node 20 can do: install the
// dependencies when they are missing or stale, then hand over to the Node 24 of node_modules.
'use strict';
const { spawnSync, spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const STAMP = join(ROOT, 'node_modules', '.install-stamp');
const SCRIPTS = { start: 'scripts/start.ts', test: 'scripts/test.ts' };

const target = SCRIPTS[process.argv[2]];
if (!target) {
  console.error('usage: node scripts/bootstrap.cjs start|test');
  process.exit(2);
}

const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(join(ROOT, 'package-lock.json')))
    .digest('hex');
const installed =
  existsSync(join(ROOT, 'node_modules', '.bin', 'node')) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, 'utf8') === lockHash();
if (!installed) {
  // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional native bindings out of
  // the lock, and `npm ci` then refuses it as out of sync. `install` still follows the lock.
  console.log('[bootstrap] installing dependencies …');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(STAMP, lockHash());
}

// Node 24 from node_modules runs the real script; node_modules/.bin goes first on the PATH so every
// tool it starts (npx, wrangler, astro) runs on Node 24 too. Spawned directly, not through
// `npm run`, so Ctrl-C and SIGTERM reach it.
const BIN = join(ROOT, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${BIN}:${process.env.PATH}` };
const child = spawn(join(BIN, 'node'), [join(ROOT, target), ...process.argv.slice(3)], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
