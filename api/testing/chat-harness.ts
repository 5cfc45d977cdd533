/** A real chat server on port 0 over a fresh test database, and real socket.io clients for it. */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../domain/chat-events.ts';
import type { Database } from '../db/client.ts';
import { channels, members } from '../db/schema/index.ts';
import { openTestDatabase } from './test-db.ts';
import { attachChat, type Chat, type ChatOptions } from '../chat/server.ts';
import { issueTicket } from '../chat/tickets.ts';
import { startTestRedis, type TestRedis } from './redis-server.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Harness {
  database: Database;
  chat: Chat;
  url: string;
  memberId(loginId: string): Promise<number>;
  ticketFor(loginId: string): Promise<string>;
  /** A connected client; `loginId` null = guest. */
  client(loginId: string | null, extra?: { origin?: string; cookie?: string }): Promise<ClientSocket>;
  close(): Promise<void>;
}

const PASSWORD_HASH_UNUSED = 'x';

/**
 * Members: bj (owner of the open channel), mgr, v1, v2, adultbj (owner of an adult channel), pi (identity-verified).
 */
export const HARNESS_SECRET = 'test-secret-0123456789-0123456789-abcd';

export async function startHarness(
  options: Partial<ChatOptions> = {},
): Promise<Harness & { room: string; adultRoom: string }> {
  const database = await openTestDatabase();
  const db = database.db;
  const ids: Record<string, number> = {};
  for (const loginId of ['bjtest01', 'mgrtest01', 'viewer101', 'viewer102', 'adultbj01', 'pitest01']) {
    const [row] = await db
      .insert(members)
      .values({
        loginId,
        nickname: loginId.slice(-10),
        passwordHash: PASSWORD_HASH_UNUSED,
        identityVerified: loginId === 'pitest01' || loginId === 'adultbj01',
      })
      .returning({ id: members.id });
    ids[loginId] = row!.id;
  }
  const [open] = await db
    .insert(channels)
    .values({ ownerId: ids.bjtest01!, title: 'open', broadcasting: true })
    .returning({ id: channels.id });
  const [adult] = await db
    .insert(channels)
    .values({ ownerId: ids.adultbj01!, title: 'adult', broadcasting: true, adultBroadcast: true })
    .returning({ id: channels.id });

  const server: HttpServer = createServer();
  const chat = await attachChat(server, {
    config: { jwtSecret: HARNESS_SECRET, allowedOrigins: ['http://site.test'], databaseUrl: null },
    database,
    // The tests change channels and lives in the database directly, with no event: read them on every join.
    accessTtlMs: 0,
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sockets: ClientSocket[] = [];

  const memberId = async (loginId: string) => {
    const [row] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
    return row!.id;
  };
  const ticketFor = async (loginId: string) => issueTicket(db, await memberId(loginId));

  return {
    database,
    chat,
    url,
    room: String(open!.id),
    adultRoom: String(adult!.id),
    memberId,
    ticketFor,
    async client(loginId, extra = {}) {
      const ticket = loginId ? await ticketFor(loginId) : undefined;
      const socket: ClientSocket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: '', type: '', ticket },
        extraHeaders: { origin: extra.origin ?? 'http://site.test', ...(extra.cookie ? { cookie: extra.cookie } : {}) },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await chat.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

/** Resolves with the next `event` the socket receives that matches. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (arg: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const listener = (arg: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(arg)) return;
      socket.off(event, listener as never);
      resolve(arg);
    };
    socket.on(event, listener as never);
  });
}

/**
 * Two chat servers on one database linked by a real Redis (the sharded adapter, api/chat/adapter.ts), as two
 * API processes are: `loginIds`' members, the first the owner of an open channel (`room`); `connect` opens a
 * client on process `node` (`loginId` null = guest; `listen` attaches handlers before it connects). Needs
 * redis-server (api/testing/redis-server.ts).
 */
export async function startChatPair(
  loginIds: string[],
  options: Partial<ChatOptions> = {},
): Promise<{
  database: Database;
  redis: TestRedis;
  room: string;
  channelId: number;
  ids: Record<string, number>;
  nodes: { chat: Chat; url: string }[];
  connect(node: number, loginId: string | null, listen?: (s: ClientSocket) => void): Promise<ClientSocket>;
  close(): Promise<void>;
}> {
  const redis = await startTestRedis();
  const database = await openTestDatabase();
  const ids: Record<string, number> = {};
  for (const loginId of loginIds) {
    const [row] = await database.db
      .insert(members)
      .values({ loginId, nickname: loginId, passwordHash: PASSWORD_HASH_UNUSED })
      .returning({ id: members.id });
    ids[loginId] = row!.id;
  }
  const [ch] = await database.db
    .insert(channels)
    .values({ ownerId: ids[loginIds[0]!]!, title: 'pair', broadcasting: true })
    .returning({ id: channels.id });
  const nodes: { chat: Chat; url: string }[] = [];
  for (let i = 0; i < 2; i += 1) {
    const server: HttpServer = createServer();
    const chat = await attachChat(server, {
      config: { jwtSecret: 'x'.repeat(40), allowedOrigins: [], databaseUrl: null },
      database,
      redisUrl: redis.url,
      rateMax: 1000,
      ...options,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    nodes.push({ chat, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
  const clients: ClientSocket[] = [];
  return {
    database,
    redis,
    room: String(ch!.id),
    channelId: ch!.id,
    ids,
    nodes,
    async connect(node, loginId, listen) {
      const auth = loginId ? { ticket: await issueTicket(database.db, ids[loginId]!) } : {};
      const s: ClientSocket = connect(nodes[node]!.url, {
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
      return s;
    },
    async close() {
      for (const c of clients) c.disconnect();
      for (const n of nodes) await n.chat.close();
      await database.close();
      await redis.stop();
    },
  };
}
