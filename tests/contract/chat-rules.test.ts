/**
 * A room's chat rules (issue #41 point 2) through the real worker in workerd in front of the real
 * API and its chat server: `GET`/`PUT /api/channels/{id}/chat-rules` as a guest, a member, a manager
 * and the BJ; bad bodies refused with their codes and nothing written; the `chat_rules` event on a
 * socket; and every rule refusing a line with its code on `message` (slow mode's retryAfterMs,
 * followers-only with a minimum follow time, subscribers-only, emote-only, blocked words also for the
 * BJ), the BJ and managers exempt from the modes. Also the lines' badges and the viewer list.
 */
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachChat, type Chat } from '../../api/chat/server.ts';
import { channelFollows, channelRoles, channels, members, subscriptions } from '../../api/db/schema/index.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import {
  CHAT_BLOCKED_WORD_LENGTH_MAX,
  CHAT_BLOCKED_WORDS_MAX,
  CHAT_SLOW_MODE_MAX_S,
  type ChatEvent,
  type ChatLine,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../domain/chat-events.ts';
import { startEdgeInWorkerd, type EdgeInWorkerd } from '../../scripts/edge-workerd.ts';
import { startWorker, type WorkerUnderTest } from '../../worker/testing/harness.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SITE = 'https://www.flxtv.example';
const MINUTE = 60_000;

let t: TestApp;
let server: ServerType;
let chat: Chat;
let w: WorkerUnderTest;
/** The same worker as it deploys, in workerd through Miniflare: the sockets' way in (wrangler's test harness does not pass a websocket upgrade). */
let edge: EdgeInWorkerd;
let assets = '';
let channelId = 0;
let room = '';
const sockets: ClientSocket[] = [];
let ip = 0;

const PEOPLE = {
  bj: 'rulesbj01',
  manager: 'rulesmgr01',
  member: 'rulesmem01',
  slow: 'rulesmem02',
  emote: 'rulesmem03',
  words: 'rulesmem04',
  subscriber: 'rulessub01',
  follower20: 'rulesfol20',
  follower5: 'rulesfol05',
} as const;

beforeAll(async () => {
  t = await openTestApp();
  const { db } = t.database;
  const ids: Record<string, number> = {};
  for (const loginId of Object.values(PEOPLE)) {
    const [row] = await db
      .insert(members)
      .values({ loginId, nickname: `닉${loginId.slice(-5)}`, passwordHash: 'x' })
      .returning({ id: members.id });
    ids[loginId] = row!.id;
  }
  const [ch] = await db
    .insert(channels)
    .values({ ownerId: ids[PEOPLE.bj]!, title: 'rules room', broadcasting: true })
    .returning({ id: channels.id });
  channelId = ch!.id;
  room = String(channelId);
  await db
    .insert(channelRoles)
    .values({ channelId, memberId: ids[PEOPLE.manager]!, kind: 'manager', byMemberId: ids[PEOPLE.bj]! });
  const now = Date.now();
  await db.insert(channelFollows).values([
    { channelId, memberId: ids[PEOPLE.follower20]!, createdAt: new Date(now - 20 * MINUTE) },
    { channelId, memberId: ids[PEOPLE.follower5]!, createdAt: new Date(now - 5 * MINUTE) },
  ]);
  // Subscribed 65 days ago, running to next month: its third month.
  await db.insert(subscriptions).values({
    memberId: ids[PEOPLE.subscriber]!,
    channelId,
    plan: 'monthly',
    priceWon: 3300,
    status: 1,
    periodStart: new Date(now - 5 * 86_400_000),
    periodEnd: new Date(now + 25 * 86_400_000),
    createdAt: new Date(now - 65 * 86_400_000),
  });

  // Demo members with luv gift the room: viewer02 the most, then viewer01 (the top givers' badges).
  for (const [who, amount, n] of [
    ['viewer01', 300, 1],
    ['viewer02', 500, 2],
  ] as const) {
    const res = await t.as(who)(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount, message: 'gift' },
      { 'idempotency-key': `chat-rules-${n}` },
    );
    expect(res.status).toBe(200);
  }

  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port));
  });
  chat = await attachChat(server as HttpServer, {
    config: { ...t.config, allowedOrigins: [] },
    database: t.database,
    rateMax: 10_000,
  });
  t.deps.chat = chat;
  w = await startWorker({ API_ORIGIN: `http://127.0.0.1:${port}` });
  // Sockets need no page: an empty asset folder keeps this test off the shared dist/.
  assets = mkdtempSync(join(tmpdir(), 'chat-rules-assets-'));
  edge = await startEdgeInWorkerd(`http://127.0.0.1:${port}`, assets);
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await chat?.close();
  await edge?.close();
  await w?.close();
  if (assets) rmSync(assets, { recursive: true, force: true });
  await new Promise<void>((r) => server.close(() => r()));
  await t?.close();
});

/** A request through the worker as `loginId` (null: a guest), from an address of its own (rate limits are per IP). */
async function call(loginId: string | null, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const cookie = [loginId ? await t.cookieOf(loginId) : '', headers.cookie ?? ''].filter(Boolean).join('; ');
  const res = await w.fetch(`${SITE}/api/channels/${channelId}/chat-rules`, {
    method,
    headers: {
      'sec-fetch-site': 'same-origin',
      'cf-connecting-ip': `198.51.100.${(ip++ % 250) + 1}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const put = (loginId: string | null, body: unknown, headers?: Record<string, string>) =>
  call(loginId, 'PUT', body, headers);
const get = (loginId: string | null) => call(loginId, 'GET');

/** A chat socket through the worker: a ticket bought with the member's session (through the worker), or a guest. */
async function client(loginId: string | null): Promise<ClientSocket> {
  let ticket: string | undefined;
  if (loginId) {
    const res = await w.fetch(`${SITE}/api/chat/ticket`, {
      method: 'POST',
      headers: {
        cookie: await t.cookieOf(loginId),
        'sec-fetch-site': 'same-origin',
        'cf-connecting-ip': `203.0.113.${(ip++ % 250) + 1}`,
      },
    });
    expect(res.status).toBe(200);
    ticket = ((await res.json()) as { ticket: string }).ticket;
  }
  const socket: ClientSocket = connect(edge.origin, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { ticket },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = await socket.emitWithAck('join', { room, streamId: null, source: 'web' });
  expect(joined.ok).toBe(true);
  return socket;
}

const say = (s: ClientSocket, content: string) => s.emitWithAck('message', { room, content });
const OFF = { slowModeS: 0, followersOnlyMinM: null, subscribersOnly: false, emoteOnly: false, blockedWords: [] };

describe('GET and PUT /api/channels/{id}/chat-rules', () => {
  it('answers everyone the rules (all off at first), the blocked words to the BJ and managers only', async () => {
    expect(await get(null)).toEqual({
      status: 200,
      body: { slowModeS: 0, followersOnlyMinM: null, subscribersOnly: false, emoteOnly: false },
    });
    expect((await get(PEOPLE.member)).body).not.toHaveProperty('blockedWords');
    expect((await get(PEOPLE.bj)).body).toEqual(OFF);
    expect((await get(PEOPLE.manager)).body).toEqual(OFF);
  });

  it('refuses a guest (401) and a member who is neither BJ nor manager (403 not_channel_manager)', async () => {
    expect((await put(null, { slowModeS: 5 })).status).toBe(401);
    const member = await put(PEOPLE.member, { slowModeS: 5 });
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('not_channel_manager');
    // The refusal comes before anything about the body.
    expect((await put(PEOPLE.member, { slowModeS: -1 })).body.error).toBe('not_channel_manager');
    expect((await get(PEOPLE.bj)).body).toEqual(OFF);
  });

  it('answers 404 for an unknown channel', async () => {
    const res = await w.fetch(`${SITE}/api/channels/999999/chat-rules`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('channel_not_found');
  });

  it.each([
    [{ slowModeS: -1 }, 'invalid_slow_mode'],
    [{ slowModeS: CHAT_SLOW_MODE_MAX_S + 1 }, 'invalid_slow_mode'],
    [{ slowModeS: 2.5 }, 'invalid_slow_mode'],
    [{ slowModeS: '5' }, 'invalid_slow_mode'],
    [{ followersOnlyMinM: -1 }, 'invalid_followers_only'],
    [{ followersOnlyMinM: 129_601 }, 'invalid_followers_only'],
    [{ subscribersOnly: 'yes' }, 'invalid_chat_rules'],
    [{ emoteOnly: 1 }, 'invalid_chat_rules'],
    [{ blockedWords: 'spam' }, 'invalid_blocked_words'],
    [{ blockedWords: ['ok', 3] }, 'invalid_blocked_words'],
    [{ blockedWords: ['   '] }, 'invalid_blocked_words'],
    [{ blockedWords: ['x'.repeat(CHAT_BLOCKED_WORD_LENGTH_MAX + 1)] }, 'invalid_blocked_words'],
    [{ blockedWords: Array.from({ length: CHAT_BLOCKED_WORDS_MAX + 1 }, (_, i) => `w${i}`) }, 'invalid_blocked_words'],
    // A valid field beside a refused one: nothing of the body is written.
    [{ slowModeS: 10, emoteOnly: true, blockedWords: ['a', ''] }, 'invalid_blocked_words'],
    [{ subscribersOnly: true, followersOnlyMinM: 'soon' }, 'invalid_followers_only'],
  ])('refuses %j with 400 %s, writing nothing', async (body, code) => {
    const res = await put(PEOPLE.bj, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect(typeof res.body.error_msg).toBe('string');
    expect((await get(PEOPLE.bj)).body).toEqual(OFF);
  });

  it('refuses a body that is not an object, and words the caller’s language', async () => {
    expect((await put(PEOPLE.bj, '[1]')).body.error).toBe('invalid_chat_rules');
    const ko = await put(PEOPLE.bj, { slowModeS: 999 }, { cookie: 'locale=ko' });
    const en = await put(PEOPLE.bj, { slowModeS: 999 }, { cookie: 'locale=en' });
    expect(ko.body.error_msg).toBe('슬로우 모드는 0초에서 300초 사이로 정해 주세요.');
    expect(en.body.error_msg).toBe('Set slow mode between 0 and 300 seconds.');
  });

  it('lets a manager set rules; trims and deduplicates the blocked words; keeps absent fields', async () => {
    const set = await put(PEOPLE.manager, { slowModeS: 5, blockedWords: [' Spam ', 'spam', 'SPAM', '바보', '바보'] });
    expect(set).toEqual({ status: 200, body: { ...OFF, slowModeS: 5, blockedWords: ['Spam', '바보'] } });
    const again = await put(PEOPLE.bj, { emoteOnly: true });
    expect(again.body).toEqual({ ...OFF, slowModeS: 5, emoteOnly: true, blockedWords: ['Spam', '바보'] });
    expect((await get(null)).body).toEqual({
      slowModeS: 5,
      followersOnlyMinM: null,
      subscribersOnly: false,
      emoteOnly: true,
    });
    expect((await put(PEOPLE.bj, OFF)).body).toEqual(OFF);
  });
});

describe('a change reaches the room', () => {
  it('as a chat_rules event on a guest’s socket, without the blocked words', async () => {
    const guest = await client(null);
    const heard = new Promise<ChatEvent>((resolve) =>
      guest.on('event', (e) => void (e.type === 'chat_rules' && resolve(e))),
    );
    expect((await put(PEOPLE.bj, { subscribersOnly: true, blockedWords: ['secret'] })).status).toBe(200);
    expect(await heard).toEqual({
      room,
      type: 'chat_rules',
      data: { slowModeS: 0, followersOnlyMinM: null, subscribersOnly: true, emoteOnly: false },
    });
    await put(PEOPLE.bj, OFF);
  });
});

describe('the rules on message', () => {
  let bj: ClientSocket;
  let manager: ClientSocket;
  let member: ClientSocket;
  let guest: ClientSocket;
  beforeAll(async () => {
    bj = await client(PEOPLE.bj);
    manager = await client(PEOPLE.manager);
    member = await client(PEOPLE.member);
    guest = await client(null);
  });

  it('a guest still may not send', async () => {
    expect(await say(guest, 'hi')).toEqual({ ok: false, code: 'unauthorized' });
  });

  it('slow mode: the second line within the wait is refused with retryAfterMs; BJ and managers exempt', async () => {
    await put(PEOPLE.bj, { slowModeS: 30 });
    const slow = await client(PEOPLE.slow);
    expect(await say(slow, 'first')).toMatchObject({ ok: true });
    const refused = await say(slow, 'second');
    expect(refused).toMatchObject({ ok: false, code: 'slow_mode' });
    const wait = (refused as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30_000);
    for (const s of [bj, bj, manager, manager]) expect(await say(s, 'exempt')).toMatchObject({ ok: true });
    // Slow mode off: the member may send at once.
    await put(PEOPLE.bj, { slowModeS: 0 });
    expect(await say(slow, 'third')).toMatchObject({ ok: true });
  });

  it('followers-only with a minimum follow time', async () => {
    await put(PEOPLE.bj, { followersOnlyMinM: 10 });
    const f20 = await client(PEOPLE.follower20);
    const f5 = await client(PEOPLE.follower5);
    expect(await say(member, 'not following')).toEqual({ ok: false, code: 'followers_only' });
    expect(await say(f5, 'followed 5 min ago')).toEqual({ ok: false, code: 'followers_only' });
    expect(await say(f20, 'followed 20 min ago')).toMatchObject({ ok: true });
    expect(await say(manager, 'manager')).toMatchObject({ ok: true });
    expect(await say(bj, 'bj')).toMatchObject({ ok: true });
    // 0 = any follower.
    await put(PEOPLE.bj, { followersOnlyMinM: 0 });
    expect(await say(f5, 'any follower now')).toMatchObject({ ok: true });
    expect(await say(member, 'still not')).toEqual({ ok: false, code: 'followers_only' });
    await put(PEOPLE.bj, { followersOnlyMinM: null });
    expect(await say(member, 'off')).toMatchObject({ ok: true });
  });

  it('subscribers-only: a subscriber passes, with the months on the line', async () => {
    await put(PEOPLE.bj, { subscribersOnly: true });
    const sub = await client(PEOPLE.subscriber);
    expect(await say(member, 'member')).toEqual({ ok: false, code: 'subscribers_only' });
    const heard = new Promise<ChatLine>((resolve) =>
      guest.on('message', (l) => void (l.content === 'subscriber line' && resolve(l))),
    );
    expect(await say(sub, 'subscriber line')).toMatchObject({ ok: true });
    expect(await heard).toMatchObject({
      loginId: PEOPLE.subscriber,
      role: 'member',
      subscriberMonths: 3,
      topGiver: null,
    });
    expect(await say(manager, 'manager')).toMatchObject({ ok: true });
    await put(PEOPLE.bj, { subscribersOnly: false });
  });

  it('emote-only: only the picker’s emoticons (glyphs or :code:) and spaces pass', async () => {
    await put(PEOPLE.bj, { emoteOnly: true });
    const emote = await client(PEOPLE.emote);
    expect(await say(emote, 'hello')).toEqual({ ok: false, code: 'emote_only' });
    expect(await say(emote, '😀 hello')).toEqual({ ok: false, code: 'emote_only' });
    expect(await say(emote, '😀 👏🔥')).toMatchObject({ ok: true });
    expect(await say(emote, ':smile: :clap:')).toMatchObject({ ok: true });
    expect(await say(emote, '❤️ ❤')).toMatchObject({ ok: true });
    expect(await say(manager, 'words from a manager')).toMatchObject({ ok: true });
    await put(PEOPLE.bj, { emoteOnly: false });
  });

  it('blocked words: refused for everyone, the BJ too, case-insensitively and inside words', async () => {
    await put(PEOPLE.bj, { blockedWords: ['Spam', '바보'] });
    const words = await client(PEOPLE.words);
    const heard: string[] = [];
    const fine = new Promise<void>((resolve) =>
      guest.on('message', (l) => {
        heard.push(l.content);
        if (l.content === 'a fine line') resolve();
      }),
    );
    expect(await say(words, 'buy SPAM now')).toEqual({ ok: false, code: 'blocked_word' });
    expect(await say(words, '너 바보야')).toEqual({ ok: false, code: 'blocked_word' });
    expect(await say(bj, 'spam from the bj')).toEqual({ ok: false, code: 'blocked_word' });
    expect(await say(manager, 'ＳＰＡＭ')).toEqual({ ok: false, code: 'blocked_word' });
    expect(await say(words, 'a fine line')).toMatchObject({ ok: true });
    await fine;
    expect(heard.filter((c) => /spam|바보/i.test(c.normalize('NFKC')))).toEqual([]);
    await put(PEOPLE.bj, { blockedWords: [] });
  });

  it('marks the top givers’ lines with their rank, others with none', async () => {
    const lines: ChatLine[] = [];
    const all = new Promise<void>((resolve) =>
      guest.on('message', (l) => {
        if (l.content.startsWith('rank ')) lines.push(l);
        if (lines.length === 3) resolve();
      }),
    );
    for (const who of ['viewer02', 'viewer01', PEOPLE.member]) {
      const s = await client(who);
      expect(await say(s, `rank ${who}`)).toMatchObject({ ok: true });
    }
    await all;
    expect(lines.map((l) => [l.loginId, l.topGiver])).toEqual([
      ['viewer02', 1],
      ['viewer01', 2],
      [PEOPLE.member, null],
    ]);
    // The history a new join reads carries the badges as sent.
    const late: ClientSocket = connect(edge.origin, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(late);
    const joined = await late.emitWithAck('join', { room, streamId: null, source: 'web' });
    expect(joined.ok).toBe(true);
    if (!joined.ok) return;
    const replayed = joined.replay.filter((l) => l.content.startsWith('rank ') || l.content === 'subscriber line');
    expect(replayed.map((l) => [l.loginId, l.topGiver, l.subscriberMonths])).toEqual([
      [PEOPLE.subscriber, null, 3],
      ['viewer02', 1, null],
      ['viewer01', 2, null],
      [PEOPLE.member, null, null],
    ]);
  });

  it('the viewer list names the BJ, the managers and the members once each, and counts guests', async () => {
    const list = await guest.emitWithAck('viewers', { room });
    expect(list).toMatchObject({ ok: true, bj: { loginId: PEOPLE.bj } });
    if (!list.ok) return;
    expect(list.managers.map((m) => m.loginId)).toEqual([PEOPLE.manager]);
    const logins = list.members.map((m) => m.loginId);
    expect(logins).toEqual(expect.arrayContaining([PEOPLE.member, PEOPLE.subscriber, PEOPLE.slow]));
    expect(new Set(logins).size).toBe(logins.length);
    expect(logins).not.toContain(PEOPLE.bj);
    expect(list.membersTotal).toBe(logins.length);
    expect(list.guests).toBeGreaterThanOrEqual(2);
    const outsider: ClientSocket = connect(edge.origin, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(outsider);
    expect(await outsider.emitWithAck('viewers', { room })).toEqual({ ok: false, code: 'not_joined' });
  });
});
