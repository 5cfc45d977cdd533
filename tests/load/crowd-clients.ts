/**
 * One client process of the join-crowd load test (join-crowd.ts forks several, so the guests'
 * socket.io-client work spreads over the cores): opens COUNT guest sockets to URL, evenly over
 * SPREAD_MS, each joining ROOM; tells the parent when every one has joined or failed, then times
 * each `crowd <n> <sentAt>` line it receives (one clock: the machine's) and reports them on `report`.
 */
import { io, type Socket } from 'socket.io-client';
import type { ChatLine } from '../../domain/chat-events.ts';

const { URL: url, ROOM: room } = process.env as Record<string, string>;
const COUNT = Number(process.env.COUNT);
const SPREAD_MS = Number(process.env.SPREAD_MS ?? 4000);
const send = (msg: object) => process.send?.(msg);

const sockets: Socket[] = [];
/** Per line number: the receipt latencies (ms) of this process's guests. */
const latencies = new Map<number, number[]>();
let joined = 0;
let failed = 0;
let lastJoinAt = 0;
const start = performance.now();
const failures = new Map<string, number>();

function fail(reason: string): void {
  failed += 1;
  failures.set(reason, (failures.get(reason) ?? 0) + 1);
  settle();
}
function settle(): void {
  if (joined + failed === COUNT)
    send({ type: 'joined', joined, failed, lastJoinMs: lastJoinAt - start, failures: Object.fromEntries(failures) });
}

function open(): void {
  const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000 });
  sockets.push(s);
  s.on('message', (line: ChatLine) => {
    const [tag, n, sentAt] = line.content.split(' ');
    if (tag !== 'crowd') return;
    const list = latencies.get(Number(n)) ?? [];
    list.push(performance.timeOrigin + performance.now() - Number(sentAt));
    latencies.set(Number(n), list);
  });
  s.once('connect', () => {
    s.timeout(60_000).emit(
      'join',
      { room, streamId: null, source: 'web' },
      (err: Error | null, ack?: { ok: boolean; code?: string }) => {
        if (err || !ack?.ok) return fail(err ? 'join timeout' : `join refused: ${ack?.code}`);
        joined += 1;
        lastJoinAt = performance.now();
        settle();
      },
    );
  });
  s.once('connect_error', (err: Error & { description?: { message?: string } }) =>
    // The transport's own reason when there is one (e.g. "Unexpected server response: 502").
    fail(`connect: ${err.description?.message ?? err.message}`),
  );
}

for (let i = 0; i < COUNT; i++) {
  const due = start + (i * SPREAD_MS) / COUNT - performance.now();
  if (due > 1) await new Promise((r) => setTimeout(r, due));
  open();
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'report') {
    send({
      type: 'report',
      latencies: Object.fromEntries(latencies),
      connected: sockets.filter((s) => s.connected).length,
    });
  } else if (msg.type === 'close') {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
