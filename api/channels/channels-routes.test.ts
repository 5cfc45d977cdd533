import { LIVE_AUTH_PER_VIEWER } from '../lives/live-auth-routes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { streams } from '../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { testEncoders, type TestEncoders } from '../testing/encoders.ts';

let t: TestApp;
let enc: TestEncoders;
/** A request as `as` (a guest without one), with the method, headers and string body given. */
const request = (
  path: string,
  init: { as?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
) => t.as(init.as ?? null)(init.method ?? 'GET', path, init.body, init.headers);
let demo: number;
let adult: number;
beforeAll(async () => {
  t = await openTestApp();
  enc = testEncoders(t);
  demo = t.channelIds.bj0001!;
  adult = t.channelIds.adult01!;
});
afterAll(() => t.close());

describe('GET /api/channels/{id}/stream?option=all (compat)', () => {
  it('answers the live and its sources, every URL absolute on the configured site origin (the recorder contract)', async () => {
    const res = await request(`/api/channels/${demo}/stream?option=all`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      channelId: demo,
      streamId: expect.any(Number),
      title: expect.any(String),
      thumbUrl: 'http://localhost:8787/demo-stream/thumb.jpg',
      stream: {
        id: body.streamId,
        title: body.title,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      owner: { id: t.ids.bj0001!, name: expect.any(String), loginId: 'bj0001' },
      sources: [
        {
          url: 'http://localhost:8787/demo/master.m3u8',
          format: 'hls',
          type: 1,
          urlDetail: {
            hls: {
              resolution: [{ url: 'http://localhost:8787/demo-stream/index.m3u8', resolution: 240, suffixName: 'src' }],
            },
            flv: { resolution: [] },
          },
        },
      ],
      expiresAt: expect.any(String),
    });
  });

  it('never echoes a hostile Host or X-Forwarded-Host into the URL; the brand the worker names picks the origin', async () => {
    const res = await request(`http://evil.example/api/channels/${demo}/stream?option=all`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain('evil.example');
    expect(JSON.parse(text).sources[0].url).toBe('http://localhost:8787/demo/master.m3u8');
    const coin = await (
      await request(`/api/channels/${demo}/stream?option=all`, {
        headers: { 'x-brand': 'coin', 'x-forwarded-host': 'evil.example' },
      })
    ).json();
    expect(coin.sources[0].url).toBe('http://coin.localhost:8787/demo/master.m3u8');
  });

  it('answers an adult live to a guest with the sign-in message, and to a member without PI with adult_only', async () => {
    const guest = await request(`/api/channels/${adult}/stream?option=all`);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: 'login_required', error_msg: '로그인후 이용이 가능합니다.' });
    const english = await request(`/api/channels/${adult}/stream?option=all`, { headers: { 'accept-language': 'en' } });
    expect(await english.json()).toEqual({
      error: 'login_required',
      error_msg: 'Please sign in to watch this broadcast.',
    });
    const plain = await request(`/api/channels/${adult}/stream?option=all`, { as: 'viewer01' });
    expect(plain.status).toBe(403);
    expect(JSON.stringify(await plain.json())).not.toContain('m3u8');
    const verified = await request(`/api/channels/${adult}/stream?option=all`, { as: 'adult01' });
    expect(verified.status).toBe(200);
  });

  it('answers an ended broadcast 400 with the exact Korean message (recorders read 400 as offline)', async () => {
    await t.database.db.update(streams).set({ endedAt: new Date() }).where(eq(streams.channelId, adult));
    const res = await request(`/api/channels/${adult}/stream?option=all`, { as: 'adult01' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'broadcast_offline', error_msg: '방송자가 방송을 종료 했습니다.' });
    await t.database.db.update(streams).set({ endedAt: null }).where(eq(streams.channelId, adult));
  });

  it('answers an unknown channel and junk ids 400 JSON, as an offline one, not 500', async () => {
    for (const id of ['abc', '0', '99999999999', '-1', '1e3', '424242']) {
      const res = await request(`/api/channels/${id}/stream?option=all`);
      expect(res.status, id).toBe(400);
      expect(await res.json(), id).toMatchObject({
        error: 'broadcast_offline',
        error_msg: '방송자가 방송을 종료 했습니다.',
      });
    }
  });
});

describe('adult gating in lists and pages', () => {
  it('hides title, thumbnail and format of adult lives from viewers without PI', async () => {
    const guest = await (await request('/api/lives')).json();
    const locked = guest.list.find((l: { channelId: number }) => l.channelId === adult);
    expect(locked).toMatchObject({ locked: true, title: null, thumbnail: null, format: null });
    const open = guest.list.find((l: { channelId: number }) => l.channelId === demo);
    expect(open).toMatchObject({ locked: false, title: expect.any(String), thumbnail: '/demo-stream/thumb.jpg' });
    const verified = await (await request('/api/lives', { as: 'adult01' })).json();
    expect(verified.list.find((l: { channelId: number }) => l.channelId === adult)).toMatchObject({
      locked: false,
      title: expect.any(String),
    });
    const page = await (await request(`/api/channels/${adult}/channel-page`)).json();
    expect(page.channel.title).toBeNull();
    expect(page.live).toMatchObject({ locked: true, title: null, thumbnail: null });
  });
});

describe('channel page, live time, recordings', () => {
  it('serves the channel page with its live', async () => {
    const res = await request(`/api/channels/${demo}/channel-page`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.channel).toMatchObject({ channelId: demo, loginId: 'bj0001', broadcasting: true });
    expect(body.live).toMatchObject({ type: 1, format: 'hls' });
  });

  it('reports live time', async () => {
    const body = await (await request(`/api/channels/${demo}/live-time`)).json();
    expect(body).toMatchObject({ channelId: demo, broadcasting: true, startedAt: expect.any(String) });
  });

  it('lists recordings, two by default', async () => {
    const body = await (await request(`/api/channels/${demo}/recorded-stream-list`)).json();
    expect(body.total).toBe(1);
    expect(body.list[0]).toMatchObject({ type: 2 });
    expect((await request(`/api/channels/${demo}/recorded-stream-list?limit=-1`)).status).toBe(400);
  });
});

describe('password-protected lives and live-Auth', () => {
  it('withholds the URL until live-Auth is passed, with a pass bound to the viewer', async () => {
    await t.database.db
      .update(streams)
      .set({ passwordHash: await hashPassword('secret12') })
      .where(eq(streams.channelId, demo));
    try {
      expect((await request(`/api/channels/${demo}/stream?option=all`, { as: 'viewer01' })).status).toBe(403);
      const wrong = await request(
        `/api/guest/live-Auth?channelId=${demo}&viewerId=viewer01&password=nope&option=&aspCode=`,
        { as: 'viewer01' },
      );
      expect(wrong.status).toBe(403);
      const right = await request(
        `/api/guest/live-Auth?channelId=${demo}&viewerId=viewer01&password=secret12&option=&aspCode=`,
        { as: 'viewer01' },
      );
      expect(right.status).toBe(200);
      const pass = right.headers.get('set-cookie')!.split(';')[0]!;
      expect(right.headers.get('set-cookie')).toContain('HttpOnly');
      expect(
        (await request(`/api/channels/${demo}/stream?option=all`, { as: 'viewer01', headers: { cookie: pass } }))
          .status,
      ).toBe(200);
      // The same pass does not work for someone else.
      expect(
        (await request(`/api/channels/${demo}/stream?option=all`, { as: 'viewer02', headers: { cookie: pass } }))
          .status,
      ).toBe(403);
    } finally {
      await t.database.db.update(streams).set({ passwordHash: null }).where(eq(streams.channelId, demo));
    }
  });

  it(
    'slows password guessing: after 5 wrong tries the viewer waits, even with the right password; others are not ' +
      'locked out',
    async () => {
      await t.database.db
        .update(streams)
        .set({ passwordHash: await hashPassword('guessme1') })
        .where(eq(streams.channelId, demo));
      const tryAs = (as: string, password: string) =>
        request(`/api/guest/live-Auth?channelId=${demo}&viewerId=${as}&password=${password}&option=&aspCode=`, { as });
      try {
        for (let i = 0; i < LIVE_AUTH_PER_VIEWER.limit; i++)
          expect((await tryAs('viewer02', `wrong${i}`)).status).toBe(403);
        const locked = await tryAs('viewer02', 'guessme1');
        expect(locked.status).toBe(429);
        expect(await locked.json()).toMatchObject({ error: 'too_many_attempts' });
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await tryAs('viewer01', 'guessme1')).status).toBe(200);
      } finally {
        await t.database.db.update(streams).set({ passwordHash: null }).where(eq(streams.channelId, demo));
      }
    },
  );
});

describe('my streams, subscriber count, emoji, tickets', () => {
  it('records played streams, follows channels and counts subscribers; guests get 401', async () => {
    expect((await request('/api/my/streams/played')).status).toBe(401);
    const live = (await (await request(`/api/channels/${demo}/channel-page`)).json()).live;
    const post = (path: string, body: unknown) =>
      request(path, {
        method: 'POST',
        as: 'viewer01',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/api/my/streams/played', { streamId: live.streamId })).status).toBe(200);
    expect((await post('/api/my/streams/played', { streamId: 'x' })).status).toBe(400);
    const played = await (await request('/api/my/streams/played', { as: 'viewer01' })).json();
    expect(played.list.map((s: { streamId: number }) => s.streamId)).toEqual([live.streamId]);
    const present = await (await request('/api/my/streams/present', { as: 'viewer01' })).json();
    expect(present.list.map((s: { channelId: number }) => s.channelId)).toEqual([demo]);
    expect((await post('/api/my/streams/subscriptions', { channelId: demo })).status).toBe(200);
    expect((await (await request(`/api/channels/${demo}/channel-page`, { as: 'viewer01' })).json()).following).toBe(
      true,
    );
    expect((await (await request(`/api/channels/${demo}/channel-page`, { as: 'viewer02' })).json()).following).toBe(
      false,
    );
    expect(await (await request(`/api/guest/subscriber-count?channelId=${demo}`)).json()).toEqual({
      channelId: demo,
      count: 1,
    });
    expect((await request(`/api/my/streams/subscriptions/${demo}`, { method: 'DELETE', as: 'viewer01' })).status).toBe(
      200,
    );
    expect(
      (await request(`/api/my/streams/played/${live.streamId}`, { method: 'DELETE', as: 'viewer01' })).status,
    ).toBe(200);
    expect((await (await request('/api/my/streams/played', { as: 'viewer01' })).json()).list).toEqual([]);
  });

  it('lists emoji (limit 100) and toggles a favorite for the session member only', async () => {
    const all = await (await request('/api/guest/show-all-emoji?limit=1000')).json();
    expect(all.list.length).toBeGreaterThan(0);
    expect(all.list.length).toBeLessThanOrEqual(100);
    const emojiId = all.list[2].emojiId;
    const toggle = (body: unknown) =>
      request('/api/lives/change-favorite-emoticon', {
        method: 'POST',
        as: 'viewer01',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await (await toggle({ emojiId })).json()).toMatchObject({ ok: true, favorite: true });
    const mine = await (await request('/api/guest/show-emoji?loginId=viewer01')).json();
    expect(mine.list[0]).toMatchObject({ emojiId, favorite: true });
    expect((await toggle({ emojiId, memberId: t.ids.viewer02! })).status).toBe(403);
    expect((await request('/api/lives/change-favorite-emoticon', { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('issues chat tickets to members only', async () => {
    expect((await request('/api/chat/ticket', { method: 'POST' })).status).toBe(401);
    const res = await request('/api/chat/ticket', { method: 'POST', as: 'viewer01' });
    expect(res.status).toBe(200);
    expect((await res.json()).ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('checks the live board by BJ login id', async () => {
    const res = await request('/v4/api/lives/live-board-check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'bj0001', platform: 'PCWEB', option: '' }),
    });
    expect(await res.json()).toEqual({ ok: true, channelId: demo, broadcasting: true });
    expect((await request('/v4/api/lives/live-board-check', { method: 'POST', body: 'junk' })).status).toBe(400);
  });
});

describe('POST /api/channels/{id}/broadcast', () => {
  it(
    'lets only the BJ stop and start; stopping keeps a recording and tells the room; the live comes back with ' +
      'video',
    async () => {
      const post = (as: string | undefined, body: unknown) =>
        request(`/api/channels/${demo}/broadcast`, {
          method: 'POST',
          ...(as ? { as } : {}),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post(undefined, { on: false })).status).toBe(401);
      expect((await post('viewer01', { on: false })).status).toBe(403);
      expect((await post('bj0001', { on: 'no' })).status).toBe(400);
      const before = (await (await request(`/api/channels/${demo}/recorded-stream-list`)).json()).total;
      expect((await post('bj0001', { on: false })).status).toBe(200);
      expect(t.published.at(-1)).toMatchObject({ room: String(demo), type: 'broadcast_stop' });
      expect((await request(`/api/channels/${demo}/stream?option=all`)).status).toBe(400);
      expect((await (await request(`/api/channels/${demo}/recorded-stream-list`)).json()).total).toBe(before + 1);
      // Starting again waits for video: the live goes on air when the encoder publishes.
      expect(await (await post('bj0001', { on: true, title: '다시 시작' })).json()).toMatchObject({
        broadcasting: false,
        streamId: null,
      });
      expect((await (await request(`/api/channels/${demo}/channel-page`)).json()).live).toBeNull();
      expect(await enc.publishes(demo)).toMatchObject({ ok: true, started: true });
      expect(t.published.at(-1)).toMatchObject({ type: 'broadcast_start' });
      const page = await (await request(`/api/channels/${demo}/channel-page`)).json();
      expect(page.live).toMatchObject({ title: '다시 시작', broadcasting: true });
    },
  );
});

describe('home banners and popups', () => {
  it('serves banners (both styles) with ko and en text and same-site links, and the (empty) popup list', async () => {
    expect(await (await request('/api/guest/popups')).json()).toEqual({ list: [] });
    for (const path of ['/api/guest/banners?device=PCWEB', '/api/guest/banners-newstyle']) {
      const body = await (await request(path)).json();
      expect(body.list.length).toBeGreaterThan(0);
      for (const item of body.list) {
        expect(item.title).toEqual({ ko: expect.any(String), en: expect.any(String) });
        if (item.link !== null) expect(item.link).toMatch(/^\/(?!\/)/);
      }
    }
  });
});
