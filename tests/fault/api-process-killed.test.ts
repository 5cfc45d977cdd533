/**
 * Two API processes on one PostgreSQL behind the worker; one is killed (SIGKILL, no goodbye):
 * chat clients that were on it reconnect through the worker to the survivor, and HTTP calls
 * keep working (the worker fails over from the refused connection).
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
  sockets = Array.from({ length: SOCKETS }, () => io(worker.origin, { transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 2000 }));
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
