import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, STATUS_OK, type WorkerUnderTest } from '../testing/harness.ts';
import { livePageChannel } from './live-source.ts';

const CARD = (nickname: string) => ({
  body: JSON.stringify({ channel: { nickname, title: 't', thumbnail: null, locked: false } }),
});
const SOURCE = (url: string, format = 'hls') => ({
  body: JSON.stringify({ channelId: 1, streamId: 2, title: 't', sources: [{ url, format, type: 1 }] }),
});

let w: WorkerUnderTest;
beforeAll(async () => {
  w = await startWorker();
  w.api.on('GET', '/api/service/status', STATUS_OK);
  for (const id of [21, 22, 23, 24, 25, 26, 27]) w.api.on('GET', `/api/channels/${id}/channel-page`, CARD(`BJ${id}`));
  w.api.on('GET', '/api/channels/21/stream', SOURCE('https://www.flxtv.example/demo-stream/index.m3u8'));
  w.api.on('GET', '/api/channels/22/stream', SOURCE('https://media.flxtv.example/flv/9.flv', 'bp_flv'));
  w.api.on('GET', '/api/channels/23/stream', {
    status: 403,
    body: JSON.stringify({ error: 'password_required', error_msg: 'x' }),
  });
  w.api.on('GET', '/api/channels/24/stream', SOURCE('https://x.example/a.m3u8?"><script>alert(1)</script>&b=1'));
  w.api.on('GET', '/api/channels/25/stream', SOURCE('javascript:alert(1)'));
  w.api.on('GET', '/api/channels/26/stream', { hang: true });
  w.api.on('GET', '/api/channels/27/stream', {
    body: JSON.stringify({
      channelId: 1,
      streamId: 9,
      sources: [
        {
          url: 'https://www.flxtv.example/media/T/hls/9.m3u8',
          format: 'hls',
          type: 1,
          urlDetail: {
            flv: {
              resolution: [
                { url: '/media/T/flv/9.flv', resolution: 720, suffixName: 'src' },
                { url: 'https://www.flxtv.example/media/T/flv/9_360p.flv', resolution: 360, suffixName: '360p' },
                { url: 'https://elsewhere.example/flv/9.flv', resolution: 720, suffixName: 'src' },
              ],
            },
          },
        },
      ],
    }),
  });
}, 120_000);
afterAll(() => w.close());

const video = (html: string) => /<video id="live-video"[^>]*>.*?<\/video>/s.exec(html)?.[0] ?? '';

describe('the live page carries its source', () => {
  it('recognises live pages only', () => {
    expect(livePageChannel('/channels/7/live')).toBe(7);
    expect(livePageChannel('/channels/7/live/')).toBe(7);
    expect(livePageChannel('/channels/7')).toBeNull();
    expect(livePageChannel('/vod/7')).toBeNull();
  });

  it(
    "writes the visitor's HLS source as data and a <source> the browser plays itself, asked with the visitor's " +
      'cookies',
    async () => {
      const res = await w.fetch('https://www.flxtv.example/channels/21/live', {
        headers: { cookie: 'locale=ko; flx_oauth_access=visitor-token' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const v = video(await res.text());
      expect(v).toContain('data-src="https://www.flxtv.example/demo-stream/index.m3u8"');
      expect(v).toContain('data-format="hls"');
      expect(v).toContain(
        '<source src="https://www.flxtv.example/demo-stream/index.m3u8" type="application/vnd.apple.mpegurl">',
      );
      // Who may watch is the API's call: it sees the visitor, unlike the share card's guest lookup.
      expect(w.api.callsTo('/api/channels/21/stream').at(-1)!.headers.cookie).toContain(
        'flx_oauth_access=visitor-token',
      );
    },
  );

  it('gives other formats data only: their engine starts from the page script', async () => {
    const v = video(await (await w.fetch('https://www.flxtv.example/channels/22/live')).text());
    expect(v).toContain('data-format="bp_flv"');
    expect(v).not.toContain('<source');
  });

  it("writes a media server live's FLV renditions for the low-latency mode, and no <source>: hls.js starts it", async () => {
    const v = video(await (await w.fetch('https://www.flxtv.example/channels/27/live')).text());
    expect(v).toContain('data-src="https://www.flxtv.example/media/T/hls/9.m3u8"');
    expect(v).not.toContain('<source');
    const flv = JSON.parse(/data-flv="([^"]*)"/.exec(v)![1]!.replaceAll('&quot;', '"'));
    // Relative addresses resolved against the stream's; another origin's left out.
    expect(flv).toEqual([
      { id: 'src', height: 720, url: 'https://www.flxtv.example/media/T/flv/9.flv' },
      { id: '360p', height: 360, url: 'https://www.flxtv.example/media/T/flv/9_360p.flv' },
    ]);
  });

  it('writes nothing when the API refuses, answers a non-web URL, or is too slow', async () => {
    for (const id of [23, 25, 26]) {
      const res = await w.fetch(`https://www.flxtv.example/channels/${id}/live`);
      expect(res.status).toBe(200);
      expect(video(await res.text())).toBe('<video id="live-video" muted autoplay playsinline></video>');
    }
  });

  it('writes the URL as a URL: quotes and brackets cannot close its attribute', async () => {
    const html = await (await w.fetch('https://www.flxtv.example/channels/24/live')).text();
    const outsideAttributes = video(html).replace(/="[^"]*"/g, '=""');
    expect(outsideAttributes).not.toMatch(/<script/i);
    expect(video(html)).toContain(
      'data-src="https://x.example/a.m3u8?%22%3E%3Cscript%3Ealert(1)%3C/script%3E&amp;b=1"',
    );
    expect(video(html)).toContain(
      '<source src="https://x.example/a.m3u8?%22%3E%3Cscript%3Ealert(1)%3C/script%3E&amp;b=1"',
    );
  });

  it("turns the page's inline scripts into module scripts, so none holds the video back behind the stylesheets", async () => {
    const html = await (await w.fetch('https://www.flxtv.example/channels/21/live')).text();
    const all = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    const inline = all.filter((attrs) => !attrs.includes('data-page-mode') && !attrs.includes('data-prefetch-ahead'));
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toMatch(/\btype="(module|application\/(ld\+)?json)"/);
    // Nor the one after the player, which fetches what the player asks for first while the parser is at it.
    expect(all.filter((attrs) => attrs.includes('data-prefetch-ahead'))).toEqual([
      expect.not.stringContaining('type='),
    ]);
    // Except the page mode's, which must run before the first paint: it stays classic, above every stylesheet.
    const pageMode = html.indexOf('<script data-page-mode>');
    expect(pageMode).toBeGreaterThan(0);
    expect(html.indexOf('<link rel="stylesheet"')).toBeGreaterThan(pageMode);
  });

  it("sends the head before the source's answer: only the video and what follows wait for it", async () => {
    // Channel 26's stream answer never comes (the worker gives up at its timeout).
    const res = await w.fetch('https://www.flxtv.example/channels/26/live');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let first = '';
    while (!first.includes('</head>')) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      first += decoder.decode(value, { stream: true });
      expect(first).not.toContain('id="live-video"');
    }
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += decoder.decode(r.value, { stream: true });
    expect(video(first + rest)).not.toContain('data-src');
  });

  it('leaves channel pages and other pages alone', async () => {
    w.api.calls.length = 0;
    await (await w.fetch('https://www.flxtv.example/channels/21')).text();
    await (await w.fetch('https://www.flxtv.example/')).text();
    expect(w.api.callsTo('/api/channels/21/stream')).toHaveLength(0);
  });
});
