/**
 * `npm run bench:room`: a crowd arriving at one live (issue #41). GUESTS guest sockets connect
 * within SPREAD_MS to bj0001's room and join it; then five members send LINES lines between them
 * (each at most 5 per 3 s, the chat's per-member budget) and every guest's receipt of every line is
 * timed. Reports: time until all joined, joins that failed, the API processes' CPU per join, the
 * delivery latency p50/p99/max and the deliveries lost.
 *
 * The product as it runs: `api/main.ts` processes with the demo seed, reached through the edge
 * worker in workerd (Miniflare, the deploy bundle: scripts/edge-workerd.ts) — or `--via api`,
 * straight at the API. One process on PGlite by default; `--cluster N`: N processes on one
 * PostgreSQL linked by Redis (sharded pub/sub), run through scripts/with-postgres.sh and
 * scripts/with-redis.sh (`npm run bench:room:cluster` does).
 *
 * The guests are socket.io clients in CLIENT_PROCESSES Node processes: on this 2-core machine
 * they share the cores with the API, workerd and Redis, so the figures bound the server side from
 * below. No assertion: a benchmark (figures in docs/BENCHMARKS.md with the command that made them).
 *
 *   npm run bench:room -- --guests 2000 [--lines 20] [--spread 4000] [--clients 2] [--via workerd|api] [--edges 1] [--together]
 *   npm run bench:room:cluster -- --cluster 3 --guests 10000
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { startEdgeInWorkerd } from '../../scripts/edge-workerd.ts';
import { freePort, freshDatabase, waitFor } from '../fault/processes.ts';

const ROOT = join(import.meta.dirname, '../..');
const { values: opts } = parseArgs({
  options: {
    guests: { type: 'string', default: process.env.CROWD_GUESTS ?? '2000' },
    lines: { type: 'string', default: '20' },
    spread: { type: 'string', default: '4000' },
    clients: { type: 'string', default: '2' },
    via: { type: 'string', default: 'workerd' },
    cluster: { type: 'string', default: '0' },
    edges: { type: 'string', default: '1' },
    together: { type: 'boolean', default: false },
  },
});
const GUESTS = Number(opts.guests);
const LINES = Number(opts.lines);
const SPREAD_MS = Number(opts.spread);
const CLIENT_PROCESSES = Math.max(1, Number(opts.clients));
const CLUSTER = Number(opts.cluster);
/**
 * workerd instances the guests are spread over: one holds at most ~10,000 proxied websockets here
 * (2 descriptors each, 20,000 open files per process on this machine), as the edge holds a crowd in many.
 */
const EDGES = Math.max(1, Number(opts.edges));
const SENDERS = ['bj0001', 'viewer01', 'viewer02', 'adult01', 'bj0002'];
/** Below the chat's per-member budget (5 lines per 3 s). */
const SENDER_GAP_MS = 700;
const DEADLINE_MS = 600_000;

const deadline = setTimeout(() => {
  console.error(`join crowd: gave up after ${DEADLINE_MS / 1000} s`);
  void stopAll().then(() => process.exit(2));
}, DEADLINE_MS);

const apis: { child: ChildProcess; origin: string }[] = [];
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
async function stopAll(): Promise<void> {
  for (const c of children) c.kill('SIGKILL');
  for (const fn of cleanups.reverse()) await fn();
  await Promise.all(
    apis.map(async ({ child }) => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }),
  );
}

async function startApi(env: NodeJS.ProcessEnv): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'api/main.ts')], {
    env: { ...process.env, PLATFORM_ENV: 'development', API_PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  apis.push({ child, origin });
  await waitFor(`${origin}/api/health`);
}

/** CPU seconds (user + system) of a process so far, and its parent's pid. */
function cpuOf(pid: number): { cpuS: number; ppid: number; name: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { cpuS: (Number(fields[11]) + Number(fields[12])) / 100, ppid: Number(fields[1]), name };
  } catch {
    return null;
  }
}
function apiCpuS(): number {
  return apis.reduce((sum, { child }) => sum + (cpuOf(child.pid!)?.cpuS ?? 0), 0);
}
/** CPU seconds so far of this run's workerd processes (Miniflare's children) and of the guests' client processes. */
function sideCpuS(): { edgeS: number; clientsS: number } {
  const clientPids = new Set(children.map((c) => c.pid));
  let edgeS = 0;
  let clientsS = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    const p = cpuOf(pid);
    if (!p) continue;
    if (clientPids.has(pid)) clientsS += p.cpuS;
    else if (p.name === 'workerd' && p.ppid === process.pid) edgeS += p.cpuS;
  }
  return { edgeS, clientsS };
}

async function memberSocket(url: string, api: string, loginId: string, room: string): Promise<Socket> {
  const signin = await fetch(`${api}/v2/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.41.0.${SENDERS.indexOf(loginId) + 1}` },
    body: JSON.stringify({ loginId, password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' }),
  });
  if (signin.status !== 200) throw new Error(`sign-in ${loginId}: ${signin.status}`);
  const cookie = signin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const { ticket } = (await (
    await fetch(`${api}/api/chat/ticket`, { method: 'POST', headers: { cookie } })
  ).json()) as {
    ticket: string;
  };
  const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { ticket } });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  const joined = await s.emitWithAck('join', { room, streamId: null, source: 'web' });
  if (!joined.ok) throw new Error(`${loginId} join refused: ${joined.code}`);
  return s;
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: { type: string }) => {
      if (msg.type !== type) return;
      child.off('message', onMessage);
      resolve(msg as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
  });
}

try {
  if (CLUSTER > 0) {
    const admin = process.env.TEST_DATABASE_URL;
    const redis = process.env.REDIS_URL;
    if (!admin || !redis)
      throw new Error('--cluster runs through with-postgres.sh and with-redis.sh (npm run bench:room:cluster)');
    const databaseUrl = await freshDatabase('join_crowd');
    // The first migrates and seeds alone.
    for (let i = 0; i < CLUSTER; i++) await startApi({ DATABASE_URL: databaseUrl, REDIS_URL: redis });
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'join-crowd-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await startApi({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  }
  const origins = apis.map((a) => a.origin);
  const urls = [origins[0]!];
  if (opts.via === 'workerd') {
    urls.length = 0;
    // The chat path needs no site files: an empty assets directory keeps the run clear of dist/ builds.
    const assets = mkdtempSync(join(tmpdir(), 'join-crowd-assets-'));
    cleanups.push(() => rmSync(assets, { recursive: true, force: true }));
    for (let i = 0; i < EDGES; i++) {
      const edge = await startEdgeInWorkerd(origins.join(','), assets);
      cleanups.push(() => edge.close());
      urls.push(edge.origin);
    }
  }
  const url = urls[0]!;
  const lives = (await (await fetch(`${origins[0]}/api/lives?limit=100`)).json()) as {
    list: { loginId: string; channelId: number }[];
  };
  const room = String(lives.list.find((l) => l.loginId === 'bj0001')!.channelId);
  const senders = await Promise.all(SENDERS.map((id, i) => memberSocket(url, origins[i % origins.length]!, id, room)));

  const cpuBefore = apiCpuS();
  const sideBefore = sideCpuS();
  const joinStart = performance.now();
  const shares = Array.from(
    { length: CLIENT_PROCESSES },
    (_, i) => Math.floor(GUESTS / CLIENT_PROCESSES) + (i < GUESTS % CLIENT_PROCESSES ? 1 : 0),
  );
  for (const [i, count] of shares.entries())
    children.push(
      fork(join(import.meta.dirname, 'crowd-clients.ts'), {
        env: {
          ...process.env,
          URL: urls[i % urls.length],
          ROOM: room,
          COUNT: String(count),
          SPREAD_MS: String(SPREAD_MS),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
  type Joined = { joined: number; failed: number; failures: Record<string, number> };
  const joinedReports = await Promise.all(children.map((c) => nextMessage<Joined>(c, 'joined')));
  const allJoinedS = (performance.now() - joinStart) / 1000;
  // Everything the API processes did meanwhile: handshakes, joins, viewer counts.
  const cpuJoins = apiCpuS() - cpuBefore;
  const sideJoins = sideCpuS();
  const joined = joinedReports.reduce((n, r) => n + r.joined, 0);
  const failures: Record<string, number> = {};
  for (const r of joinedReports) for (const [k, v] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + v;

  // The burst: each sender its share of LINES, SENDER_GAP_MS apart; the senders start together
  // (`--together`: lines of 5 members at the same instant) or staggered by SENDER_GAP_MS / 5 (an even
  // ~7 lines/s, a busy chat).
  await new Promise((r) => setTimeout(r, 1500)); // viewer counts settle, the joins' writes drain
  const cpuLinesBefore = apiCpuS();
  const sideLinesBefore = sideCpuS();
  let refused = 0;
  await Promise.all(
    senders.map(async (s, i) => {
      if (!opts.together) await new Promise((r) => setTimeout(r, (i * SENDER_GAP_MS) / senders.length));
      for (let n = i; n < LINES; n += senders.length) {
        const ack = await s.emitWithAck('message', {
          room,
          content: `crowd ${n} ${performance.timeOrigin + performance.now()}`,
        });
        if (!ack.ok) refused += 1;
        await new Promise((r) => setTimeout(r, SENDER_GAP_MS));
      }
    }),
  );
  // Deliveries still on their way are waited for; what has not arrived after 10 s is lost.
  const expected = joined * (LINES - refused);
  let latencies: number[] = [];
  let connected = 0;
  for (const wait of [500, 1000, 2000, 3000, 3500]) {
    await new Promise((r) => setTimeout(r, wait));
    const reports = await Promise.all(
      children.map((c) => {
        c.send({ type: 'report' });
        return nextMessage<{ latencies: Record<string, number[]>; connected: number }>(c, 'report');
      }),
    );
    latencies = reports.flatMap((r) => Object.values(r.latencies).flat());
    connected = reports.reduce((n, r) => n + r.connected, 0);
    if (latencies.length >= expected) break;
  }
  const cpuLines = apiCpuS() - cpuLinesBefore;
  const sideLines = sideCpuS();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies.length
      ? Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1))
      : null;
  const result = {
    via: opts.via === 'workerd' ? 'worker (workerd via Miniflare)' : 'api (direct)',
    edges: opts.via === 'workerd' ? EDGES : 0,
    apiProcesses: apis.length,
    adapter: CLUSTER > 0 ? 'redis (sharded)' : 'in-memory',
    guests: GUESTS,
    clientProcesses: CLIENT_PROCESSES,
    spreadS: SPREAD_MS / 1000,
    allJoinedS: Number(allJoinedS.toFixed(2)),
    joined,
    failedJoins: GUESTS - joined,
    ...(Object.keys(failures).length ? { failures } : {}),
    apiCpuMsPerJoin: Number(((cpuJoins * 1000) / GUESTS).toFixed(2)),
    lines: LINES,
    sendersTogether: opts.together,
    refusedLines: refused,
    deliveries: latencies.length,
    lost: expected - latencies.length,
    stillConnected: connected,
    p50Ms: pct(50),
    p99Ms: pct(99),
    maxMs: latencies.length ? Number(latencies.at(-1)!.toFixed(1)) : null,
    apiCpuSDuringLines: Number(cpuLines.toFixed(2)),
    // Where else the machine's CPU went (2 cores in all): the workerd edge(s) and the guests' clients.
    edgeCpuSDuringJoins: Number((sideJoins.edgeS - sideBefore.edgeS).toFixed(2)),
    clientsCpuSDuringJoins: Number((sideJoins.clientsS - sideBefore.clientsS).toFixed(2)),
    edgeCpuSDuringLines: Number((sideLines.edgeS - sideLinesBefore.edgeS).toFixed(2)),
    clientsCpuSDuringLines: Number((sideLines.clientsS - sideLinesBefore.clientsS).toFixed(2)),
  };
  console.log(JSON.stringify(result));
  for (const c of children) c.send({ type: 'close' });
  for (const s of senders) s.close();
} finally {
  clearTimeout(deadline);
  await stopAll();
}
