import { LIVE_AUTH_PER_VIEWER } from '../guest/live-auth.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { streams } from '../../db/schema/index.ts';
import { hashPassword } from '../../passwords.ts';
import { openTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let demo: number;
let adult: number;
beforeAll(async () => {
  t = await openTestApp();
  demo = t.channelIds.bj0001!;
  adult = t.channelIds.adult01!;
});
afterAll(() => t.close());

/** A string body as fetch() sends one: plain text. */
const TEXT = { 'content-type': 'text/plain;charset=UTF-8' };

describe('GET /api/channels/{id}/stream?option=all (compat)', () => {
  it('answers the live source URL, absolute on the configured site origin', async () => {
    const res = await t.as(null)('GET', `/api/channels/${demo}/stream?option=all`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      channelId: demo,
      streamId: expect.any(Number),
      title: expect.any(String),
      sources: [{ url: 'http://localhost:8787/demo-stream/index.m3u8', format: 'hls', type: 1 }],
    });
  });

  it('never echoes a hostile Host or X-Forwarded-Host into the URL; the brand the worker names picks the origin', async () => {
    const res = await t.as(null)('GET', `http://evil.example/api/channels/${demo}/stream?option=all`, undefined, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain('evil.example');
    expect(JSON.parse(text).sources[0].url).toBe('http://localhost:8787/demo-stream/index.m3u8');
    const coin = await (
      await t.as(null)('GET', `/api/channels/${demo}/stream?option=all`, undefined, { 'x-brand': 'coin', 'x-forwarded-host': 'evil.example' })
    ).json();
    expect(coin.sources[0].url).toBe('http://coin.localhost:8787/demo-stream/index.m3u8');
  });

  it('answers an adult live to a guest with the sign-in message, and to a member without PI with adult_only', async () => {
    const guest = await t.as(null)('GET', `/api/channels/${adult}/stream?option=all`);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: 'login_required', error_msg: '로그인후 이용이 가능합니다.' });
    const english = await t.as(null)('GET', `/api/channels/${adult}/stream?option=all`, undefined, { 'accept-language': 'en' });
    expect(await english.json()).toEqual({ error: 'login_required', error_msg: 'Please sign in to watch this broadcast.' });
    const plain = await t.as('viewer01')('GET', `/api/channels/${adult}/stream?option=all`);
    expect(plain.status).toBe(403);
    expect(JSON.stringify(await plain.json())).not.toContain('m3u8');
    const verified = await t.as('adult01')('GET', `/api/channels/${adult}/stream?option=all`);
    expect(verified.status).toBe(200);
  });

  it('answers an ended broadcast with the exact Korean message', async () => {
    await t.database.db.update(streams).set({ endedAt: new Date() }).where(eq(streams.channelId, adult));
    const res = await t.as('adult01')('GET', `/api/channels/${adult}/stream?option=all`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'broadcast_ended', error_msg: '방송자가 방송을 종료 했습니다.' });
    await t.database.db.update(streams).set({ endedAt: null }).where(eq(streams.channelId, adult));
  });

  it('answers 404 JSON, not 500, to junk ids', async () => {
    for (const id of ['abc', '0', '99999999999', '-1', '1e3']) {
      const res = await t.as(null)('GET', `/api/channels/${id}/stream?option=all`);
      expect(res.status).toBe(404);
    }
  });
});

describe('adult gating in lists and pages', () => {
  it('hides title, thumbnail and format of adult lives from viewers without PI', async () => {
    const guest = await (await t.as(null)('GET', '/api/lives')).json();
    const locked = guest.list.find((l: { channelId: number }) => l.channelId === adult);
    expect(locked).toMatchObject({ locked: true, title: null, thumbnail: null, format: null });
    const open = guest.list.find((l: { channelId: number }) => l.channelId === demo);
    expect(open).toMatchObject({ locked: false, title: expect.any(String), thumbnail: '/demo-stream/thumb.jpg' });
    const verified = await (await t.as('adult01')('GET', '/api/lives')).json();
    expect(verified.list.find((l: { channelId: number }) => l.channelId === adult)).toMatchObject({ locked: false, title: expect.any(String) });
    const page = await (await t.as(null)('GET', `/api/channels/${adult}/channel-page`)).json();
    expect(page.channel.title).toBeNull();
    expect(page.live).toMatchObject({ locked: true, title: null, thumbnail: null });
  });
});

describe('channel page, live time, recordings', () => {
  it('serves the channel page with its live', async () => {
    const res = await t.as(null)('GET', `/api/channels/${demo}/channel-page`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.channel).toMatchObject({ channelId: demo, loginId: 'bj0001', broadcasting: true });
    expect(body.live).toMatchObject({ type: 1, format: 'hls' });
  });

  it('reports live time', async () => {
    const body = await (await t.as(null)('GET', `/api/channels/${demo}/live-time`)).json();
    expect(body).toMatchObject({ channelId: demo, broadcasting: true, startedAt: expect.any(String) });
  });

  it('lists recordings, two by default', async () => {
    const body = await (await t.as(null)('GET', `/api/channels/${demo}/recorded-stream-list`)).json();
    expect(body.total).toBe(1);
    expect(body.list[0]).toMatchObject({ type: 2 });
    expect((await t.as(null)('GET', `/api/channels/${demo}/recorded-stream-list?limit=-1`)).status).toBe(400);
  });
});

describe('password-protected lives and live-Auth', () => {
  it('withholds the URL until live-Auth is passed, with a pass bound to the viewer', async () => {
    await t.database.db
      .update(streams)
      .set({ passwordHash: await hashPassword('secret12') })
      .where(eq(streams.channelId, demo));
    try {
      expect((await t.as('viewer01')('GET', `/api/channels/${demo}/stream?option=all`)).status).toBe(403);
      const wrong = await t.as('viewer01')('GET', `/api/guest/live-Auth?channelId=${demo}&viewerId=viewer01&password=nope&option=&aspCode=`);
      expect(wrong.status).toBe(403);
      const right = await t.as('viewer01')('GET', `/api/guest/live-Auth?channelId=${demo}&viewerId=viewer01&password=secret12&option=&aspCode=`);
      expect(right.status).toBe(200);
      const pass = right.headers.get('set-cookie')!.split(';')[0]!;
      expect(right.headers.get('set-cookie')).toContain('HttpOnly');
      expect((await t.as('viewer01')('GET', `/api/channels/${demo}/stream?option=all`, undefined, { cookie: pass })).status).toBe(200);
      // The same pass does not work for someone else.
      expect((await t.as('viewer02')('GET', `/api/channels/${demo}/stream?option=all`, undefined, { cookie: pass })).status).toBe(403);
    } finally {
      await t.database.db.update(streams).set({ passwordHash: null }).where(eq(streams.channelId, demo));
    }
  });

  it('slows password guessing: after 5 wrong tries the viewer waits, even with the right password; others are not locked out', async () => {
    await t.database.db
      .update(streams)
      .set({ passwordHash: await hashPassword('guessme1') })
      .where(eq(streams.channelId, demo));
    const tryAs = (as: string, password: string) =>
      t.as(as)('GET', `/api/guest/live-Auth?channelId=${demo}&viewerId=${as}&password=${password}&option=&aspCode=`);
    try {
      for (let i = 0; i < LIVE_AUTH_PER_VIEWER.limit; i++) expect((await tryAs('viewer02', `wrong${i}`)).status).toBe(403);
      const locked = await tryAs('viewer02', 'guessme1');
      expect(locked.status).toBe(429);
      expect(await locked.json()).toMatchObject({ error: 'too_many_attempts' });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await tryAs('viewer01', 'guessme1')).status).toBe(200);
    } finally {
      await t.database.db.update(streams).set({ passwordHash: null }).where(eq(streams.channelId, demo));
    }
  });
});

describe('my streams, subscriber count, emoji, tickets', () => {
  it('records played streams, follows channels and counts subscribers; guests get 401', async () => {
    expect((await t.as(null)('GET', '/api/my/streams/played')).status).toBe(401);
    const live = (await (await t.as(null)('GET', `/api/channels/${demo}/channel-page`)).json()).live;
    const post = (path: string, body: unknown) => t.as('viewer01')('POST', path, body);
    expect((await post('/api/my/streams/played', { streamId: live.streamId })).status).toBe(200);
    expect((await post('/api/my/streams/played', { streamId: 'x' })).status).toBe(400);
    const played = await (await t.as('viewer01')('GET', '/api/my/streams/played')).json();
    expect(played.list.map((s: { streamId: number }) => s.streamId)).toEqual([live.streamId]);
    const present = await (await t.as('viewer01')('GET', '/api/my/streams/present')).json();
    expect(present.list.map((s: { channelId: number }) => s.channelId)).toEqual([demo]);
    expect((await post('/api/my/streams/subscriptions', { channelId: demo })).status).toBe(200);
    expect((await (await t.as('viewer01')('GET', `/api/channels/${demo}/channel-page`)).json()).following).toBe(true);
    expect((await (await t.as('viewer02')('GET', `/api/channels/${demo}/channel-page`)).json()).following).toBe(false);
    expect(await (await t.as(null)('GET', `/api/guest/subscriber-count?channelId=${demo}`)).json()).toEqual({ channelId: demo, count: 1 });
    expect((await t.as('viewer01')('DELETE', `/api/my/streams/subscriptions/${demo}`)).status).toBe(200);
    expect((await t.as('viewer01')('DELETE', `/api/my/streams/played/${live.streamId}`)).status).toBe(200);
    expect((await (await t.as('viewer01')('GET', '/api/my/streams/played')).json()).list).toEqual([]);
  });

  it('lists emoji (limit 100) and toggles a favorite for the session member only', async () => {
    const all = await (await t.as(null)('GET', '/api/guest/show-all-emoji?limit=1000')).json();
    expect(all.list.length).toBeGreaterThan(0);
    expect(all.list.length).toBeLessThanOrEqual(100);
    const emojiId = all.list[2].emojiId;
    const toggle = (body: unknown) => t.as('viewer01')('POST', '/api/lives/change-favorite-emoticon', body);
    expect(await (await toggle({ emojiId })).json()).toMatchObject({ ok: true, favorite: true });
    const mine = await (await t.as(null)('GET', '/api/guest/show-emoji?loginId=viewer01')).json();
    expect(mine.list[0]).toMatchObject({ emojiId, favorite: true });
    expect((await toggle({ emojiId, memberId: t.ids.viewer02! })).status).toBe(403);
    expect((await t.as(null)('POST', '/api/lives/change-favorite-emoticon', '{}', TEXT)).status).toBe(401);
  });

  it('issues chat tickets to members only', async () => {
    expect((await t.as(null)('POST', '/api/chat/ticket')).status).toBe(401);
    const res = await t.as('viewer01')('POST', '/api/chat/ticket');
    expect(res.status).toBe(200);
    expect((await res.json()).ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('checks the live board by BJ login id', async () => {
    const res = await t.as(null)('POST', '/v4/api/lives/live-board-check', { userId: 'bj0001', platform: 'PCWEB', option: '' });
    expect(await res.json()).toEqual({ ok: true, channelId: demo, broadcasting: true });
    expect((await t.as(null)('POST', '/v4/api/lives/live-board-check', 'junk', TEXT)).status).toBe(400);
  });
});

describe('POST /api/channels/{id}/broadcast', () => {
  it('lets only the BJ stop and start; stopping keeps a recording and tells the room', async () => {
    const post = (as: string | undefined, body: unknown) => t.as(as ?? null)('POST', `/api/channels/${demo}/broadcast`, body);
    expect((await post(undefined, { on: false })).status).toBe(401);
    expect((await post('viewer01', { on: false })).status).toBe(403);
    expect((await post('bj0001', { on: 'no' })).status).toBe(400);
    const before = (await (await t.as(null)('GET', `/api/channels/${demo}/recorded-stream-list`)).json()).total;
    expect((await post('bj0001', { on: false })).status).toBe(200);
    expect(t.published.at(-1)).toMatchObject({ room: String(demo), type: 'broadcast_stop' });
    expect((await t.as(null)('GET', `/api/channels/${demo}/stream?option=all`)).status).toBe(404);
    expect((await (await t.as(null)('GET', `/api/channels/${demo}/recorded-stream-list`)).json()).total).toBe(before + 1);
    expect((await post('bj0001', { on: true, title: '다시 시작' })).status).toBe(200);
    expect(t.published.at(-1)).toMatchObject({ type: 'broadcast_start' });
    const page = await (await t.as(null)('GET', `/api/channels/${demo}/channel-page`)).json();
    expect(page.live).toMatchObject({ title: '다시 시작', broadcasting: true });
  });
});

describe('home banners and popups', () => {
  it('serves banners (both styles) with ko and en text and same-site links, and the (empty) popup list', async () => {
    expect(await (await t.as(null)('GET', '/api/guest/popups')).json()).toEqual({ list: [] });
    for (const path of ['/api/guest/banners?device=PCWEB', '/api/guest/banners-newstyle']) {
      const body = await (await t.as(null)('GET', path)).json();
      expect(body.list.length).toBeGreaterThan(0);
      for (const item of body.list) {
        expect(item.title).toEqual({ ko: expect.any(String), en: expect.any(String) });
        if (item.link !== null) expect(item.link).toMatch(/^\/(?!\/)/);
      }
    }
  });
});
