/**
 * The caster-app routes with a bearer token (docs/INGEST.md "Caster apps"): a fresh key on each
 * ask (the old one refused), the key masked for a browser, the channel's settings read and saved
 * (`/api/m/channel/config`), start-stream and stop-stream as the panel's start and end.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/access-token.ts';
import { channels, streams } from '../db/schema/index.ts';
import { acceptPublish } from './lifecycle.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { testEncoders, type TestEncoders } from '../testing/encoders.ts';

let t: TestApp;
let enc: TestEncoders;
/** A request as `as` (a guest without one), with the method, headers and string body given. */
const request = (
  path: string,
  init: { as?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
) => t.as(init.as ?? null)(init.method ?? 'GET', path, init.body, init.headers);
let mine: number;
let bearer: string;
beforeAll(async () => {
  t = await openTestApp();
  enc = testEncoders(t);
  const [row] = await t.database.db
    .insert(channels)
    .values({ ownerId: t.ids.viewer02!, title: '캐스터 채널' })
    .returning({ id: channels.id });
  mine = row!.id;
  bearer = await signAccessToken(t.ids.viewer02!, 'caster-app', t.config.jwtSecret);
});
afterAll(() => t.close());

const app = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  request(path, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.token ?? bearer}` },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
const live = async () =>
  (await t.database.db.select().from(streams).where(eq(streams.channelId, mine))).find(
    (s) => s.type === 1 && !s.endedAt,
  );

describe('GET /api/my/channel/stream-key', () => {
  it('issues a caster app a fresh key each time it asks; the one before is refused at once', async () => {
    const first = await app('/api/my/channel/stream-key');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const a = await first.json();
    expect(a).toEqual({
      url: expect.stringMatching(/^rtmp:\/\/.+\/live$/),
      streamKey: expect.stringMatching(/^live_[\w-]{32}$/),
      masked: expect.any(String),
      issuedAt: expect.any(String),
      issuedVia: 'caster_app',
    });
    const b = await (await app('/api/my/channel/stream-key')).json();
    expect(b.streamKey).not.toBe(a.streamKey);
    expect(await acceptPublish(t.deps, { key: a.streamKey, clientId: '1' })).toEqual({
      ok: false,
      code: 'stream_key_invalid',
    });
    expect(await acceptPublish(t.deps, { key: b.streamKey, clientId: '2' })).toMatchObject({ ok: true });
  });

  it('shows a browser the key masked only (a key is shown in full when it is issued)', async () => {
    const res = await request('/api/my/channel/stream-key', { as: 'viewer02' });
    expect(await res.json()).toEqual({
      url: expect.any(String),
      streamKey: null,
      masked: expect.stringMatching(/^live_•+/),
      issuedAt: expect.any(String),
      issuedVia: 'caster_app',
    });
    const issued = await (await request('/api/my/channel/stream-key', { method: 'POST', as: 'viewer02' })).json();
    expect(issued).toMatchObject({ streamKey: expect.stringMatching(/^live_/), issuedVia: 'panel' });
  });

  it('refuses a member without a channel (403) and a guest (401)', async () => {
    expect(
      (
        await app('/api/my/channel/stream-key', {
          token: await signAccessToken(t.ids.viewer01!, 's', t.config.jwtSecret),
        })
      ).status,
    ).toBe(403);
    expect((await request('/api/my/channel/stream-key')).status).toBe(401);
  });
});

describe('/api/m/channel/config, start-stream and stop-stream', () => {
  it(
    'reads and saves the settings the next live starts with; start-stream changes the running live; stop-stream ' +
      'ends it',
    async () => {
      await request(`/api/channels/${mine}/broadcast`, {
        method: 'POST',
        as: 'viewer02',
        headers: { 'content-type': 'application/json' },
        body: '{"on":false}',
      });
      const config = await (await app('/api/m/channel/config')).json();
      expect(config).toEqual({
        data: {
          channelId: mine,
          themeId: null,
          title: '캐스터 채널',
          resolution: null,
          isForAdult: 0,
          password: '',
          hasPassword: false,
          minRatingLevel: 0,
          maxViewerCount: 0,
        },
      });
      const saved = await app('/api/m/channel/config', {
        method: 'PUT',
        body: {
          title: '앱에서 정한 제목',
          theme: 'game',
          resolution: '1280x720',
          minRatingLevel: 3,
          password: 'app-pass',
          isForAdult: false,
        },
      });
      expect(saved.status).toBe(200);
      expect((await saved.json()).data).toMatchObject({
        title: '앱에서 정한 제목',
        themeId: 2,
        resolution: 720,
        minRatingLevel: 3,
        hasPassword: true,
        password: '',
      });
      // The encoder connects: the live carries the saved settings.
      await enc.publishes(mine);
      expect(await live()).toMatchObject({ title: '앱에서 정한 제목' });
      expect(await verifyPassword((await live())!.passwordHash!, 'app-pass')).toBe(true);
      // afterGoLive: what the app's form shows is what the live gets ('' opens it).
      const started = await app('/api/my/channel/start-stream', {
        method: 'POST',
        body: {
          title: '1부',
          theme: '3',
          resolution: 720,
          minRatingLevel: 0,
          userAgentType: 'PC_APP_V1',
          password: '',
          isForAdult: 0,
        },
      });
      expect(started.status).toBe(200);
      expect(await started.json()).toMatchObject({
        ok: true,
        broadcasting: true,
        title: '1부',
        themeId: 3,
        hasPassword: false,
      });
      expect(t.published.at(-1)).toMatchObject({ room: String(mine), type: 'broadcast_update' });
      const stopped = await app('/api/my/channel/stop-stream', { method: 'POST' });
      expect(await stopped.json()).toMatchObject({ ok: true, broadcasting: false, ingest: { accepting: false } });
      expect(await live()).toBeUndefined();
      expect(t.published.at(-1)).toMatchObject({ room: String(mine), type: 'broadcast_stop' });
    },
  );

  it('refuses an unknown theme, a bad resolution and an adult broadcast without PI, and writes nothing', async () => {
    const before = await t.database.db.select().from(channels).where(eq(channels.id, mine));
    for (const body of [
      { theme: 'cooking' },
      { theme: 99 },
      { resolution: 'huge' },
      { resolution: 50 },
      { minRatingLevel: -1 },
      { password: 'abc' },
      { isForAdult: 'yes' },
    ]) {
      const res = await app('/api/m/channel/config', { method: 'PUT', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const adult = await app('/api/my/channel/start-stream', { method: 'POST', body: { isForAdult: true } });
    expect(adult.status).toBe(403);
    expect(await adult.json()).toMatchObject({ error: 'identity_verification_required' });
    expect(await t.database.db.select().from(channels).where(eq(channels.id, mine))).toEqual(before);
  });
});
