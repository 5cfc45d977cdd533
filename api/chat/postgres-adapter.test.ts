/**
 * Multi-process fan-out: two chat servers on one PostgreSQL through @socket.io/postgres-adapter.
 * Runs in CI's PostgreSQL leg (TEST_DATABASE_URL); PGlite has no LISTEN/NOTIFY across processes.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../domain/chat-events.ts';
import type { Database } from '../db/client.ts';
import { channels, members, streams } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../testing/test-db.ts';
import { attachChat, type Chat } from './server.ts';
import { issueTicket } from './tickets.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('postgres adapter', () => {
  let database: Database;
  const nodes: { chat: Chat; url: string }[] = [];
  const clients: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  let room: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await openTestDatabase();
    for (const loginId of ['pgbj0001', 'pgviewer01', 'pgviewer02']) {
      const [row] = await database.db
        .insert(members)
        .values({ loginId, nickname: loginId, passwordHash: 'x' })
        .returning({ id: members.id });
      ids[loginId] = row!.id;
    }
    const [ch] = await database.db
      .insert(channels)
      .values({ ownerId: ids.pgbj0001!, title: 'pg', broadcasting: true })
      .returning({ id: channels.id });
    room = String(ch!.id);
    for (let i = 0; i < 2; i += 1) {
      const server: HttpServer = createServer();
      const chat = await attachChat(server, {
        config: { jwtSecret: 'x'.repeat(40), allowedOrigins: [], databaseUrl: adminUrl! },
        database,
        viewerCountIntervalMs: 20,
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      nodes.push({ chat, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    }
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    for (const n of nodes) await n.chat.close();
    await database.close();
  });

  /** `listen` registers listeners before the join: the first viewer count may go out before the join's answer. */
  async function client(
    node: number,
    loginId: string | null,
    inRoom = room,
    listen?: (s: Socket<ServerToClientEvents, ClientToServerEvents>) => void,
  ) {
    const auth = loginId ? { ticket: await issueTicket(database.db, ids[loginId]!) } : {};
    const s: Socket<ServerToClientEvents, ClientToServerEvents> = connect(nodes[node]!.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth,
    });
    clients.push(s);
    listen?.(s);
    await new Promise((resolve, reject) => {
      s.once('connect', () => resolve(null));
      s.once('connect_error', reject);
    });
    expect(await s.emitWithAck('join', { room: inRoom, streamId: null, source: 'web' })).toMatchObject({ ok: true });
    return s;
  }

  it("counts the viewers of every process: each sees the room's total, and the lists read it", async () => {
    const [ch] = await database.db
      .insert(channels)
      .values({ ownerId: ids.pgviewer02!, title: 'counted', broadcasting: true })
      .returning({ id: channels.id });
    const counted = String(ch!.id);
    const [live] = await database.db
      .insert(streams)
      .values({ channelId: ch!.id, type: 1, format: 'hls', url: '/x.m3u8', title: 'counted' })
      .returning({ id: streams.id });
    // Each process tells its sockets the count once it changes, which can be before the join's
    // answer arrives (the join still reads the room's lines): listen from the start, as the site does.
    const latest = () => {
      const seen = { viewers: -1 };
      const listen = (s: Socket<ServerToClientEvents, ClientToServerEvents>) => {
        s.on('connection', (c) => c.room === counted && (seen.viewers = c.viewers));
      };
      return { seen, listen };
    };
    const zero = latest();
    const one = latest();
    await client(0, null, counted, zero.listen);
    const alsoZero = await client(0, null, counted);
    await client(1, null, counted, one.listen);
    const [onZero, onOne] = [zero.seen, one.seen];
    await expect.poll(() => onOne.viewers, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => onZero.viewers, { timeout: 10_000 }).toBe(3);
    const stored = async () =>
      (await database.db.select({ n: streams.viewers }).from(streams).where(eq(streams.id, live!.id)))[0]!.n;
    await expect.poll(stored, { timeout: 10_000 }).toBe(3);

    alsoZero.disconnect();
    await expect.poll(() => onOne.viewers, { timeout: 10_000 }).toBe(2);
    await expect.poll(stored, { timeout: 10_000 }).toBe(2);
  });

  it('delivers a line sent on one process to a client of the other, and kicks across processes', async () => {
    const reader = await client(0, 'pgviewer01');
    const bj = await client(1, 'pgbj0001');
    const heard = new Promise((resolve) => reader.on('message', (l) => l.content === 'across' && resolve(l)));
    expect(await bj.emitWithAck('message', { room, content: 'across' })).toMatchObject({ ok: true });
    expect(await heard).toMatchObject({ content: 'across', loginId: 'pgbj0001' });

    const told = new Promise((resolve) => reader.on('action', (a) => a.type === 'kick' && resolve(a)));
    expect(await bj.emitWithAck('action', { room, type: 'kick', targetId: 'pgviewer01' })).toEqual({ ok: true });
    expect(await told).toMatchObject({ targetId: 'pgviewer01', on: true });
    // Removed from the room on its own process: a line from the BJ no longer reaches it.
    const other = await client(0, 'pgviewer02');
    const otherHeard = new Promise((resolve) => other.on('message', (l) => l.content === 'after kick' && resolve(l)));
    let readerGotIt = false;
    reader.on('message', (l) => {
      if (l.content === 'after kick') readerGotIt = true;
    });
    await bj.emitWithAck('message', { room, content: 'after kick' });
    await otherHeard;
    expect(readerGotIt).toBe(false);
  });
});
