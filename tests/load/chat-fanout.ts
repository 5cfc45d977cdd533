/**
 * Chat fan-out load test: CONNECTIONS guest sockets in one room, one BJ sending MESSAGES lines at
 * RATE per second; reports fan-out latency p50/p99 (send → receipt, one clock) and delivered
 * messages/s, for each way a viewer can reach the chat server, in one run against one server:
 * - `api`: straight to the chat server on loopback;
 * - `worker`: through the edge worker in `wrangler dev`, as `npm start` serves it (its Node proxy,
 *   then workerd, then the chat server);
 * - `workerd`: through the same worker bundle in workerd through Miniflare, without wrangler dev's proxy.
 * Bounded: gives up after DEADLINE_MS.
 * Run: `npm run bench:chat [-- --via api,worker,workerd]` (env CHAT_BENCH_CONNECTIONS,
 * CHAT_BENCH_MESSAGES, CHAT_BENCH_RATE). The worker paths build the site first when it changed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import type { ChatLine } from '../../domain/chat-events.ts';
import { ensureBuilt } from '../../scripts/build.ts';
import { startEdgeInWorkerd } from '../../scripts/edge-workerd.ts';
import { startWorker } from '../fault/processes.ts';

const CONNECTIONS = Number(process.env.CHAT_BENCH_CONNECTIONS ?? 2000);
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES ?? 100);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 10);
const CONNECT_BATCH = 100;
const DEADLINE_MS = 600_000;
const { values: opts } = parseArgs({ options: { via: { type: 'string', default: 'api,worker,workerd' } } });
const VIA = opts.via.split(',') as ('api' | 'worker' | 'workerd')[];

// wrangler dev and the asset routing need the built site, as `npm start` builds it.
if (VIA.some((v) => v !== 'api')) ensureBuilt();

const deadline = setTimeout(() => {
  console.error(`chat bench: gave up after ${DEADLINE_MS / 1000} s`);
  process.exit(2);
}, DEADLINE_MS);

const server = spawn(process.execPath, [new URL('./chat-server.ts', import.meta.url).pathname], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [first] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const { port, room, token } = JSON.parse(first) as { port: number; room: string; token: string };
const chatOrigin = `http://127.0.0.1:${port}`;

/** One run: every guest connects through `url`, the BJ sends, every delivery is timed. */
async function leg(url: string) {
  const latencies: number[] = [];
  let delivered = 0;
  const sockets: Socket[] = [];
  function open(auth: Record<string, string>): Promise<Socket> {
    const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.once('connect', async () => {
        const joined = await s.emitWithAck('join', { room, streamId: null, source: 'web' });
        if (joined.ok) resolve(s);
        else reject(new Error(`join refused: ${joined.code}`));
      });
      s.once('connect_error', reject);
    });
  }
  const connectStart = performance.now();
  for (let i = 0; i < CONNECTIONS; i += CONNECT_BATCH) {
    const batch = await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, CONNECTIONS - i) }, () => open({})));
    for (const s of batch)
      s.on('message', (line: ChatLine) => {
        if (!line.content.startsWith('bench ')) return;
        latencies.push(performance.timeOrigin + performance.now() - Number(line.content.split(' ')[1]));
        delivered += 1;
      });
  }
  const connectMs = performance.now() - connectStart;
  const sender = await open({ type: 'oauth', token });
  const expected = CONNECTIONS * MESSAGES;
  const sendStart = performance.now();
  let refused = 0;
  for (let n = 0; n < MESSAGES; n += 1) {
    const wait = sendStart + (n * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const ack = await sender.emitWithAck('message', {
      room,
      content: `bench ${performance.timeOrigin + performance.now()}`,
    });
    if (!ack.ok) refused += 1;
  }
  while (delivered < expected) await new Promise((r) => setTimeout(r, 20));
  const elapsedS = (performance.now() - sendStart) / 1000;
  for (const s of sockets) s.disconnect();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1));
  return {
    refused,
    deliveries: delivered,
    connectAllS: Number((connectMs / 1000).toFixed(1)),
    fanoutP50Ms: pct(50),
    fanoutP99Ms: pct(99),
    fanoutMaxMs: Number(latencies.at(-1)!.toFixed(1)),
    deliveredPerS: Math.round(delivered / elapsedS),
  };
}

/** The origin a viewer connects to for each path, and how to take it down. */
async function path(via: (typeof VIA)[number]): Promise<{ url: string; close(): Promise<void> }> {
  if (via === 'api') return { url: chatOrigin, close: async () => {} };
  if (via === 'worker') {
    const worker = await startWorker([chatOrigin]);
    return { url: worker.origin, close: () => worker.stop() };
  }
  const edge = await startEdgeInWorkerd(chatOrigin);
  return { url: edge.origin, close: () => edge.close() };
}

const LABEL = {
  api: 'direct to the chat server',
  worker: 'through the worker in wrangler dev',
  workerd: 'through the worker in workerd (no wrangler dev proxy)',
};
const results: Record<string, Awaited<ReturnType<typeof leg>>> = {};
try {
  for (const via of VIA) {
    const p = await path(via);
    try {
      results[via] = await leg(p.url);
      console.log(
        JSON.stringify({ via, connections: CONNECTIONS, messages: MESSAGES, sendRatePerS: RATE, ...results[via] }),
      );
    } finally {
      await p.close();
    }
  }
} finally {
  server.kill('SIGTERM');
  clearTimeout(deadline);
}
console.log(`\n${CONNECTIONS} guests in one room, ${MESSAGES} lines at ${RATE}/s:`);
console.log(
  '| path | connect all (s) | p50 ms | p99 ms | max ms | delivered/s |\n| --- | ---: | ---: | ---: | ---: | ---: |',
);
for (const [via, r] of Object.entries(results))
  console.log(
    `| ${LABEL[via as keyof typeof LABEL]} | ${r.connectAllS} | ${r.fanoutP50Ms} | ${r.fanoutP99Ms} | ${r.fanoutMaxMs} | ${r.deliveredPerS} |`,
  );
