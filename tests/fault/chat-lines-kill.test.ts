/**
 * Issue #41: killing one API process loses no accepted line. Three API processes on one PostgreSQL,
 * their rooms linked by Redis (REDIS_URL from scripts/with-redis.sh, which `npm run test:fault`
 * runs), behind the worker. Two members send lines while guests read; one process is killed
 * (SIGKILL) mid-stream. Every line a sender had acked is then in the history a new guest gets on
 * joining (answered from a survivor's memory), and every reader has every one of them, live or in
 * the replay of its rejoin, each once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ChatLine, JoinResult } from '../../domain/chat-events.ts';
import { ChatSender, pause, type Sent } from './chat-sender.ts';
import { freshDatabase, startApi, startWorker, type Proc } from './processes.ts';

const READERS = 6;
const LINES_EACH = 10;
const apis: Proc[] = [];
let worker: Proc;
let room: string;
const readers: Socket[] = [];
const senders: ChatSender[] = [];

beforeAll(async () => {
  if (!process.env.REDIS_URL) throw new Error('run through scripts/with-redis.sh (npm run test:fault does)');
  const db = await freshDatabase('fault_lines_kill');
  for (let i = 0; i < 3; i++) apis.push(await startApi(db)); // the first migrates and seeds alone
  worker = await startWorker(apis.map((a) => a.origin));
  const lives = (await (await fetch(`${worker.origin}/api/lives?limit=100`)).json()) as {
    list: { loginId: string; channelId: number }[];
  };
  room = String(lives.list.find((l) => l.loginId === 'bj0001')!.channelId);
});
afterAll(async () => {
  for (const s of readers) s.close();
  for (const s of senders) s.close();
  await worker?.stop();
  await Promise.all(apis.map((a) => a.stop('SIGKILL')));
});

/** A guest as the site is one: rejoins after every reconnect with the last seq it has, keeps each seq once. */
function reader(): { socket: Socket; lines: Map<number, ChatLine>; dupes: number } {
  const socket = io(worker.origin, { transports: ['websocket'], reconnectionDelay: 300, reconnectionDelayMax: 1500 });
  const state = { socket, lines: new Map<number, ChatLine>(), dupes: 0 };
  const keep = (line: ChatLine) => {
    if (state.lines.has(line.seq)) state.dupes += 1;
    else state.lines.set(line.seq, line);
  };
  socket.on('message', keep);
  socket.on('connect', () => {
    const seqs = [...state.lines.keys()];
    const lastSeq = seqs.length ? Math.max(...seqs) : undefined;
    socket.emit(
      'join',
      { room, source: 'web', ...(lastSeq === undefined ? {} : { lastSeq }) },
      (r: { ok: boolean } & JoinResult) => {
        // A replay overlaps the lines that came live meanwhile: those are not counted twice.
        if (r.ok) for (const line of r.replay) if (!state.lines.has(line.seq)) state.lines.set(line.seq, line);
      },
    );
  });
  readers.push(socket);
  return state;
}

it('loses no acked line when an API process dies mid-stream', async () => {
  const guests = Array.from({ length: READERS }, reader);
  await expect.poll(() => guests.every((g) => g.socket.connected), { timeout: 20_000 }).toBe(true);
  for (const [i, loginId] of ['viewer01', 'viewer02'].entries()) {
    const sender = await ChatSender.signIn(worker.origin, loginId, 'demo1234!', room);
    senders.push(sender);
    void i;
  }
  await pause(1000); // joined

  const acked: Sent[] = [];
  const run = `${Date.now()}`;
  let killed = false;
  await Promise.all(
    senders.map(async (sender, s) => {
      for (let n = 0; n < LINES_EACH; n++) {
        if (s === 0 && n === 3 && !killed) {
          killed = true;
          void apis[1]!.stop('SIGKILL'); // dies while lines are in flight
        }
        // Unanswered sends are retried: a retry may add the same text twice, never lose an acked one.
        acked.push(await sender.sendUntilTaken(`kill ${run} ${s}-${n}`));
      }
    }),
  );
  expect(acked).toHaveLength(2 * LINES_EACH);
  const ackedSeqs = acked.map((a) => a.seq).sort((a, b) => a - b);

  // Every reader has every acked line (live, or replayed on its rejoin), each once.
  await expect
    .poll(() => guests.map((g) => ackedSeqs.filter((seq) => !g.lines.has(seq)).length), { timeout: 20_000 })
    .toEqual(Array(READERS).fill(0));
  for (const g of guests) {
    expect(g.dupes).toBe(0);
    for (const a of acked) expect(g.lines.get(a.seq)?.content).toBe(a.content);
  }

  // A newcomer's history (from a survivor's memory) holds them all, in seq order.
  const newcomer = io(worker.origin, { transports: ['websocket'], reconnection: false, forceNew: true });
  readers.push(newcomer);
  await new Promise((resolve) => newcomer.once('connect', () => resolve(null)));
  const joined = (await newcomer.emitWithAck('join', { room, source: 'web' })) as { ok: boolean } & JoinResult;
  expect(joined.ok).toBe(true);
  const history = new Map(joined.replay.map((l) => [l.seq, l.content]));
  for (const a of acked) expect(history.get(a.seq)).toBe(a.content);
  const seqs = joined.replay.map((l) => l.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
});
