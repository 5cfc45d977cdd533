/**
 * Chat flood and ticket replay (SECURITY-CHECKLIST "WebSockets", "Chat: flood from one user across
 * sockets, 10 kB and 2 MB messages"; ASVS 4.4.1-4.4.4). The real API and the real socket.io server
 * share one HTTP server and one database, as in api/main.ts; tickets are bought over HTTP with a
 * real signed-in session.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { attachChat, type Chat } from '../../api/chat/server.ts';
import type { ClientSocket } from '../../api/testing/chat-harness.ts';
import { issueTicket } from '../../api/chat/tickets.ts';
import { channels, chatTickets, members } from '../../api/db/schema/index.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { jsonInit, signIn } from '../../api/testing/requests.ts';
import {
  CHAT_MESSAGE_LENGTH_MAX,
  CHAT_RATE_MAX,
  CHAT_TICKET_TTL_S,
  CHAT_UNAUTHORIZED,
  type ChatLine,
} from '../../domain/chat-events.ts';

const ORIGIN = 'http://site.test';
let t: TestApp;
let server: ServerType;
let chat: Chat;
let url = '';
let room = '';
const ids: Record<string, number> = {};
const sessions: Record<string, string> = {};
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await openTestApp();
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port));
  });
  // The window is long so "within one window" never depends on how fast this box is; the budget is the real one.
  chat = await attachChat(server as HttpServer, {
    config: { jwtSecret: t.config.jwtSecret, allowedOrigins: [ORIGIN], databaseUrl: null },
    database: t.database,
    rateWindowMs: 3_600_000,
  });
  url = `http://127.0.0.1:${port}`;
  for (const m of await t.database.db.select({ id: members.id, loginId: members.loginId }).from(members))
    ids[m.loginId] = m.id;
  room = String(
    (await t.database.db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, ids.bj0001!)))[0]!.id,
  );
  for (const who of ['viewer01', 'viewer02', 'adult01']) sessions[who] = (await signIn(t.app, who)).cookie;
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await chat?.close();
  await new Promise<void>((r) => server.close(() => r()));
  await t?.close();
});

async function buyTicket(who: string): Promise<string> {
  const res = await t.app.request('/api/chat/ticket', jsonInit('POST', {}, { cookie: sessions[who]! }));
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as { ticket: string }).ticket;
}

function open(auth: Record<string, unknown>): Promise<{ socket: ClientSocket } | { error: Error }> {
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth,
    extraHeaders: { origin: ORIGIN },
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ error });
    });
  });
}
async function connected(auth: Record<string, unknown>): Promise<ClientSocket> {
  const r = await open(auth);
  if ('error' in r) throw r.error;
  return r.socket;
}
async function refused(auth: Record<string, unknown>): Promise<string> {
  const r = await open(auth);
  if ('socket' in r) throw new Error('connected');
  return r.error.message;
}
const join = (s: ClientSocket) => s.emitWithAck('join', { room, streamId: null, source: 'web' });
const say = (s: ClientSocket, content: string) => s.emitWithAck('message', { room, content });
/** Who the server says sent a line: read back from what another member hears. */
async function speakerOf(s: ClientSocket, content: string, listener: ClientSocket): Promise<string> {
  const heard = new Promise<ChatLine>((resolve) => listener.on('message', (l) => l.content === content && resolve(l)));
  expect(await say(s, content)).toMatchObject({ ok: true });
  return (await heard).loginId;
}

describe('chat tickets', () => {
  it('are single-use: the second connection with the same ticket is refused', async () => {
    const ticket = await buyTicket('viewer01');
    await connected({ ticket });
    expect(await refused({ ticket })).toBe(CHAT_UNAUTHORIZED);
  });

  it('are short-lived: a ticket past its lifetime is refused', async () => {
    const old = await issueTicket(
      t.database.db,
      ids.viewer01!,
      null,
      new Date(Date.now() - (CHAT_TICKET_TTL_S + 1) * 1000),
    );
    expect(await refused({ ticket: old })).toBe(CHAT_UNAUTHORIZED);
    // Also one bought over HTTP and then aged in the store.
    const bought = await buyTicket('viewer01');
    await t.database.db
      .update(chatTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(chatTickets.memberId, ids.viewer01!));
    expect(await refused({ ticket: bought })).toBe(CHAT_UNAUTHORIZED);
  });

  it('cannot be bought without a session, or with a signed-out one', async () => {
    expect((await t.app.request('/api/chat/ticket', jsonInit('POST', {}))).status).toBe(401);
    const { cookie } = await signIn(t.app, 'adult01');
    const spare = await t.app.request('/api/chat/ticket', jsonInit('POST', {}, { cookie }));
    const { ticket } = (await spare.json()) as { ticket: string };
    await t.app.request('/api/auth/signout', jsonInit('POST', {}, { cookie }));
    expect(await refused({ ticket })).toBe(CHAT_UNAUTHORIZED);
  });

  it('an access token (non-browser clients) stops working for chat once its session signed out', async () => {
    const { cookie, access } = await signIn(t.app, 'adult01');
    const s = await connected({ type: 'oauth', token: access });
    await join(s);
    await t.app.request('/api/auth/signout', jsonInit('POST', {}, { cookie }));
    expect(await refused({ type: 'oauth', token: access })).toBe(CHAT_UNAUTHORIZED);
  });

  it('give the identity of the session that bought them, whatever else the client claims', async () => {
    const listener = await connected({ ticket: await buyTicket('viewer02') });
    await join(listener);
    const forgedForB = await signAccessToken(ids.viewer02!, 'forged', 'not-the-secret-'.repeat(4));
    const a = await connected({
      ticket: await buyTicket('viewer01'),
      token: forgedForB,
      type: '',
      loginId: 'viewer02',
      memberId: ids.viewer02,
      nickname: 'viewer02',
    });
    await join(a);
    expect(await speakerOf(a, 'who am i (ticket)', listener)).toBe('viewer01');
    // A token signed with another key does not make anyone B either.
    expect(await refused({ token: forgedForB, type: 'oauth' })).toBe(CHAT_UNAUTHORIZED);
    // Nor does a ticket-shaped guess.
    expect(await refused({ ticket: 'A'.repeat(43), loginId: 'viewer02' })).toBe(CHAT_UNAUTHORIZED);
  });
});

describe('chat flood', () => {
  it('holds the per-member budget across several sockets, says why, and leaves other members alone', async () => {
    const s1 = await connected({ ticket: await buyTicket('adult01') });
    const s2 = await connected({ ticket: await buyTicket('adult01') });
    await join(s1);
    await join(s2);
    const acks = await Promise.all(
      Array.from({ length: CHAT_RATE_MAX * 4 }, (_, i) => say(i % 2 ? s1 : s2, `flood ${i}`)),
    );
    expect(acks.filter((a) => a.ok).length).toBe(CHAT_RATE_MAX);
    expect(acks.filter((a) => !a.ok)).toEqual(Array(CHAT_RATE_MAX * 3).fill({ ok: false, code: 'rate_limited' }));
    const other = await connected({ ticket: await buyTicket('viewer02') });
    await join(other);
    expect(await say(other, 'still talking')).toMatchObject({ ok: true });
  });

  it('refuses lines over the length limit (201 characters, 10 kB) with too_long, and drops a 2 MB frame', async () => {
    const s = await connected({ ticket: await buyTicket('viewer01') });
    await join(s);
    expect(await say(s, 'x'.repeat(CHAT_MESSAGE_LENGTH_MAX + 1))).toEqual({ ok: false, code: 'too_long' });
    expect(await say(s, '가'.repeat(CHAT_MESSAGE_LENGTH_MAX + 1))).toEqual({ ok: false, code: 'too_long' });
    expect(await say(s, 'x'.repeat(10_000))).toEqual({ ok: false, code: 'too_long' });
    const dropped = new Promise((resolve) => s.once('disconnect', resolve));
    s.emit('message', { room, content: 'y'.repeat(2_000_000) }, () => {});
    expect(await dropped).toBe('transport close');
    // The server is fine: a fresh connection talks.
    const again = await connected({ ticket: await buyTicket('viewer01') });
    await join(again);
    expect(await say(again, 'x'.repeat(CHAT_MESSAGE_LENGTH_MAX))).toMatchObject({ ok: true });
  });
});
