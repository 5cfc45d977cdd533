/**
 * `npm run bench:gift-burst`: a gift rush on one hot channel. SENDERS members send 1-luv gifts to
 * the demo BJ as fast as the answers come, for SECONDS, against a real API process started as
 * `npm start` starts it (api/main.ts, PLATFORM_ENV=development, PGlite on disk under DATA_DIR),
 * directly and through the worker in `wrangler dev` (as `npm start` serves it), then the same on
 * PostgreSQL (scripts/with-postgres.sh). A guest socket in the channel's chat counts the gift
 * announcements. Afterwards the API stops and the books are checked: every invariant of
 * checkLedger(), the BJ's received luv equal to the gifts answered 200, each sender's wallet down
 * by exactly its own gifts, one journal row per accepted gift.
 *
 * `--baseline <git ref>` also runs the API of that commit (extracted with `git archive`) in the
 * same run, alternating with the current tree, so today's and a new design are side by side.
 * `--via workerd` runs the same worker bundle in workerd without wrangler dev's proxy; `--viewers N`
 * puts N guests in the room (the chat's cost grows with them). `--warmup 20`: before the measured
 * rushes, one rush of that many seconds directly at the fresh process, not reported but counted in
 * the books: the API of `npm start` is warm when a channel's rush comes, and a fresh process spends
 * its first half minute getting faster (JIT; on 2 cores its compiler threads share the CPU).
 * `--floor` first runs the same rush against the floor (scripts/gift-burst/floor-process.ts: the
 * gift's HTTP and chat path with no session, ledger or database behind it), directly, beside each
 * database's runs.
 * Options: `--seconds 10`, `--senders 16`, `--via api,worker,workerd`, `--db pglite,postgres`, `--viewers 1`, `--warmup
 * 20`, `--floor`.
 * Figures, not assertions: docs/BENCHMARKS.md records them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../api/db/client.ts';
import { freePort, freshDatabase, startWorker } from '../tests/fault/processes.ts';
import { ensureBuilt } from './build.ts';
import { startEdgeInWorkerd } from './edge-workerd.ts';
import { checkBooks, giftsPerCommit, prepareSenders, type Senders } from './gift-burst/books.ts';
import { burst, type BurstResult } from './gift-burst/burst.ts';
import { startApiProcess, startFloorProcess, type ApiProcess } from './gift-burst/api-process.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    senders: { type: 'string', default: '16' },
    via: { type: 'string', default: 'api,worker,workerd' },
    viewers: { type: 'string', default: '1' },
    db: { type: 'string', default: 'pglite,postgres' },
    baseline: { type: 'string' },
    warmup: { type: 'string', default: '20' },
    floor: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(opts.seconds);
const SENDERS = Number(opts.senders);
const VIA = opts.via.split(',') as ('api' | 'worker' | 'workerd')[];
const VIEWERS = Number(opts.viewers);
const WARMUP = Number(opts.warmup);

interface Tree {
  label: string;
  root: string;
}

/** The API source of `ref`, extracted beside a link to this tree's node_modules. */
function extractTree(ref: string): Tree {
  const dir = mkdtempSync(join(tmpdir(), 'gift-burst-baseline-'));
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C ${dir}`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { label: `${ref} (${sha})`, root: dir };
}

/** Where the API keeps its data: a fresh PGlite directory or a fresh PostgreSQL database. */
async function freshStorage(
  kind: 'pglite' | 'postgres',
  name: string,
): Promise<{ env: NodeJS.ProcessEnv; open: () => Promise<Database>; drop: () => void }> {
  if (kind === 'postgres') {
    const url = await freshDatabase(name);
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url, pgliteDir: '' }),
      drop: () => {},
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'gift-burst-data-'));
  mkdirSync(join(dir, 'pglite'));
  return {
    env: { DATA_DIR: dir },
    open: () => openDatabase({ databaseUrl: null, pgliteDir: join(dir, 'pglite') }),
    drop: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const LABEL = { api: 'direct', worker: 'via wrangler dev', workerd: 'via workerd' } as const;

function line(label: string, r: BurstResult): string {
  return (
    `${label.padEnd(46)} ${String(r.ok).padStart(6)} gifts in ${r.seconds.toFixed(1)} s = ${r.perSecond.toFixed(0).padStart(5)}/s` +
    `  p50 ${r.p50Ms.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms  p99 ${r.p99Ms.toFixed(1)} ms (${r.p99AfterFirstMs.toFixed(1)} but the first)  API CPU ${r.cpuMsPerGift.toFixed(2)} ms/gift (sender ${r.clientCpuMsPerGift.toFixed(2)})` +
    `  announced ${r.announced}/${r.ok} (lag p50 ${r.lagP50Ms.toFixed(0)} ms, p99 ${r.lagP99Ms.toFixed(0)} ms)${r.failed ? `  ${r.failed} FAILED (${r.failures})` : ''}  load ${loadavg()[0]!.toFixed(1)}`
  );
}

async function runTree(kind: 'pglite' | 'postgres', tree: Tree, index: number): Promise<boolean> {
  const storage = await freshStorage(kind, `gift_burst_${index}`);
  let senders: Senders;
  const prep = await storage.open();
  try {
    senders = await prepareSenders(prep, SENDERS);
  } finally {
    await prep.close();
  }
  const api = await startApiProcess(tree.root, { ...storage.env, API_PORT: String(await freePort()) });
  const results: BurstResult[] = [];
  try {
    const warm = await warmUp(api, senders, `${index}`);
    if (warm) results.push(warm);
    for (const [n, via] of VIA.entries()) {
      const edge =
        via === 'api'
          ? null
          : via === 'worker'
            ? await startWorker([api.origin])
            : await startEdgeInWorkerd(api.origin);
      try {
        const origin = edge?.origin ?? api.origin;
        const r = await burst({
          origin,
          senders,
          seconds: SECONDS,
          cpuOf: () => api.cpuMs(),
          tag: `${index}-${n}-${via}`,
          viewers: VIEWERS,
        });
        results.push(r);
        console.log(line(`${kind} ${LABEL[via]}, ${tree.label}`, r));
      } finally {
        await (edge && 'stop' in edge ? edge.stop() : edge?.close());
      }
    }
  } finally {
    await api.stop();
  }
  const check = await storage.open();
  try {
    const problems = await checkBooks(check, senders, results);
    const perCommit = await giftsPerCommit(check, senders);
    console.log(
      `${''.padEnd(46)} books: ${problems.length ? `BROKEN: ${problems.join('; ')}` : 'balanced to the luv'}; ${perCommit.toFixed(1)} gifts per commit (all runs)`,
    );
    return problems.length === 0 && results.every((r) => r.failed === 0);
  } finally {
    await check.close();
    storage.drop();
  }
}

/** A rush at the fresh process, not measured (its gifts count in the books): see `--warmup`. */
async function warmUp(api: ApiProcess, senders: Senders, tag: string): Promise<BurstResult | null> {
  if (!(WARMUP > 0)) return null;
  const r = await burst({
    origin: api.origin,
    senders,
    seconds: WARMUP,
    cpuOf: () => api.cpuMs(),
    tag: `${tag}-warm`,
    viewers: 1,
  });
  console.log(
    `${''.padEnd(46)} warm-up, not measured: ${r.ok} gifts in ${r.seconds.toFixed(1)} s = ${r.perSecond.toFixed(0)}/s, ${r.cpuMsPerGift.toFixed(2)} ms/gift`,
  );
  return r;
}

/** The rush against the floor, directly: what the senders and the HTTP and chat path alone allow. */
async function runFloor(kind: string): Promise<boolean> {
  const floor = await startFloorProcess();
  try {
    const senders: Senders = {
      channelId: 1,
      bjId: 0,
      receivedBefore: 0,
      members: Array.from({ length: SENDERS }, (_, i) => ({ id: i + 1, token: 'floor' })),
    };
    const warm = await warmUp(floor, senders, `floor-${kind}`);
    const r = await burst({
      origin: floor.origin,
      senders,
      seconds: SECONDS,
      cpuOf: () => floor.cpuMs(),
      tag: `floor-${kind}`,
      viewers: VIEWERS,
    });
    console.log(line(`floor (no session, ledger or database), beside ${kind}`, r));
    return r.failed === 0 && !warm?.failed;
  } finally {
    await floor.stop();
  }
}

const kinds = opts.db.split(',') as ('pglite' | 'postgres')[];
// wrangler dev and the asset routing need the built site, as `npm start` builds it.
if (VIA.some((v) => v !== 'api')) ensureBuilt();
const trees: Tree[] = [{ label: 'this tree', root: ROOT }];
if (opts.baseline) trees.unshift(extractTree(opts.baseline));
const results: boolean[] = [];
try {
  let index = 0;
  for (const kind of kinds) {
    if (kind === 'postgres' && !process.env.TEST_DATABASE_URL) {
      // Re-run this script against a throwaway PostgreSQL for the second half.
      const args = [
        join(ROOT, 'scripts/with-postgres.sh'),
        process.execPath,
        join(ROOT, 'scripts/bench-gift-burst.ts'),
        ...process.argv.slice(2),
        '--db',
        'postgres',
      ];
      results.push(spawnSync('bash', args, { stdio: 'inherit' }).status === 0);
      continue;
    }
    if (opts.floor) results.push(await runFloor(kind));
    for (const tree of trees) results.push(await runTree(kind, tree, index++));
  }
} finally {
  for (const tree of trees) if (tree.root !== ROOT) rmSync(tree.root, { recursive: true, force: true });
}
process.exit(results.every(Boolean) ? 0 : 1);
