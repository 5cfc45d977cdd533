import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT_TEXTS, LOCKED } from '../testing/adult-cards.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import type { Json } from '../testing/requests.ts';

let t: TestApp;
let demo: number;
let adult: number;
beforeAll(async () => {
  t = await openTestApp();
  demo = t.channelIds.bj0001!;
  adult = t.channelIds.adult01!;
});
afterAll(() => t.close());

describe('PUT / DELETE / GET /api/channels/{id}/like', () => {
  it('tells a guest the count and refuses a guest like with 401, writing nothing', async () => {
    expect((await t.as(null)('GET', `/api/channels/${demo}/like`)).body).toEqual({
      channelId: demo,
      liked: false,
      count: 0,
    });
    expect((await t.as(null)('PUT', `/api/channels/${demo}/like`)).status).toBe(401);
    expect((await t.as(null)('DELETE', `/api/channels/${demo}/like`)).status).toBe(401);
    expect((await t.as(null)('GET', `/api/channels/${demo}/like`)).body.count).toBe(0);
  });

  it('likes and unlikes idempotently', async () => {
    const first = await t.as('viewer01')('PUT', `/api/channels/${demo}/like`);
    expect(first).toMatchObject({ status: 200, body: { ok: true, liked: true, count: 1 } });
    expect((await t.as('viewer01')('PUT', `/api/channels/${demo}/like`)).body).toMatchObject({ liked: true, count: 1 });
    expect((await t.as('viewer01')('GET', `/api/channels/${demo}/like`)).body).toEqual({
      channelId: demo,
      liked: true,
      count: 1,
    });
    expect((await t.as('viewer02')('GET', `/api/channels/${demo}/like`)).body).toEqual({
      channelId: demo,
      liked: false,
      count: 1,
    });
    expect((await t.as('viewer01')('DELETE', `/api/channels/${demo}/like`)).body).toMatchObject({
      ok: true,
      liked: false,
      count: 0,
    });
    expect((await t.as('viewer01')('DELETE', `/api/channels/${demo}/like`)).body).toMatchObject({
      liked: false,
      count: 0,
    });
  });

  it('answers 404 JSON for unknown or malformed channels, never 500', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999']) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await t.as('viewer01')(method, `/api/channels/${id}/like`);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body.error).toBe('channel_not_found');
      }
    }
  });
});

describe('GET /api/my/likes (LIKE)', () => {
  it('is members only', async () => {
    expect((await t.as(null)('GET', '/api/my/likes')).status).toBe(401);
  });

  it('lists the liked channels, live first, and locks an adult channel for a viewer without PI', async () => {
    await t.as('viewer02')('PUT', `/api/channels/${demo}/like`);
    await t.as('viewer02')('PUT', `/api/channels/${adult}/like`);
    await t.as('adult01')('PUT', `/api/channels/${adult}/like`);
    const plain = await t.as('viewer02')('GET', '/api/my/likes');
    expect(plain.status).toBe(200);
    expect(plain.body.total).toBe(2);
    expect(plain.body.list.map((c: Json) => c.channelId).sort()).toEqual([demo, adult].sort());
    expect(plain.body.list.find((c: Json) => c.channelId === adult)).toMatchObject({
      ...LOCKED,
      adult: true,
      loginId: 'adult01',
    });
    expect(plain.body.list.find((c: Json) => c.channelId === demo)).toMatchObject({
      locked: false,
      title: expect.any(String),
      type: 1,
      thumbnail: '/demo-stream/thumb.jpg',
    });
    for (const text of ADULT_TEXTS) expect(JSON.stringify(plain.body)).not.toContain(text);
    const verified = await t.as('adult01')('GET', '/api/my/likes');
    expect(verified.body.list).toEqual([
      expect.objectContaining({ channelId: adult, locked: false, title: ADULT_TEXTS[1] }),
    ]);
  });

  it('pages with offset and limit, and refuses bad paging with 400', async () => {
    const one = await t.as('viewer02')('GET', '/api/my/likes?limit=1');
    const two = await t.as('viewer02')('GET', '/api/my/likes?offset=1&limit=1');
    expect(one.body.list).toHaveLength(1);
    expect(two.body.list).toHaveLength(1);
    expect(two.body.list[0].channelId).not.toBe(one.body.list[0].channelId);
    for (const q of ['limit=0', 'limit=-1', 'offset=x', 'limit=1.5'])
      expect((await t.as('viewer02')('GET', `/api/my/likes?${q}`)).status).toBe(400);
  });
});
