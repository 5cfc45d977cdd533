import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ROOMS,
  CHAT_MESSAGE_LENGTH_MAX,
  CHAT_REPLAY_LINES_MAX,
  CHAT_UNAUTHORIZED,
  type ChatLine,
} from '../../domain/chat-events.ts';
import { eq } from 'drizzle-orm';
import { channels, streams } from '../db/schema/index.ts';
import { createSession, revokeSession } from '../auth/refresh-sessions.ts';
import { SessionChecks } from '../auth/session-checks.ts';
import { livePassCookie } from '../../domain/cookies.ts';
import { livePass } from '../lives/streams-access.ts';
import { issueTicket } from './tickets.ts';
import { HARNESS_SECRET, nextEvent, startHarness, type ClientSocket } from '../testing/chat-harness.ts';

let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => {
  h = await startHarness({ rateMax: 1000, viewerCountIntervalMs: 10, sessionSweepMs: 100 });
});
afterAll(() => h.close());

const join = (s: ClientSocket, room: string, lastSeq?: number) =>
  s.emitWithAck('join', { room, streamId: null, source: 'web', ...(lastSeq === undefined ? {} : { lastSeq }) });
const say = (s: ClientSocket, room: string, content: string) => s.emitWithAck('message', { room, content });

function connectError(opts: { ticket?: string; origin?: string }): Promise<Error> {
  const s = connect(h.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { ticket: opts.ticket },
    extraHeaders: { origin: opts.origin ?? 'http://site.test' },
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (err) => {
      s.close();
      resolve(err);
    });
  });
}

describe('handshake', () => {
  it('refuses an unknown ticket with Unauthorized', async () => {
    const err = await connectError({ ticket: 'A'.repeat(43) });
    expect(err.message).toBe(CHAT_UNAUTHORIZED);
  });

  it('accepts a ticket once only', async () => {
    const ticket = await h.ticketFor('viewer101');
    const first = connect(h.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { ticket },
      extraHeaders: { origin: 'http://site.test' },
    });
    await new Promise((resolve) => first.once('connect', () => resolve(null)));
    first.close();
    expect((await connectError({ ticket })).message).toBe(CHAT_UNAUTHORIZED);
  });

  it('refuses a foreign Origin', async () => {
    const err = await connectError({ origin: 'http://evil.example' });
    expect(err.message).not.toBe(CHAT_UNAUTHORIZED);
  });
});

describe('sessions', () => {
  it('disconnects a member whose session is revoked, and refuses a ticket bought with it', async () => {
    const memberId = await h.memberId('viewer102');
    const { sessionId } = await createSession(h.database.db, memberId, false, 'PCWEB');
    const spare = await issueTicket(h.database.db, memberId, sessionId);
    const s = connect(h.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { ticket: await issueTicket(h.database.db, memberId, sessionId) },
      extraHeaders: { origin: 'http://site.test' },
    });
    await new Promise((resolve) => s.once('connect', () => resolve(null)));
    expect(await join(s, h.room)).toMatchObject({ ok: true });
    const dropped = new Promise((resolve) => s.once('disconnect', resolve));
    await revokeSession(h.database.db, new SessionChecks(), sessionId);
    expect(await dropped).toBe('io server disconnect');
    expect((await connectError({ ticket: spare })).message).toBe(CHAT_UNAUTHORIZED);
  });
});

describe('rooms', () => {
  it('lets a guest read but not send', async () => {
    const guest = await h.client(null);
    const joined = await join(guest, h.room);
    expect(joined).toMatchObject({ ok: true, role: 'guest' });
    expect(await say(guest, h.room, 'hi')).toEqual({ ok: false, code: 'unauthorized' });
    const bj = await h.client('bjtest01');
    expect(await join(bj, h.room)).toMatchObject({ ok: true, role: 'bj' });
    const heard = nextEvent(guest, 'message', (l) => l.content === 'welcome');
    expect(await say(bj, h.room, 'welcome')).toMatchObject({ ok: true });
    expect(await heard).toMatchObject({ loginId: 'bjtest01', role: 'bj', content: 'welcome', room: h.room });
  });

  it('delivers between two members with increasing seqs, and stores the lines', async () => {
    const a = await h.client('viewer101');
    const b = await h.client('viewer102');
    await join(a, h.room);
    await join(b, h.room);
    const got: ChatLine[] = [];
    b.on('message', (l) => void (l.loginId === 'viewer101' && got.push(l)));
    const first = await say(a, h.room, '안녕하세요');
    const second = await say(a, h.room, 'second');
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.seq).toBe(first.seq + 1);
    while (!got.some((l) => l.seq === second.seq)) await nextEvent(b, 'message');
    expect(got.map((l) => l.content)).toEqual(['안녕하세요', 'second']);
  });

  it('refuses empty, oversize and unjoined sends, and a bad payload, without crashing', async () => {
    const a = await h.client('viewer101');
    expect(await say(a, h.room, 'x')).toEqual({ ok: false, code: 'not_joined' });
    await join(a, h.room);
    expect(await say(a, h.room, '   ')).toEqual({ ok: false, code: 'empty' });
    expect(await say(a, h.room, 'x'.repeat(CHAT_MESSAGE_LENGTH_MAX + 1))).toEqual({ ok: false, code: 'too_long' });
    expect(await a.emitWithAck('message', 42 as never)).toEqual({ ok: false, code: 'bad_request' });
    expect(await join(a, '../etc')).toEqual({ ok: false, code: 'not_found' });
    expect(await a.emitWithAck('join', { room: h.room, source: 'web', lastSeq: -1 })).toEqual({
      ok: false,
      code: 'bad_request',
    });
  });

  it('refuses a 10 kB line and drops a 2 MB frame without harming anyone else', async () => {
    const a = await h.client('viewer101');
    await join(a, h.room);
    expect(await say(a, h.room, 'x'.repeat(10_000))).toEqual({ ok: false, code: 'too_long' });
    const dropped = new Promise((resolve) => a.once('disconnect', resolve));
    a.emit('message', { room: h.room, content: 'y'.repeat(2_000_000) }, () => {});
    expect(await dropped).toBe('transport close');
    const b = await h.client('viewer102');
    await join(b, h.room);
    expect(await say(b, h.room, 'still fine')).toMatchObject({ ok: true });
  });

  it('replays exactly what a client missed after lastSeq, in order', async () => {
    const a = await h.client('viewer101');
    const joined = await join(a, h.room);
    if (!joined.ok) throw new Error('join');
    const lastSeq = joined.seq;
    a.disconnect();
    const b = await h.client('viewer102');
    await join(b, h.room);
    for (let i = 0; i < 5; i += 1) await say(b, h.room, `missed ${i}`);
    const again = await h.client('viewer101');
    const rejoined = await join(again, h.room, lastSeq);
    if (!rejoined.ok) throw new Error('rejoin');
    expect(rejoined.missed).toBe(0);
    expect(rejoined.replay.map((l) => l.content)).toEqual(['missed 0', 'missed 1', 'missed 2', 'missed 3', 'missed 4']);
    expect(rejoined.replay.map((l) => l.seq)).toEqual([
      lastSeq + 1,
      lastSeq + 2,
      lastSeq + 3,
      lastSeq + 4,
      lastSeq + 5,
    ]);
  });

  it('bounds the replay and reports how many lines it had to cut', async () => {
    const a = await h.client('viewer101');
    const joined = await join(a, h.room);
    if (!joined.ok) throw new Error('join');
    a.disconnect();
    const b = await h.client('viewer102');
    await join(b, h.room);
    for (let i = 0; i < CHAT_REPLAY_LINES_MAX + 7; i += 1) await say(b, h.room, `flood ${i}`);
    const again = await h.client('viewer101');
    const rejoined = await join(again, h.room, joined.seq);
    if (!rejoined.ok) throw new Error('rejoin');
    expect(rejoined.missed).toBe(7);
    expect(rejoined.replay).toHaveLength(CHAT_REPLAY_LINES_MAX);
    expect(rejoined.replay[0]!.content).toBe('flood 7');
    expect(rejoined.replay.at(-1)!.seq).toBe(rejoined.seq);
  });

  it('gates an adult room on identity verification', async () => {
    const plain = await h.client('viewer101');
    expect(await join(plain, h.adultRoom)).toEqual({ ok: false, code: 'adult_only' });
    const guest = await h.client(null);
    expect(await join(guest, h.adultRoom)).toEqual({ ok: false, code: 'adult_only' });
    const verified = await h.client('pitest01');
    expect(await join(verified, h.adultRoom)).toMatchObject({ ok: true, role: 'member' });
  });

  it('lets only holders of the live pass into a password-protected live', async () => {
    const [live] = await h.database.db
      .insert(streams)
      .values({
        channelId: Number(h.room),
        type: 1,
        format: 'hls',
        url: '/x.m3u8',
        title: 'locked',
        passwordHash: 'set',
      })
      .returning({ id: streams.id });
    try {
      expect(await join(await h.client('viewer101'), h.room)).toEqual({ ok: false, code: 'password_required' });
      expect(await join(await h.client(null), h.room)).toEqual({ ok: false, code: 'password_required' });
      const pass = `${livePassCookie(Number(h.room))}=${livePass(HARNESS_SECRET, live!.id, `m:${await h.memberId('viewer101')}`)}`;
      expect(await join(await h.client('viewer101', { cookie: pass }), h.room)).toMatchObject({ ok: true });
      // Someone else's pass does not open it.
      expect(await join(await h.client('viewer102', { cookie: pass }), h.room)).toEqual({
        ok: false,
        code: 'password_required',
      });
      expect(await join(await h.client('bjtest01'), h.room)).toMatchObject({ ok: true, role: 'bj' });
    } finally {
      await h.database.db.delete(streams).where(eq(streams.id, live!.id));
    }
  });

  it('announces viewer counts as connection', async () => {
    const a = await h.client(null);
    const counted = nextEvent(a, 'connection', (c) => c.room === h.room && c.viewers >= 1);
    await join(a, h.room);
    expect((await counted).viewers).toBeGreaterThanOrEqual(1);
  });

  it("writes the live's viewer count for the lists, up and back down", async () => {
    // A room of its own: the shared room's count moves with the other tests' sockets.
    const [ch] = await h.database.db
      .insert(channels)
      .values({ ownerId: await h.memberId('viewer102'), title: 'counted', broadcasting: true })
      .returning({ id: channels.id });
    const room = String(ch!.id);
    const [live] = await h.database.db
      .insert(streams)
      .values({ channelId: ch!.id, type: 1, format: 'hls', url: '/x.m3u8', title: 'counted' })
      .returning({ id: streams.id });
    const viewersOf = async () =>
      (await h.database.db.select({ n: streams.viewers }).from(streams).where(eq(streams.id, live!.id)))[0]!.n;
    const a = await h.client(null);
    const b = await h.client(null);
    await join(a, room);
    await join(b, room);
    await expect.poll(viewersOf, { timeout: 10_000 }).toBe(2);
    b.disconnect();
    await expect.poll(viewersOf, { timeout: 10_000 }).toBe(1);
    a.disconnect();
    await expect.poll(viewersOf, { timeout: 10_000 }).toBe(0);
  });

  it('publishes channel events to the room', async () => {
    const a = await h.client(null);
    await join(a, h.room);
    const heard = nextEvent(a, 'event');
    h.chat.publish({ room: h.room, type: 'broadcast_stop', data: {} });
    expect(await heard).toEqual({ room: h.room, type: 'broadcast_stop', data: {} });
  });

  it('publishes a settings change to every connection, joined or not', async () => {
    const joined = await h.client(null);
    await join(joined, h.room);
    const idle = await h.client(null);
    const heard = [nextEvent(joined, 'event'), nextEvent(idle, 'event')];
    h.chat.publish({ room: ALL_ROOMS, type: 'settings', data: {} });
    for (const event of await Promise.all(heard))
      expect(event).toEqual({ room: ALL_ROOMS, type: 'settings', data: {} });
  });
});
