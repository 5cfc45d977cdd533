/**
 * Three API processes on one PostgreSQL behind the worker; processes are killed (SIGKILL, no
 * goodbye) under load: chat clients that were on one reconnect through the worker to a survivor,
 * HTTP calls keep working (the worker fails over from the refused connection), and gifts retried
 * with their Idempotency-Key move money exactly once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { freshDatabase, startApi, startWorker, type Proc } from './processes.ts';

const SOCKETS = 8;
const apis: Proc[] = [];
let worker: Proc;
let sockets: Socket[] = [];
beforeAll(async () => {
  const db = await freshDatabase('fault_kill');
  apis.push(await startApi(db)); // the first migrates and seeds alone
  apis.push(await startApi(db));
  apis.push(await startApi(db));
  worker = await startWorker(apis.map((a) => a.origin));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await worker?.stop();
  await Promise.all(apis.map((a) => a.stop('SIGKILL')));
});

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
}

it('survives one API process dying under chat and HTTP traffic', async () => {
  // The worker picks a random process per connection: with 8 sockets both processes hold some
  // (all on one would be a 1 in 128 draw, and the test would still hold).
  sockets = Array.from({ length: SOCKETS }, () =>
    io(worker.origin, { transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 2000 }),
  );
  await Promise.all(sockets.map(connected));
  const dropped: Socket[] = [];
  for (const s of sockets) s.once('disconnect', () => dropped.push(s));

  await apis[0]!.stop('SIGKILL');

  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${worker.origin}/api/guest/loginId/killtest${i}`, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
  }
  // Every socket that lost its process comes back (socket.io reconnects with jittered back-off).
  // (A dropped socket may already be back by now, so wait on its state, not on the next event.)
  await Promise.all(dropped.map(connected));
  expect(sockets.every((s) => s.connected)).toBe(true);
});

async function signIn(origin: string, loginId: string): Promise<string> {
  const res = await fetch(`${origin}/v2/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password: 'demo1234!', loginKeep: false, saveId: false, device: 'PCWEB' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

it('moves each gift exactly once when a process dies mid-stream and the client retries with its key', async () => {
  const cookie = await signIn(worker.origin, 'viewer01');
  const lives = (await (await fetch(`${worker.origin}/api/lives?limit=100`)).json()) as {
    list: { loginId: string; channelId: number }[];
  };
  const channelId = lives.list.find((l) => l.loginId === 'bj0001')!.channelId;
  const balance = async () =>
    ((await (await fetch(`${worker.origin}/api/my/luv/luv-sum`, { headers: { cookie } })).json()) as { luv: number })
      .luv;
  const before = await balance();

  const GIFTS = 20;
  const AMOUNT = 10;
  const run = `${Date.now()}`;
  const sendOnce = (i: number) =>
    fetch(`${worker.origin}/api/lives/send-luv`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `fault-${run}-${i}` },
      body: JSON.stringify({ channelId, amount: AMOUNT, message: `gift ${i}` }),
      signal: AbortSignal.timeout(10_000),
    }).then(
      (r) => r.status,
      () => 0,
    );

  const statuses: number[] = [];
  for (let i = 0; i < GIFTS; i++) {
    if (i === 7) void apis[1]!.stop('SIGKILL'); // dies while the next gifts are in flight
    let status = await sendOnce(i);
    for (let attempt = 0; status !== 200 && attempt < 10; attempt++) status = await sendOnce(i);
    statuses.push(status);
  }
  expect(statuses).toEqual(Array(GIFTS).fill(200));
  expect(await balance()).toBe(before - GIFTS * AMOUNT);
});
