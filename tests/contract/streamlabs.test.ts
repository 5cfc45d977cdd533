/**
 * The caster-app contract (docs/INGEST.md "Caster apps"), call by call as Streamlabs Desktop's
 * FlexTV service makes them (app/services/platforms/flextv.ts: every call `Content-Type:
 * application/json` and `Authorization: Bearer {token}` from its Electron window, no cookie),
 * through the real worker in front of the real API and media server, with ffmpeg as the encoder.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, members, streams } from '../../api/db/schema/index.ts';
import { hashPassword } from '../../api/auth/passwords.ts';
import type { WorkerUnderTest } from '../../worker/testing/harness.ts';
import { ingestRow, liveOf, push, startEdge, startIngestStack, waitFor, type IngestStack } from '../ingest/harness.ts';

const PASSWORD = 'Caster12!';
let stack: IngestStack;
let edge: WorkerUnderTest;
let channelId: number;
let loginId: string;

beforeAll(async () => {
  stack = await startIngestStack({ graceMs: 5000 });
  edge = await startEdge(stack);
  channelId = await stack.newChannel('streamlabs');
  const [channel] = await stack.database.db
    .select({ ownerId: channels.ownerId })
    .from(channels)
    .where(eq(channels.id, channelId));
  const [member] = await stack.database.db
    .update(members)
    .set({ passwordHash: await hashPassword(PASSWORD), identityVerified: true })
    .where(eq(members.id, channel!.ownerId))
    .returning({ loginId: members.loginId });
  loginId = member!.loginId;
}, 180_000);
afterAll(async () => {
  await edge?.close();
  await stack?.close();
});

const SITE = 'https://www.flxtv.example';
/** Electron's fetch from the app's window: a foreign Origin, cross-site, a bearer token, no cookie. */
const fromApp = (token: string | null) => ({
  'Content-Type': 'application/json',
  origin: 'file://',
  'sec-fetch-site': 'cross-site',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});
async function call(token: string | null, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await edge.fetch(`${SITE}${path}`, {
    method: init.method ?? 'GET',
    headers: fromApp(token),
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The app's sign-in window leaves it a refresh token (here: a sign-in, as that window makes it). */
async function refreshTokenOf(login: string, password: string): Promise<string> {
  const res = await edge.fetch(`${SITE}/v2/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ loginId: login, password, loginKeep: true, saveId: false, device: 'PCWEB' }),
  });
  expect(res.status).toBe(200);
  const line = res.headers.getSetCookie().find((l) => l.startsWith('flx_oauth_refresh='))!;
  return line.slice('flx_oauth_refresh='.length).split(';')[0]!;
}

describe('Streamlabs Desktop, call by call', () => {
  let token: string;

  it('fetchNewAccessToken: POST /api/oauth/refresh { refreshToken } → { access_token }, as often as the app asks', async () => {
    const refreshToken = await refreshTokenOf(loginId, PASSWORD);
    const first = await call(null, '/api/oauth/refresh', { method: 'POST', body: { refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 900,
    });
    // A bearer client gets no session cookie (the edge's anonymous id is not one).
    expect(first.headers.getSetCookie().filter((l) => /^flx_(oauth|access)/.test(l))).toEqual([]);
    // The app keeps the refresh token it has and asks with it again.
    const again = await call(null, '/api/oauth/refresh', { method: 'POST', body: { refreshToken } });
    expect(again.status).toBe(200);
    token = again.body.access_token;
  });

  it('fetchUserInfo and checkReadyToStream: GET /api/my/profile → { profile: { nickname, id, channelId, PI } }', async () => {
    const profile = await call(token, '/api/my/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.profile).toEqual({ nickname: expect.any(String), id: expect.any(Number), channelId, PI: true });
  });

  it('fetchThemes: GET /api/guest/themes → [{ key, value, text }]', async () => {
    const themes = await call(token, '/api/guest/themes');
    expect(themes.status).toBe(200);
    expect(themes.body.length).toBeGreaterThan(3);
    for (const t of themes.body)
      expect(t).toMatchObject({ key: expect.any(String), value: expect.any(String), text: expect.any(String) });
  });

  it(
    'prepopulateInfo: GET /api/m/channel/config → { data: { channelId, themeId, title, resolution, isForAdult, ' +
      'password, minRatingLevel, maxViewerCount } }',
    async () => {
      const config = await call(token, '/api/m/channel/config');
      expect(config.status).toBe(200);
      expect(config.body.data).toMatchObject({
        channelId,
        themeId: null,
        title: expect.any(String),
        resolution: null,
        isForAdult: 0,
        password: '',
        minRatingLevel: 0,
        maxViewerCount: 0,
      });
    },
  );

  it('goes live: stream-key, PUT config, the encoder, start-stream; the chat dock signs in once; stop-stream ends ' +
    'it into a recording', async () => {
    // beforeGoLive: a key for OBS. Each ask issues a new one; the one before stops working.
    const old = await call(token, '/api/my/channel/stream-key');
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({
      url: stack.rtmpUrl.replace('127.0.0.1', 'localhost'),
      streamKey: expect.stringMatching(/^live_[\w-]{32}$/),
    });
    const pair = await call(token, '/api/my/channel/stream-key');
    expect(pair.body.streamKey).not.toBe(old.body.streamKey);
    expect(await push(stack.rtmpUrl, old.body.streamKey, 2).exited).not.toBe(0);

    const themes = (await call(token, '/api/guest/themes')).body as { key: string; value: string }[];
    const music = themes.find((t) => t.key === 'music')!;
    const settings = {
      title: '스트림랩스 방송',
      theme: music.value,
      resolution: '720',
      minRatingLevel: 2,
      password: '',
      isForAdult: false,
    };
    const put = await call(token, '/api/m/channel/config', { method: 'PUT', body: settings });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      title: '스트림랩스 방송',
      themeId: Number(music.value),
      resolution: 720,
      minRatingLevel: 2,
      isForAdult: 0,
    });

    // The encoder connects with what the app was given (OBS: server + key).
    // Streamlabs and OBS reconnect on their own when a connection fails; so does this encoder, at
    // most twice, and every failed attempt says why (ffmpeg's and the media server's words).
    const connect = () => push(pair.body.url.replace('localhost', '127.0.0.1'), pair.body.streamKey, 60);
    let encoder = connect();
    let live: NonNullable<Awaited<ReturnType<typeof liveOf>>> | null = null;
    for (let attempt = 1; !live; attempt++) {
      try {
        live = await waitFor('on air', () => liveOf(stack.database, channelId), 20_000, { encoder, stack });
      } catch (e) {
        if (attempt === 3) throw e;
        console.warn(`encoder attempt ${attempt} did not go on air, reconnecting:`, (e as Error).message);
        encoder.child.kill('SIGKILL');
        await encoder.exited;
        encoder = connect();
      }
    }
    expect(live.title).toBe('스트림랩스 방송');

    // afterGoLive
    const started = await call(token, '/api/my/channel/start-stream', {
      method: 'POST',
      body: { ...settings, title: '스트림랩스 방송 1부', userAgentType: 'PC_APP_V1' },
    });
    expect(started.status).toBe(200);
    expect((await liveOf(stack.database, channelId))!).toMatchObject({ id: live.id, title: '스트림랩스 방송 1부' });
    const watch = await edge.fetch(`${SITE}/api/channels/${channelId}/stream?option=all`);
    expect((await watch.json()).stream.title).toBe('스트림랩스 방송 1부');

    // The chat dock: the app's token as a one-time sign-in link.
    const dock = `${SITE}/redirects/signin?token=${token}&redirectTo=/popup/chat/${channelId}?darkTheme=true`;
    const signedIn = await edge.fetch(dock);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe(`/popup/chat/${channelId}?darkTheme=true`);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    const asDock = await edge.fetch(`${SITE}/api/my/profile`, { headers: { cookie } });
    expect((await asDock.json()).loginId).toBe(loginId);
    const reused = await edge.fetch(dock);
    expect(reused.headers.get('location')).toBe(
      `/signin?callbackURL=${encodeURIComponent(`/popup/chat/${channelId}?darkTheme=true`)}`,
    );
    expect(reused.headers.getSetCookie().filter((l) => l.startsWith('flx_oauth_access='))).toEqual([]);

    // The panel (a browser) sees the key masked and that a caster app took it.
    const panel = await edge.fetch(`${SITE}/api/channels/${channelId}/broadcast`, { headers: { cookie } });
    expect((await panel.json()).ingest.key).toMatchObject({
      issuedVia: 'caster_app',
      masked: expect.stringMatching(/•/),
    });
    const browserKey = await edge.fetch(`${SITE}/api/my/channel/stream-key`, { headers: { cookie } });
    expect(await browserKey.json()).toMatchObject({ streamKey: null, masked: expect.stringMatching(/•/) });

    // afterStopStream: the encoder stops, then the app says so.
    encoder.child.kill('SIGINT');
    await encoder.exited;
    const stopped = await call(token, '/api/my/channel/stop-stream', { method: 'POST' });
    expect(stopped.status).toBe(200);
    expect(await liveOf(stack.database, channelId)).toBeNull();
    expect(await ingestRow(stack.database, live.id)).toMatchObject({ publishing: false, endedAt: expect.any(Date) });
    const recording = await waitFor('the recording', async () => {
      const rows = await stack.database.db.select().from(streams).where(eq(streams.channelId, channelId));
      return rows.find((s) => s.type === 2) ?? null;
    });
    expect(recording.title).toBe('스트림랩스 방송 1부');
    expect((await edge.fetch(`${SITE}/api/channels/${channelId}/stream?option=all`)).status).toBe(400);
  }, 120_000);

  it(
    'registerNewStreamKey for a member without a channel: stream-key refused, chennel-register answers 2xx, the ' +
      'key is still refused',
    async () => {
      const viewer = await stack.database.db
        .insert(members)
        .values({
          loginId: 'slviewer01',
          nickname: 'slviewer',
          passwordHash: await hashPassword(PASSWORD),
          device: 'PCWEB',
        })
        .returning({ loginId: members.loginId });
      const refreshToken = await refreshTokenOf(viewer[0]!.loginId, PASSWORD);
      const viewerToken = (await call(null, '/api/oauth/refresh', { method: 'POST', body: { refreshToken } })).body
        .access_token as string;
      expect((await call(viewerToken, '/api/my/profile')).body.profile).toMatchObject({ channelId: null, PI: false });
      expect((await call(viewerToken, '/api/my/channel/stream-key')).status).toBe(403);
      const register = await call(viewerToken, '/api/my/chennel-register');
      expect(register.status).toBeGreaterThanOrEqual(200);
      expect(register.status).toBeLessThan(300);
      expect((await call(viewerToken, '/api/my/channel/stream-key')).status).toBe(403);
      expect(
        (await call(viewerToken, '/api/my/channel/start-stream', { method: 'POST', body: { title: 'x' } })).status,
      ).toBe(403);
    },
  );

  it('answers a call without a token, or with a forged one, 401', async () => {
    expect((await call(null, '/api/my/profile')).status).toBe(401);
    expect((await call('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Zm9yZ2Vk', '/api/my/channel/stream-key')).status).toBe(
      401,
    );
    expect(
      (await call(null, '/api/oauth/refresh', { method: 'POST', body: { refreshToken: 'not-a-token' } })).status,
    ).toBe(401);
  });
});
