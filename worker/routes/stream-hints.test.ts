/**
 * The live page's first requests fetched ahead (stream-hints.ts) and an anonymous visitor's source
 * kept for the next ones (live-source.ts), in workerd: the stub API stands in for the platform API
 * and for the media origin, the fixture site's demo-stream files are the site's own.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaTokenMessage } from '../../domain/media.ts';
import { startWorker, STATUS_OK, type WorkerUnderTest } from '../testing/harness.ts';

const SECRET = 'worker-hints-test-secret-0123456789abcdef';
const SITE = 'https://www.flxtv.example';
let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker((api) => ({ MEDIA_TOKEN_SECRET: SECRET, MEDIA_ORIGIN: api.origin }));
}, 120_000);
afterAll(() => w.close());
beforeEach(() => {
  w.api.reset();
  w.api.on('GET', '/api/service/status', STATUS_OK);
});

function token(streamId: number, expS = Math.floor(Date.now() / 1000) + 600): string {
  return `${expS}.${createHmac('sha256', SECRET).update(mediaTokenMessage(streamId, expS)).digest('base64url')}`;
}
const source = (url: string, format = 'hls') => ({
  body: JSON.stringify({ channelId: 1, streamId: 2, title: 't', sources: [{ url, format, type: 1 }] }),
});
const HLS = { 'content-type': 'application/vnd.apple.mpegurl' };
/** A pushed live's playlists as nginx-rtmp writes them (1 s fragments, a 6 s window). */
const MASTER = (id: number) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2500000\n${id}_src/index.m3u8\n`;
const WINDOW =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:2\n#EXT-X-TARGETDURATION:2\n' +
  [2, 3, 4, 5, 6, 7].map((n) => `#EXTINF:1.000,\n${n}.ts\n`).join('');

const page = async (channelId: number, init?: RequestInit) =>
  (await w.fetch(`${SITE}/channels/${channelId}/live`, init)).text();
const prefetched = (html: string): string[] | null => {
  const m = /<script data-prefetch-ahead(?: data-prefetch="([^"]*)")?>/.exec(html);
  return m ? (m[1] ? m[1].split(' ') : []) : null;
};

describe('what the live page fetches ahead of its player', () => {
  it("names the demo's master, its variant and the first two segments of the looping recording", async () => {
    w.api.on('GET', '/api/channels/61/stream', source(`${SITE}/demo/master.m3u8`));
    expect(prefetched(await page(61))).toEqual([
      `${SITE}/demo/master.m3u8`,
      `${SITE}/demo-stream/index.m3u8`,
      `${SITE}/demo-stream/seg000.ts`,
      `${SITE}/demo-stream/seg001.ts`,
    ]);
  });

  it(
    "names a pushed live's master, its variant under the same token and the segment a player starts at, read " +
      'through the media proxy',
    async () => {
      const t = token(62);
      w.api.on('GET', '/api/channels/62/stream', source(`${SITE}/media/${t}/hls/62.m3u8`));
      w.api.on('GET', '/hls/62.m3u8', { headers: HLS, body: MASTER(62) });
      w.api.on('GET', '/hls/62_src/index.m3u8', { headers: HLS, body: WINDOW });
      const html = await page(62);
      expect(prefetched(html)).toEqual([
        `${SITE}/media/${t}/hls/62.m3u8`,
        `${SITE}/media/${t}/hls/62_src/index.m3u8`,
        `${SITE}/media/${t}/hls/62_src/2.ts`,
      ]);
      // Read as the media proxy reads them: the path alone, with the edge key.
      expect(w.api.callsTo('/hls/62_src/index.m3u8')[0]!.headers['x-media-edge-key']).toBeTruthy();
      // The video has its source regardless, and the script is still the page's (only its data was added).
      expect(html).toContain(`data-src="${SITE}/media/${t}/hls/62.m3u8"`);
      expect(html).toContain('>/* prefetch */</script>');
    },
  );

  it(
    'names nothing for another origin, for FLV (one endless stream) or without a source; only the master when its ' +
      'playlists cannot be read',
    async () => {
      w.api.on('GET', '/api/channels/63/stream', source('https://other.example/live.m3u8'));
      w.api.on('GET', '/api/channels/64/stream', source(`${SITE}/media/${token(64)}/flv/64.flv`, 'bp_flv'));
      w.api.on('GET', '/api/channels/65/stream', {
        status: 403,
        body: '{"error":"password_required","error_msg":"x"}',
      });
      const t66 = token(66);
      w.api.on('GET', '/api/channels/66/stream', source(`${SITE}/media/${t66}/hls/66.m3u8`));
      expect(prefetched(await page(63))).toEqual([]);
      expect(prefetched(await page(64))).toEqual([]);
      expect(prefetched(await page(65))).toEqual([]);
      // The media origin answers 404 (the live just ended): the master alone, which the player asks for anyway.
      expect(prefetched(await page(66))).toEqual([`${SITE}/media/${t66}/hls/66.m3u8`]);
    },
  );

  it(
    'never holds the video back: the video is sent before the playlists are read, and a read that hangs is given ' +
      'up',
    async () => {
      const t = token(67);
      w.api.on('GET', '/api/channels/67/stream', source(`${SITE}/media/${t}/hls/67.m3u8`));
      w.api.on('GET', '/hls/67.m3u8', { headers: HLS, body: MASTER(67) });
      w.api.on('GET', '/hls/67_src/index.m3u8', { hang: true });
      const res = await w.fetch(`${SITE}/channels/67/live`);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('data-src=')) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        text += decoder.decode(value, { stream: true });
      }
      // The part with the video ends before the script: its hints come in a later part.
      expect(text).not.toContain('data-prefetch-ahead');
      for (let r = await reader.read(); !r.done; r = await reader.read())
        text += decoder.decode(r.value, { stream: true });
      expect(prefetched(text)).toEqual([`${SITE}/media/${t}/hls/67.m3u8`, `${SITE}/media/${t}/hls/67_src/index.m3u8`]);
      expect(text).toContain('<footer>f</footer>');
    },
  );

  it('writes the addresses as data: quotes and brackets of a playlist cannot leave the attribute', async () => {
    const t = token(68);
    w.api.on('GET', '/api/channels/68/stream', source(`${SITE}/media/${t}/hls/68.m3u8`));
    w.api.on('GET', '/hls/68.m3u8', {
      headers: HLS,
      body: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n68_src/a"><script>alert(1)</script>.m3u8\n',
    });
    const html = await page(68);
    expect(html.replace(/="[^"]*"/g, '=""')).not.toMatch(/<script>alert/);
    expect(prefetched(html)![1]).toBe(`${SITE}/media/${t}/hls/68_src/a%22%3E%3Cscript%3Ealert(1)%3C/script%3E.m3u8`);
  });

  it("reads a live's playlists again after a second, and a playlist that ends not for a minute", async () => {
    const live = token(69);
    const ended = token(70);
    w.api.on('GET', '/api/channels/69/stream', source(`${SITE}/media/${live}/hls/69.m3u8`));
    w.api.on('GET', '/hls/69.m3u8', { headers: HLS, body: MASTER(69) });
    w.api.on('GET', '/hls/69_src/index.m3u8', { headers: HLS, body: WINDOW });
    w.api.on('GET', '/api/channels/70/stream', source(`${SITE}/media/${ended}/hls/70.m3u8`));
    w.api.on('GET', '/hls/70.m3u8', { headers: HLS, body: MASTER(70) });
    w.api.on('GET', '/hls/70_src/index.m3u8', { headers: HLS, body: `${WINDOW}#EXT-X-ENDLIST\n` });
    await page(69);
    await page(70);
    await new Promise((r) => setTimeout(r, 1100));
    expect(prefetched(await page(69))).toHaveLength(3);
    expect(prefetched(await page(70))).toEqual([
      `${SITE}/media/${ended}/hls/70.m3u8`,
      `${SITE}/media/${ended}/hls/70_src/index.m3u8`,
      `${SITE}/media/${ended}/hls/70_src/2.ts`,
      `${SITE}/media/${ended}/hls/70_src/3.ts`,
    ]);
    expect(w.api.callsTo('/hls/69_src/index.m3u8')).toHaveLength(2);
    expect(w.api.callsTo('/hls/70_src/index.m3u8')).toHaveLength(1);
  });
});

describe("an anonymous visitor's source", () => {
  it('is asked once for the next anonymous visitors of the channel and kept a few seconds', async () => {
    w.api.on('GET', '/api/channels/71/stream', source(`${SITE}/demo/master.m3u8`));
    for (let i = 0; i < 3; i++) expect(await page(71)).toContain(`data-src="${SITE}/demo/master.m3u8"`);
    expect(w.api.callsTo('/api/channels/71/stream')).toHaveLength(1);
  });

  it(
    'is not what a signed-in visitor or the holder of a live pass gets: they are asked for every time, with their ' +
      'cookies',
    async () => {
      w.api.on('GET', '/api/channels/72/stream', source(`${SITE}/demo/master.m3u8`));
      await page(72);
      for (const cookie of [
        'flx_oauth_access=visitor-token',
        'flx_access_token=visitor-token',
        'flx_live_pass_72=pass',
      ])
        await page(72, { headers: { cookie } });
      const calls = w.api.callsTo('/api/channels/72/stream');
      expect(calls).toHaveLength(4);
      expect(calls.slice(1).map((c) => c.headers.cookie)).toEqual([
        expect.stringContaining('flx_oauth_access=visitor-token'),
        expect.stringContaining('flx_access_token=visitor-token'),
        expect.stringContaining('flx_live_pass_72=pass'),
      ]);
    },
  );

  it('is kept only when there is one: a refusal (adult, password) or no live is asked again', async () => {
    w.api.on('GET', '/api/channels/73/stream', { status: 401, body: '{"error":"login_required","error_msg":"x"}' });
    await page(73);
    await page(73);
    expect(w.api.callsTo('/api/channels/73/stream')).toHaveLength(2);
  });

  it('is kept per brand: its addresses are on the brand’s origin', async () => {
    w.api.on('GET', '/api/channels/74/stream', source(`${SITE}/demo/master.m3u8`));
    await page(74);
    await (await w.fetch('https://www.flxcn.example/channels/74/live')).text();
    expect(w.api.callsTo('/api/channels/74/stream').map((c) => c.headers['x-brand'])).toEqual(['main', 'china']);
  });
});
