import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { streams } from '../db/schema/index.ts';
import { DEMO_PAST_BROADCASTS } from '../db/seed.ts';
import { ADULT_TEXTS, LOCKED } from '../testing/adult-cards.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import type { Json, TestResponse } from '../testing/requests.ts';

let t: TestApp;
let demo: number;
let adult: number;
const ADULT_RECORDING = '성인 방송 다시보기 (데모)';
beforeAll(async () => {
  t = await openTestApp();
  demo = t.channelIds.bj0001!;
  adult = t.channelIds.adult01!;
  const day = 86_400_000;
  await t.database.db.insert(streams).values({
    channelId: adult,
    type: 2,
    format: 'hls',
    url: '/demo-stream/index.m3u8',
    title: ADULT_RECORDING,
    thumbnail: '/demo-stream/thumb.jpg',
    durationS: 8,
    startedAt: new Date(Date.now() - day / 2),
    endedAt: new Date(Date.now() - day / 2 + 8000),
  });
});
afterAll(() => t.close());

const byChannel = (list: Json[], channelId: number) => list.find((c) => c.channelId === channelId);

/** For a viewer without PI the adult channel is listed locked and none of its texts is anywhere in the answer. */
function expectAdultHidden(res: TestResponse, extra: string[] = []) {
  const locked = res.body.list.filter((c: Json) => c.channelId === adult);
  expect(locked.length).toBeGreaterThan(0);
  for (const card of locked) expect(card).toMatchObject(LOCKED);
  for (const text of [...ADULT_TEXTS, ...extra]) expect(JSON.stringify(res.body)).not.toContain(text);
}

describe('GET /api/lives (HOME)', () => {
  it('lists the lives with the most viewers now first, with their count', async () => {
    const password = t.channelIds.bj0003!;
    await t.database.db
      .update(streams)
      .set({ viewers: 7 })
      .where(and(eq(streams.channelId, password), eq(streams.type, 1)));
    await t.database.db
      .update(streams)
      .set({ viewers: 3 })
      .where(and(eq(streams.channelId, demo), eq(streams.type, 1)));
    try {
      const list: Json[] = (await t.as(null)('GET', '/api/lives')).body.list;
      expect(list.slice(0, 2).map((c) => [c.channelId, c.viewers])).toEqual([
        [password, 7],
        [demo, 3],
      ]);
    } finally {
      await t.database.db.update(streams).set({ viewers: 0 }).where(eq(streams.type, 1));
    }
  });
});

describe('GET /api/lives?themeId (THEME)', () => {
  it('keeps the channels of one broadcast theme', async () => {
    const games = await t.as(null)('GET', '/api/lives?themeId=2');
    expect(games.body).toMatchObject({ total: 1, list: [expect.objectContaining({ channelId: demo })] });
    const art = await t.as(null)('GET', '/api/lives?themeId=4');
    expect(art.body).toEqual({ list: [], total: 0 });
    expect((await t.as(null)('GET', '/api/lives')).body.total).toBeGreaterThan(1);
  });

  it('locks an adult channel in a theme list for guests and members without PI, not for verified ones', async () => {
    expectAdultHidden(await t.as(null)('GET', '/api/lives?themeId=1'));
    expectAdultHidden(await t.as('viewer01')('GET', '/api/lives?themeId=1'));
    expect(byChannel((await t.as('adult01')('GET', '/api/lives?themeId=1')).body.list, adult)).toMatchObject({
      locked: false,
      title: ADULT_TEXTS[1],
    });
  });

  it('refuses an unknown theme with 400', async () => {
    for (const q of ['99', '0', 'abc', '1.5', '-1', '123']) {
      const res = await t.as(null)('GET', `/api/lives?themeId=${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe('bad_request');
    }
  });
});

describe('GET /api/home/vods (VOD)', () => {
  it('lists recordings newest first, links by stream id, and hides the adult one', async () => {
    const guest = await t.as(null)('GET', '/api/home/vods');
    expect(guest.status).toBe(200);
    expect(guest.body.total).toBe(DEMO_PAST_BROADCASTS + 2);
    expect(guest.body.list.slice(0, 2).map((c: Json) => c.channelId)).toEqual([adult, demo]);
    expect(byChannel(guest.body.list, demo)).toMatchObject({
      type: 2,
      streamId: expect.any(Number),
      title: '지난 방송 다시보기',
      locked: false,
    });
    expectAdultHidden(guest, [ADULT_RECORDING]);
    expectAdultHidden(await t.as('viewer01')('GET', '/api/home/vods'), [ADULT_RECORDING]);
    expect(byChannel((await t.as('adult01')('GET', '/api/home/vods')).body.list, adult)).toMatchObject({
      locked: false,
      title: ADULT_RECORDING,
    });
  });

  it('pages by the §9 default of 20 with no entry twice, and refuses bad paging with 400', async () => {
    expect(
      (await t.as(null)('GET', '/api/home/vods?offset=1&limit=1')).body.list.map((c: Json) => c.channelId),
    ).toEqual([demo]);
    const first = (await t.as(null)('GET', '/api/home/vods')).body.list;
    const second = (await t.as(null)('GET', '/api/home/vods?offset=20')).body.list;
    expect([first.length, second.length]).toEqual([20, DEMO_PAST_BROADCASTS + 2 - 20]);
    expect(new Set([...first, ...second].map((c: Json) => c.streamId)).size).toBe(DEMO_PAST_BROADCASTS + 2);
    expect((await t.as(null)('GET', `/api/home/vods?offset=${DEMO_PAST_BROADCASTS + 2}`)).body.list).toEqual([]);
    expect((await t.as(null)('GET', '/api/home/vods?limit=0')).status).toBe(400);
  });
});

describe('GET /api/home/casters (CASTER)', () => {
  it('ranks broadcasters by subscribers and hides the adult channel from viewers without PI', async () => {
    for (const who of ['viewer01', 'viewer02'])
      await t.as(who)('POST', '/api/my/streams/subscriptions', { channelId: adult });
    await t.as('viewer01')('POST', '/api/my/streams/subscriptions', { channelId: demo });
    const guest = await t.as(null)('GET', '/api/home/casters');
    expect(guest.status).toBe(200);
    expect(guest.body.list.slice(0, 2).map((c: Json) => [c.channelId, c.subscriberCount])).toEqual([
      [adult, 2],
      [demo, 1],
    ]);
    expect(byChannel(guest.body.list, demo)).toMatchObject({
      loginId: 'bj0001',
      broadcasting: true,
      type: 1,
      locked: false,
    });
    expectAdultHidden(guest);
    expectAdultHidden(await t.as('viewer02')('GET', '/api/home/casters'));
    expect(byChannel((await t.as('adult01')('GET', '/api/home/casters')).body.list, adult)).toMatchObject({
      locked: false,
      title: expect.any(String),
    });
  });

  it('refuses bad paging with 400', async () => {
    expect((await t.as(null)('GET', '/api/home/casters?offset=-1')).status).toBe(400);
  });
});

describe('GET /api/my/gifted-channels (GIFT_VIEW)', () => {
  const gift = (as: string, channelId: number, key: string) =>
    t.as(as)('POST', '/api/lives/send-luv', { channelId, amount: 10, message: '' }, { 'idempotency-key': key });

  it('is members only', async () => {
    expect((await t.as(null)('GET', '/api/my/gifted-channels')).status).toBe(401);
  });

  it('lists the channels the member sent luv or items to, latest first, adult locked without PI', async () => {
    expect((await t.as('viewer01')('GET', '/api/my/gifted-channels')).body).toEqual({ list: [], total: 0 });
    expect((await gift('viewer01', demo, 'gv-1')).status).toBe(200);
    expect((await gift('viewer01', adult, 'gv-2')).status).toBe(200);
    expect((await gift('viewer01', adult, 'gv-3')).status).toBe(200);
    const item = await t.as('viewer01')(
      'POST',
      '/api/my/item/100/use',
      { channelId: demo, count: 1 },
      { 'idempotency-key': 'gv-4' },
    );
    expect(item.status).toBe(200);
    const res = await t.as('viewer01')('GET', '/api/my/gifted-channels');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.list.map((c: Json) => [c.channelId, c.giftCount])).toEqual([
      [demo, 2],
      [adult, 2],
    ]);
    expect(byChannel(res.body.list, demo)).toMatchObject({
      locked: false,
      title: expect.any(String),
      lastGiftAt: expect.any(String),
    });
    expectAdultHidden(res);
    expect((await t.as('viewer02')('GET', '/api/my/gifted-channels')).body).toEqual({ list: [], total: 0 });
  });

  it('pages, and refuses bad paging with 400', async () => {
    expect(
      (await t.as('viewer01')('GET', '/api/my/gifted-channels?limit=1&offset=1')).body.list.map(
        (c: Json) => c.channelId,
      ),
    ).toEqual([adult]);
    expect((await t.as('viewer01')('GET', '/api/my/gifted-channels?limit=abc')).status).toBe(400);
  });
});

describe('GET /api/guest/events (EVENT)', () => {
  it('lists running events with ko and en texts and same-site links', async () => {
    const res = await t.as(null)('GET', '/api/guest/events');
    expect(res.status).toBe(200);
    expect(res.body.list.length).toBeGreaterThan(0);
    for (const e of res.body.list) {
      expect(e).toMatchObject({
        eventId: expect.any(Number),
        title: { ko: expect.any(String), en: expect.any(String) },
      });
      expect(e.link).toMatch(/^\/(?!\/)/);
      expect(Date.parse(e.startsAt)).toBeLessThanOrEqual(Date.now());
    }
  });
});
