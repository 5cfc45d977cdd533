/**
 * The site's chat client (src/lib/chat-socket.ts + the buffer) against the real chat server:
 * a restart of the API mid-chat ends in a rejoined room with no duplicate and no missing line,
 * and the Unauthorized retry rule (SPEC §4) gives up after 10 tries with a fresh ticket each time.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attachChat, type Chat } from '../../api/chat/server.ts';
import { appendLine } from '../../api/chat/room-store.ts';
import { issueTicket } from '../../api/chat/tickets.ts';
import type { Database } from '../../api/db/client.ts';
import { channels, members } from '../../api/db/schema/index.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';
import { SOCKET_AUTH_RETRY_MAX } from '../../domain/limits.ts';
import { connectChat, type ChatStatus, type DisabledReason } from '../../src/lib/chat-socket.ts';
import { addLine, applyJoin, emptyBuffer, type ChatBuffer } from '../../src/stores/chat-buffer.ts';

let database: Database;
let room: string;
let viewerId: number;
let senderId: number;
let port = 0;
let running: { chat: Chat; server: HttpServer } | null = null;

async function startServer(): Promise<void> {
  const server = createServer();
  const chat = await attachChat(server, {
    config: { jwtSecret: 'x'.repeat(40), allowedOrigins: [], databaseUrl: null },
    database,
    rateMax: 10_000,
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  running = { chat, server };
}

async function stopServer(): Promise<void> {
  await running?.chat.close();
  running = null;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = await database.db
    .insert(members)
    .values([
      { loginId: 'viewer201', nickname: 'viewer201', passwordHash: 'x' },
      { loginId: 'sender201', nickname: 'sender201', passwordHash: 'x' },
    ])
    .returning({ id: members.id });
  viewerId = rows[0]!.id;
  senderId = rows[1]!.id;
  const [ch] = await database.db
    .insert(channels)
    .values({ ownerId: senderId, title: 't', broadcasting: true })
    .returning({ id: channels.id });
  room = String(ch!.id);
  await startServer();
});
afterAll(async () => {
  await stopServer();
  await database.close();
});

/** A client as the site builds it, with a way to wait for a condition on its state. */
function siteClient(getTicket: () => Promise<string | null>, setTimer?: (fn: () => void, ms: number) => unknown) {
  let buffer: ChatBuffer = emptyBuffer();
  let status: ChatStatus = 'idle';
  let reason: DisabledReason | undefined;
  let sentLastSeq: number | undefined;
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((w) => w());
  const conn = connectChat({
    url: `http://127.0.0.1:${port}`,
    room,
    streamId: null,
    getTicket,
    lastSeq: () => (sentLastSeq = buffer.contiguous),
    onStatus: (s, r) => {
      status = s;
      reason = r;
      changed();
    },
    onJoined: (r) => {
      buffer = applyJoin(buffer, sentLastSeq, r.replay, r.missed, r.seq);
      changed();
    },
    handlers: {
      message: (line) => {
        buffer = addLine(buffer, line);
        changed();
      },
    },
    ...(setTimer
      ? {
          setTimer: (fn: () => void, ms: number) => {
            setTimer(fn, ms);
            changed();
          },
        }
      : {}),
  });
  return {
    conn,
    get buffer() {
      return buffer;
    },
    get status() {
      return status;
    },
    get reason() {
      return reason;
    },
    until(predicate: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!predicate()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
  };
}

const contents = (b: ChatBuffer) => b.items.map((i) => (i.kind === 'line' ? i.line.content : `[missed ${i.count}]`));

it('rejoins after an API restart with exactly the lines sent meanwhile, in order, no duplicates', async () => {
  const viewer = siteClient(() => issueTicket(database.db, viewerId));
  const sender = siteClient(() => issueTicket(database.db, senderId));
  viewer.conn.start();
  sender.conn.start();
  await viewer.until(() => viewer.status === 'ready');
  await sender.until(() => sender.status === 'ready');
  for (let i = 0; i < 5; i += 1) expect((await sender.conn.send(`before ${i}`)).ok).toBe(true);
  await viewer.until(() => viewer.buffer.items.length === 5);

  await stopServer();
  await viewer.until(() => viewer.status === 'reconnecting');
  // While this process is down, other API processes keep taking lines for the room.
  for (let i = 0; i < 200; i += 1)
    await appendLine(database.db, {
      room,
      memberId: senderId,
      loginId: 'sender201',
      nickname: 'sender201',
      role: 'bj',
      content: `during ${i}`,
    });
  await startServer();

  await viewer.until(() => viewer.status === 'ready' && viewer.buffer.items.length === 205);
  await sender.until(() => sender.status === 'ready');
  expect((await sender.conn.send('after')).ok).toBe(true);
  await viewer.until(() => viewer.buffer.items.length === 206);

  const expected = [
    ...Array.from({ length: 5 }, (_, i) => `before ${i}`),
    ...Array.from({ length: 200 }, (_, i) => `during ${i}`),
    'after',
  ];
  expect(contents(viewer.buffer)).toEqual(expected);
  const seqs = viewer.buffer.items.map((i) => (i.kind === 'line' ? i.line.seq : -1));
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(seqs.length);
  await viewer.conn.stop();
  await sender.conn.stop();
});

it('retries an Unauthorized connect with a fresh ticket each time, then reports the session expired', async () => {
  const pending: (() => void)[] = [];
  let ticketsAsked = 0;
  const client = siteClient(
    async () => {
      ticketsAsked += 1;
      return 'B'.repeat(43); // a well-formed ticket the server never issued
    },
    (fn, ms) => {
      expect(ms).toBe(3000);
      pending.push(fn);
    },
  );
  client.conn.start();
  for (let retry = 1; retry <= SOCKET_AUTH_RETRY_MAX; retry += 1) {
    await client.until(() => pending.length > 0);
    pending.shift()!();
  }
  await client.until(() => client.status === 'disabled');
  expect(client.reason).toBe('session_expired');
  expect(ticketsAsked).toBe(SOCKET_AUTH_RETRY_MAX + 1);
  expect(pending).toHaveLength(0);
  await client.conn.stop();
});
