/**
 * Media through the worker in workerd: a playback token for the path's stream is needed (wrong,
 * expired, another stream's, missing: 403 and the media origin is never asked); the path alone
 * goes on, with the edge key; a live's master playlist gets absolute variant addresses; the media
 * server's callbacks are never forwarded. The stub API stands in for the media origin.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaTokenMessage } from '../../domain/media.ts';
import { mediaEdgeKey } from '../../media/settings.ts';
import { startWorker, type WorkerUnderTest } from '../testing/harness.ts';

const SECRET = 'worker-media-test-secret-0123456789abcdef';
let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker((api) => ({ MEDIA_TOKEN_SECRET: SECRET, MEDIA_ORIGIN: api.origin }));
}, 120_000);
afterAll(() => w.close());
beforeEach(() => w.api.reset());

const nowS = () => Math.floor(Date.now() / 1000);
/** A token as the API mints it (api/ingest/media-urls.ts), written here independently. */
function token(streamId: number, expS = nowS() + 600, secret = SECRET): string {
  return `${expS}.${createHmac('sha256', secret).update(mediaTokenMessage(streamId, expS)).digest('base64url')}`;
}
const media = (path: string, init?: RequestInit) => w.fetch(`https://www.flxtv.example/media/${path}`, init);

const MASTER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2500000\n12_src/index.m3u8\n';

describe('a playback token', () => {
  it(
    'lets the holder fetch the stream it names: the path goes to the media origin without the token, with the edge ' +
      'key',
    async () => {
      w.api.on('GET', '/hls/12_src/7.ts', {
        headers: { 'content-type': 'video/mp2t', 'cache-control': 'public, max-age=60' },
        body: 'G-segment',
      });
      const res = await media(`${token(12)}/hls/12_src/7.ts`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('G-segment');
      expect(res.headers.get('content-type')).toBe('video/mp2t');
      const [call] = w.api.calls;
      expect(call!.url).toBe('/hls/12_src/7.ts');
      expect(call!.headers['x-media-edge-key']).toBe(mediaEdgeKey(SECRET));
      // No cookie, no identity of the viewer reaches the media origin.
      expect(call!.headers.cookie).toBeUndefined();
    },
  );

  it.each([
    ['no token', () => 'hls/12.m3u8'],
    ['a junk token', () => 'abc/hls/12.m3u8'],
    ["another stream's token", () => `${token(13)}/hls/12.m3u8`],
    ['an expired token', () => `${token(12, nowS() - 1)}/hls/12.m3u8`],
    [
      'a token signed with another secret',
      () => `${token(12, nowS() + 600, 'another-secret-0123456789abcdef-xyz')}/hls/12.m3u8`,
    ],
    ['a token whose expiry was moved', () => token(12).replace(/^\d+/, String(nowS() + 9999)) + '/hls/12.m3u8'],
    ["another stream's segment", () => `${token(12)}/hls/13_src/1.ts`],
    ["another stream's recording", () => `${token(12)}/vod/13/index.m3u8`],
    ["another stream's HTTP-FLV", () => `${token(12)}/flv/13.flv`],
  ])('refuses %s with 403, and asks the media origin nothing', async (_, path) => {
    w.api.on('GET', '/hls/12.m3u8', { body: MASTER });
    const res = await media(path());
    expect([403, 404]).toContain(res.status);
    expect(res.status).toBe(path().startsWith('hls/') ? 404 : 403);
    expect(w.api.calls).toHaveLength(0);
  });

  it('answers 404 for a path the media origin does not serve (no guessing of other files)', async () => {
    for (const path of [
      `${token(12)}/conf/nginx.conf`,
      `${token(12)}/hls/../secret`,
      `${token(12)}/secret`,
      `${token(12)}/hls/12.m3u8x`,
    ]) {
      expect((await media(path)).status, path).toBe(404);
    }
    expect(w.api.calls).toHaveLength(0);
  });

  it(
    'writes a master playlist’s variants as absolute addresses under the same token (recorders use them as they ' +
      'are)',
    async () => {
      w.api.on('GET', '/hls/12.m3u8', {
        headers: { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' },
        body: MASTER,
      });
      const t = token(12);
      const res = await media(`${t}/hls/12.m3u8`);
      expect(res.status).toBe(200);
      // Kept a minute (a live's master never changes): the live page fetches it ahead of its player.
      expect(res.headers.get('cache-control')).toBe('private, max-age=60');
      expect(await res.text()).toBe(
        `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2500000\nhttps://www.flxtv.example/media/${t}/hls/12_src/index.m3u8\n`,
      );
    },
  );

  it(
    "keeps a live's variant playlist a second (fetched ahead of the player, it changes every fragment), a " +
      "recording's as the origin says",
    async () => {
      w.api.on('GET', '/hls/12_src/index.m3u8', {
        headers: { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' },
        body: '#EXTM3U\n',
      });
      w.api.on('GET', '/vod/12/index.m3u8', {
        headers: { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' },
        body: '#EXTM3U\n',
      });
      expect((await media(`${token(12)}/hls/12_src/index.m3u8`)).headers.get('cache-control')).toBe(
        'private, max-age=1',
      );
      expect((await media(`${token(12)}/vod/12/index.m3u8`)).headers.get('cache-control')).toBe('no-cache');
    },
  );

  it(
    "serves a live's rewind (DVR) playlists under the live's token: the master's variants absolute, playlists kept 2 s, " +
      'fragments as the origin says (immutable); another stream’s token is refused',
    async () => {
      w.api.on('GET', '/dvr/12.m3u8', { body: MASTER });
      w.api.on('GET', '/dvr/12_src/index.m3u8', { headers: { 'cache-control': 'no-cache' }, body: '#EXTM3U\n' });
      w.api.on('GET', '/dvr/12_src/3.ts', {
        headers: { 'content-type': 'video/mp2t', 'cache-control': 'public, max-age=3600, immutable' },
        body: 'G-dvr',
      });
      const t = token(12);
      const master = await media(`${t}/dvr/12.m3u8`);
      expect(master.headers.get('cache-control')).toBe('private, max-age=2');
      expect(await master.text()).toContain(`https://www.flxtv.example/media/${t}/dvr/12_src/index.m3u8`);
      expect((await media(`${t}/dvr/12_src/index.m3u8`)).headers.get('cache-control')).toBe('private, max-age=2');
      const frag = await media(`${t}/dvr/12_src/3.ts`);
      expect(await frag.text()).toBe('G-dvr');
      expect(frag.headers.get('cache-control')).toBe('public, max-age=3600, immutable');
      const calls = w.api.calls.length;
      expect((await media(`${token(13)}/dvr/12_src/index.m3u8`)).status).toBe(403);
      expect((await media(`${t}/dvr/12_src/../../conf/nginx.conf`)).status).toBe(404);
      expect(w.api.calls).toHaveLength(calls);
    },
  );

  it(
    'answers a playlist whole, never by ranges (two ranges of a live playlist a moment apart stitched two ' +
      'versions)',
    async () => {
      const playlist =
        '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:11\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000,\n11.ts\n#EXTINF:1.000,\n12.ts\n';
      w.api.on('GET', '/hls/12_src/index.m3u8', {
        headers: { 'content-type': 'application/vnd.apple.mpegurl', 'accept-ranges': 'bytes' },
        body: playlist,
      });
      // What Chromium's own HLS asks for when it reads a live playlist again.
      for (const range of ['bytes=0-', 'bytes=0-73', 'bytes=74-']) {
        const res = await media(`${token(12)}/hls/12_src/index.m3u8`, { headers: { range } });
        expect(res.status, range).toBe(200);
        expect(await res.text(), range).toBe(playlist);
        expect(res.headers.get('accept-ranges')).toBeNull();
        expect(res.headers.get('content-range')).toBeNull();
      }
      expect(w.api.calls.map((c) => c.headers.range)).toEqual([undefined, undefined, undefined]);
    },
  );

  it(
    'answers HTTP-FLV as video/x-flv when the relay names no type (untyped, the front line compressed it and held ' +
      'the live back)',
    async () => {
      // node-media-server's answer: no content-type at all. The front line compresses by type
      // (Cloudflare's list; Miniflare's entry worker also compresses an answer without one), so the
      // type is what keeps the stream uncompressed.
      w.api.on('GET', '/flv/12.flv', { headers: { 'content-type': null }, body: 'FLV\u0001\u0005' });
      const res = await media(`${token(12)}/flv/12.flv`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/x-flv');
      expect(await res.text()).toBe('FLV\u0001\u0005');
    },
  );

  it('passes ranges of segments, which never change once written', async () => {
    w.api.on('GET', '/hls/12_src/8.ts', {
      status: 206,
      headers: { 'content-type': 'video/mp2t', 'content-range': 'bytes 0-3/9', 'accept-ranges': 'bytes' },
      body: 'G-se',
    });
    const res = await media(`${token(12)}/hls/12_src/8.ts`, { headers: { range: 'bytes=0-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 0-3/9');
    expect(w.api.calls[0]!.headers.range).toBe('bytes=0-3');
  });

  it('passes the media origin’s 404 (an ended live) and answers 503 when it is down', async () => {
    expect((await media(`${token(12)}/hls/12_src/index.m3u8`)).status).toBe(404);
    w.api.on('GET', '/flv/12.flv', { status: 502 });
    expect((await media(`${token(12)}/flv/12.flv`)).status).toBe(503);
  });

  it('takes GET and HEAD only', async () => {
    w.api.on('POST', '/hls/12.m3u8', {});
    expect((await media(`${token(12)}/hls/12.m3u8`, { method: 'POST', body: 'x' })).status).toBe(404);
    expect(w.api.calls).toHaveLength(0);
  });
});

describe('the media server’s callbacks', () => {
  it.each([
    '/api/ingest/publish?secret=x',
    '/api/ingest/publish-done',
    '/api/ingest/demo-key',
    '/API/Ingest/publish',
    '/api/%69ngest/publish',
    '//api/ingest/publish',
  ])('are never forwarded: %s', async (path) => {
    w.api.on('POST', '/api/ingest/publish', { status: 302 });
    const res = await w.fetch(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'app=live&name=k&clientid=1',
    });
    expect([403, 404]).toContain(res.status);
    expect(w.api.calls.filter((c) => /ingest/i.test(decodeURIComponent(c.url)))).toHaveLength(0);
  });
});

describe('the demo lives’ master playlist', () => {
  it('lists the looping demo stream with an absolute address on the origin it answers on', async () => {
    const res = await w.fetch('http://coin.localhost:8787/demo/master.m3u8');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await res.text()).toContain('\nhttp://coin.localhost:8787/demo-stream/index.m3u8\n');
  });
});
