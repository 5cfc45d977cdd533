/**
 * `npm run bench:worker`: the edge worker's cost, in workerd through Miniflare's API (wrangler
 * dev's own proxy would swamp the figures). Needs the built site (`npm run build:site`).
 *
 * 1. Bundle size: `wrangler deploy --dry-run`, gzip of the bundle.
 * 2. Throughput and latency, side by side in one run: the same prebuilt page (main/ko home)
 *    through the worker (`GET /`) and served by Static Assets with no worker code
 *    (`GET /main/ko/index.html`, run_worker_first off). Rounds alternate so both see the same
 *    machine state.
 * 3. CPU per request of each workerd process (from /proc: user + system time over N requests)
 *    on the brand/cookie, redirect and refresh paths, against the plain asset path.
 * The API is a stub on loopback (status, refresh), so only worker and runtime are measured.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const ROOT = new URL('..', import.meta.url).pathname;
const DIST = process.env.BENCH_DIST ?? join(ROOT, 'dist');
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 2000);
const CLK_TCK = 100;

if (!statSync(join(DIST, 'main/ko/index.html'), { throwIfNoEntry: false })) {
  console.error('dist/main/ko/index.html is missing: run `npm run build:site` first.');
  process.exit(1);
}

// 1. Bundle.
const out = mkdtempSync(join(tmpdir(), 'flx-bench-worker-'));
execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', out], {
  cwd: ROOT,
  stdio: 'ignore',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
const bundleFile = readdirSync(out).find((f) => f.endsWith('.js'))!;
const bundle = readFileSync(join(out, bundleFile));
console.log(
  `worker bundle: ${(bundle.length / 1024).toFixed(1)} KiB, gzip ${(gzipSync(bundle, { level: 9 }).length / 1024).toFixed(1)} KiB`,
);

// Stub API: status ok, refresh answers new cookies.
const api = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url === '/api/service/status')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"status":"ok","data":{"defenceMode":false}}');
    if (req.url === '/api/oauth/refresh') {
      return void res
        .writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': [
            `flx_oauth_access=${jwt(3600)}; Max-Age=900; Path=/; HttpOnly; SameSite=Lax`,
            `flx_oauth_refresh=r${Math.random()}; Path=/; HttpOnly; SameSite=Lax`,
          ],
        })
        .end('{"ok":true}');
    }
    res.writeHead(404).end();
  });
});
await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
const apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

// The worker's real asset routing (run_worker_first → router config), as wrangler derives it.
const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, 'wrangler.jsonc'), undefined, {
  overrides: { assets: { directory: DIST } },
});
const compatibilityDate = String(workerOptions.compatibilityDate);
/** Miniflare 5 still takes the v4 option shape through its converter (as wrangler does). */
type V4Options = Parameters<typeof convertV4MiniflareOptions>[0];
const before = workerdPids();
const edge = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: 0,
    workers: [
      {
        name: 'edge',
        modules: true,
        scriptPath: join(out, bundleFile),
        modulesRoot: out,
        compatibilityDate,
        bindings: { API_ORIGIN: apiOrigin },
        assets: workerOptions.assets,
      },
    ],
  } as V4Options),
);
const edgeUrl = await edge.ready;
const edgePid = newPid(before);
const before2 = workerdPids();
const plain = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: 0,
    workers: [
      {
        name: 'plain',
        modules: true,
        script: 'export default { fetch() { return new Response("worker ran", { status: 500 }); } };',
        compatibilityDate,
        // Static Assets alone: the user worker is never invoked for a file that exists.
        assets: {
          ...(workerOptions.assets as object),
          run_worker_first: false,
          routerConfig: { has_user_worker: true },
        },
      },
    ],
  } as V4Options),
);
const plainUrl = await plain.ready;
const plainPid = newPid(before2);

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET over a kept-alive connection; resolves with the status once the body is read. */
function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

/** Closed loop: CONCURRENCY clients for `ms`; returns requests/s and latency percentiles. */
async function load(url: string, ms: number, headers?: () => Record<string, string>) {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  let bad = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const status = await get(url, headers?.());
        latencies.push(performance.now() - t);
        if (status !== 200) bad++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { rps: latencies.length / (ms / 1000), p50: q(0.5), p99: q(0.99), bad };
}

const pageThroughWorker = new URL('/', edgeUrl).href;
const samePagePlain = new URL('/main/ko/index.html', plainUrl).href;
const warm = [await get(pageThroughWorker), await get(samePagePlain)];
if (warm.some((s) => s !== 200)) throw new Error(`warm-up answered ${warm.join(', ')}: is dist/ complete?`);
// Returning visitor: the common case (flx_uuid and locale already set, nothing to refresh).
const visitor = { cookie: `flx_uuid=0123456789; locale=ko` };
await load(pageThroughWorker, 1000, () => visitor);
await load(samePagePlain, 1000);

const sums = { worker: { rps: 0, p50: 0, p99: 0 }, plain: { rps: 0, p50: 0, p99: 0 } };
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, url, headers] of [
    ['plain', samePagePlain, undefined],
    ['worker', pageThroughWorker, () => visitor],
  ] as const) {
    const r = await load(url, ROUND_MS, headers);
    if (r.bad) throw new Error(`${name}: ${r.bad} non-200 answers`);
    sums[name].rps += r.rps / ROUNDS;
    sums[name].p50 += r.p50 / ROUNDS;
    sums[name].p99 += r.p99 / ROUNDS;
  }
}
console.log(
  `\nsame page, ${CONCURRENCY} concurrent keep-alive clients, ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s:`,
);
console.log('| path | requests/s | p50 ms | p99 ms |\n| --- | --- | --- | --- |');
for (const [name, s] of Object.entries(sums))
  console.log(
    `| ${name === 'worker' ? 'through the worker (`GET /`)' : 'Static Assets, no worker (`GET /main/ko/index.html`)'} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} |`,
  );
console.log(`ratio worker / plain: ${(sums.worker.rps / sums.plain.rps).toFixed(2)}`);

// 3. CPU per request by path.
let uniq = 0;
const access = `flx_uuid=0123456789; flx_oauth_access=${jwt(3600)}`;
const cpuPaths: [string, number, string, () => Record<string, string>][] = [
  ['Static Assets only (baseline)', plainPid, samePagePlain, () => ({})],
  ['page, first visit (brand, flx_uuid + locale cookie)', edgePid, pageThroughWorker, () => ({})],
  ['page, returning signed-in visitor', edgePid, pageThroughWorker, () => ({ cookie: access })],
  [
    'redirect (maintenance page out of maintenance → 302 /)',
    edgePid,
    new URL('/notices/maintenance', edgeUrl).href,
    () => ({ cookie: access }),
  ],
  [
    'refresh at the edge (+ one API call) then page',
    edgePid,
    pageThroughWorker,
    () => ({ cookie: `flx_uuid=0123456789; flx_oauth_refresh=bench-${uniq++}` }),
  ],
];
console.log(`\nworkerd CPU time per request (user + system, ${CPU_REQUESTS} requests, ${CONCURRENCY} concurrent):`);
console.log('| path | CPU µs / request |\n| --- | --- |');
for (const [name, pid, url, headers] of cpuPaths) {
  const t0 = cpuTicks(pid);
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (done < CPU_REQUESTS) {
        done++;
        await get(url, headers());
      }
    }),
  );
  console.log(`| ${name} | ${(((cpuTicks(pid) - t0) / CLK_TCK / CPU_REQUESTS) * 1e6).toFixed(0)} |`);
}

agent.destroy();
await edge.dispose();
await plain.dispose();
api.close();
rmSync(out, { recursive: true, force: true });

function jwt(ttlS: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + ttlS })}.sig`;
}

/** workerd processes started by this process (Miniflare spawns one per instance). */
function workerdPids(): Set<number> {
  const pids = new Set<number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8').trim();
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat)!;
      if (comm!.startsWith('workerd') && Number(rest!.split(' ')[1]) === process.pid) pids.add(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

function newPid(before: Set<number>): number {
  const pid = [...workerdPids()].find((p) => !before.has(p));
  if (!pid) throw new Error('could not find the workerd process Miniflare started');
  return pid;
}

/** utime + stime of a process, in clock ticks (proc(5)). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
