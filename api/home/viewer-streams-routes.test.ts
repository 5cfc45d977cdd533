import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';

let fx: TestApp;
let streamId: number;
beforeAll(async () => {
  fx = await openTestApp();
  const [stream] = await fx.database.db
    .select({ id: streams.id })
    .from(streams)
    .where(eq(streams.channelId, fx.channelIds.bj0001!))
    .limit(1);
  streamId = stream!.id;
});
afterAll(() => fx.close());

describe('/api/my/streams', () => {
  it('records, lists and forgets what the caller watched and follows', async () => {
    const me = fx.as('viewer02');
    expect((await me('POST', '/api/my/streams/played', { streamId: String(streamId) })).status).toBe(200);
    const played = await (await me('GET', '/api/my/streams/played?limit=5')).json();
    expect(played.list[0]).toMatchObject({ viewedAt: expect.any(String) });
    expect((await me('POST', '/api/my/streams/subscriptions', { channelId: fx.channelIds.bj0001! })).status).toBe(200);
    expect((await (await me('GET', '/api/my/streams/subscriptions')).json()).list).toHaveLength(1);
    expect((await me('DELETE', `/api/my/streams/subscriptions/${fx.channelIds.bj0001!}`)).status).toBe(200);
    expect((await me('DELETE', `/api/my/streams/played/${streamId}`)).status).toBe(200);
    expect((await (await me('GET', '/api/my/streams/played')).json()).list).toEqual([]);
  });

  it('answers bad_request, as it always has, to a malformed id or page', async () => {
    const me = fx.as('viewer02');
    for (const [method, path, body] of [
      ['POST', '/api/my/streams/played', { streamId: 'x' }],
      ['POST', '/api/my/streams/played', { streamId: 2 ** 40 }],
      ['POST', '/api/my/streams/subscriptions', {}],
      ['DELETE', '/api/my/streams/played/abc', undefined],
      ['DELETE', '/api/my/streams/present/0', undefined],
      ['GET', '/api/my/streams/played?limit=0', undefined],
    ] as const) {
      const res = await me(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'bad_request' });
    }
  });

  it('names what does not exist, and asks guests to sign in', async () => {
    const res = await fx.as('viewer02')(
      'POST',
      '/api/my/streams/played',
      { streamId: 999999 },
      { 'accept-language': 'en' },
    );
    expect(await res.json()).toEqual({ error: 'stream_not_found', error_msg: 'No such broadcast.' });
    expect((await fx.as('viewer02')('POST', '/api/my/streams/subscriptions', { channelId: 999999 })).status).toBe(404);
    for (const path of ['/api/my/streams/played', '/api/my/streams/present', '/api/my/streams/subscriptions'])
      expect((await fx.as(null)('GET', path)).status, path).toBe(401);
  });
});
