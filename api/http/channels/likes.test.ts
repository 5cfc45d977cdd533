import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT_TEXTS, homeTestApp, LOCKED, type Json } from '../../testing/home-test-app.ts';

let t: Awaited<ReturnType<typeof homeTestApp>>;
let demo: number;
let adult: number;
beforeAll(async () => {
  t = await homeTestApp();
  demo = await t.channelOf('bj0001');
  adult = await t.channelOf('adult01');
});
afterAll(() => t.close());

describe('PUT / DELETE / GET /api/channels/{id}/like', () => {
  it('tells a guest the count and refuses a guest like with 401, writing nothing', async () => {
    expect((await t.get(`/api/channels/${demo}/like`)).body).toEqual({ channelId: demo, liked: false, count: 0 });
    expect((await t.call(null, 'PUT', `/api/channels/${demo}/like`)).status).toBe(401);
    expect((await t.call(null, 'DELETE', `/api/channels/${demo}/like`)).status).toBe(401);
    expect((await t.get(`/api/channels/${demo}/like`)).body.count).toBe(0);
  });

  it('likes and unlikes idempotently', async () => {
    const first = await t.call('viewer01', 'PUT', `/api/channels/${demo}/like`);
    expect(first).toMatchObject({ status: 200, body: { ok: true, liked: true, count: 1 } });
    expect((await t.call('viewer01', 'PUT', `/api/channels/${demo}/like`)).body).toMatchObject({ liked: true, count: 1 });
    expect((await t.get(`/api/channels/${demo}/like`, 'viewer01')).body).toEqual({ channelId: demo, liked: true, count: 1 });
    expect((await t.get(`/api/channels/${demo}/like`, 'viewer02')).body).toEqual({ channelId: demo, liked: false, count: 1 });
    expect((await t.call('viewer01', 'DELETE', `/api/channels/${demo}/like`)).body).toMatchObject({ ok: true, liked: false, count: 0 });
    expect((await t.call('viewer01', 'DELETE', `/api/channels/${demo}/like`)).body).toMatchObject({ liked: false, count: 0 });
  });

  it('answers 404 JSON for unknown or malformed channels, never 500', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999']) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await t.call('viewer01', method, `/api/channels/${id}/like`);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body.error).toBe('channel_not_found');
      }
    }
  });
});

describe('GET /api/my/likes (LIKE)', () => {
  it('is members only', async () => {
    expect((await t.get('/api/my/likes')).status).toBe(401);
  });

  it('lists the liked channels, live first, and locks an adult channel for a viewer without PI', async () => {
    await t.call('viewer02', 'PUT', `/api/channels/${demo}/like`);
    await t.call('viewer02', 'PUT', `/api/channels/${adult}/like`);
    await t.call('adult01', 'PUT', `/api/channels/${adult}/like`);
    const plain = await t.get('/api/my/likes', 'viewer02');
    expect(plain.status).toBe(200);
    expect(plain.body.total).toBe(2);
    expect(plain.body.list.map((c: Json) => c.channelId).sort()).toEqual([demo, adult].sort());
    expect(plain.body.list.find((c: Json) => c.channelId === adult)).toMatchObject({ ...LOCKED, adult: true, loginId: 'adult01' });
    expect(plain.body.list.find((c: Json) => c.channelId === demo)).toMatchObject({
      locked: false,
      title: expect.any(String),
      type: 1,
      thumbnail: '/demo-stream/thumb.jpg',
    });
    for (const text of ADULT_TEXTS) expect(plain.text).not.toContain(text);
    const verified = await t.get('/api/my/likes', 'adult01');
    expect(verified.body.list).toEqual([expect.objectContaining({ channelId: adult, locked: false, title: ADULT_TEXTS[1] })]);
  });

  it('pages with offset and limit, and refuses bad paging with 400', async () => {
    const one = await t.get('/api/my/likes?limit=1', 'viewer02');
    const two = await t.get('/api/my/likes?offset=1&limit=1', 'viewer02');
    expect(one.body.list).toHaveLength(1);
    expect(two.body.list).toHaveLength(1);
    expect(two.body.list[0].channelId).not.toBe(one.body.list[0].channelId);
    for (const q of ['limit=0', 'limit=-1', 'offset=x', 'limit=1.5']) expect((await t.get(`/api/my/likes?${q}`, 'viewer02')).status).toBe(400);
  });
});
