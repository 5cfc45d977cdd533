/**
 * Chat fan-out load test: CONNECTIONS guest sockets in one room on loopback, one BJ
 * sending MESSAGES lines at RATE per second; reports fan-out latency p50/p99 (send → receipt,
 * one clock) and delivered messages/s. Bounded: gives up after DEADLINE_MS.
 * Run: `npm run bench:chat` (env CHAT_BENCH_CONNECTIONS, CHAT_BENCH_MESSAGES, CHAT_BENCH_RATE).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import type { ChatLine } from '../../domain/chat-events.ts';

const CONNECTIONS = Number(process.env.CHAT_BENCH_CONNECTIONS ?? 2000);
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES ?? 100);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 10);
const CONNECT_BATCH = 100;
const DEADLINE_MS = 180_000;

const deadline = setTimeout(() => {
  console.error(`chat bench: gave up after ${DEADLINE_MS / 1000} s`);
  process.exit(2);
}, DEADLINE_MS);

const server = spawn(process.execPath, [new URL('./chat-server.ts', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
const [first] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const { port, room, ticket } = JSON.parse(first) as { port: number; room: string; ticket: string };
const url = `http://127.0.0.1:${port}`;

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
      const sentAt = Number(line.content.split(' ')[1]);
      latencies.push(performance.timeOrigin + performance.now() - sentAt);
      delivered += 1;
    });
}
const connectMs = performance.now() - connectStart;
const sender = await open({ ticket });

const expected = CONNECTIONS * MESSAGES;
const allDelivered = new Promise<void>((resolve) => {
  const check = setInterval(() => {
    if (delivered >= expected) {
      clearInterval(check);
      resolve();
    }
  }, 20);
});
const sendStart = performance.now();
let refused = 0;
for (let n = 0; n < MESSAGES; n += 1) {
  const due = sendStart + (n * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const ack = await sender.emitWithAck('message', { room, content: `bench ${performance.timeOrigin + performance.now()}` });
  if (!ack.ok) refused += 1;
}
await allDelivered;
const elapsedS = (performance.now() - sendStart) / 1000;

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
const result = {
  connections: CONNECTIONS,
  messages: MESSAGES,
  sendRatePerS: RATE,
  refused,
  deliveries: delivered,
  connectAllS: (connectMs / 1000).toFixed(1),
  fanoutP50Ms: pct(50),
  fanoutP99Ms: pct(99),
  fanoutMaxMs: latencies.at(-1)!.toFixed(1),
  deliveredPerS: Math.round(delivered / elapsedS),
};
console.log(JSON.stringify(result, null, 2));
for (const s of sockets) s.disconnect();
server.kill('SIGTERM');
clearTimeout(deadline);
