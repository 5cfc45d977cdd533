import { describe, expect, it } from 'vitest';
import { DEMO_MASTER_PATH, flvRenditions, liveVideoHtml, loopsSource, videoTagWithSource } from './live-video.ts';

describe('the live video loops the demo only', () => {
  const tag = liveVideoHtml('방송 영상').replace('</video>', '');

  it('writes a real live without loop: Chromium stops reloading a live playlist for a looping element', () => {
    const url = 'https://www.flxtv.example/media/1795831200.sig/hls/7.m3u8';
    expect(loopsSource(url)).toBe(false);
    const open = videoTagWithSource(tag, { format: 'hls', url });
    expect(open).not.toMatch(/\bloop\b/);
    expect(open).toContain(`data-src="${url}"`);
    expect(liveVideoHtml('x')).not.toMatch(/\bloop\b/);
  });

  it('loops the seeded demo stream, absolute or relative, in any format', () => {
    expect(loopsSource(DEMO_MASTER_PATH)).toBe(true);
    expect(loopsSource(`http://hearheart.localhost:8787${DEMO_MASTER_PATH}`)).toBe(true);
    expect(videoTagWithSource(tag, { format: 'hls', url: `http://localhost:8787${DEMO_MASTER_PATH}` })).toMatch(
      / playsinline loop data-src=/,
    );
    expect(videoTagWithSource(tag, { format: 'ivs', url: `http://localhost:8787${DEMO_MASTER_PATH}` })).toMatch(
      / loop data-src=/,
    );
  });

  it('does not take a look-alike address for the demo', () => {
    expect(loopsSource(`https://x.example${DEMO_MASTER_PATH}.evil`)).toBe(false);
    expect(loopsSource(`https://x.example/media/t/demo/master.m3u8`)).toBe(false);
    expect(loopsSource('http://[')).toBe(false);
  });
});

describe("a media server live's FLV renditions", () => {
  const tag = liveVideoHtml('방송 영상').replace('</video>', '');
  const url = 'https://www.flxtv.example/media/1795831200.sig/hls/7.m3u8';

  it('are read from the stream answer, entries without an address left out', () => {
    expect(
      flvRenditions([
        { url: '/media/T/flv/7.flv', resolution: 720, suffixName: 'src' },
        { url: '/media/T/flv/7_360p.flv', resolution: 360, suffixName: '360p' },
        { url: '', resolution: 480, suffixName: '480p' },
        { resolution: 480 },
        null,
      ]),
    ).toEqual([
      { id: 'src', height: 720, url: '/media/T/flv/7.flv' },
      { id: '360p', height: 360, url: '/media/T/flv/7_360p.flv' },
    ]);
    expect(flvRenditions(undefined)).toEqual([]);
    expect(flvRenditions([{ url: '/a.flv', resolution: null }])).toEqual([{ id: 'src', height: null, url: '/a.flv' }]);
  });

  it('are written as data, and then no <source>: the player starts hls.js itself', () => {
    const flv = [{ id: '360p', height: 360, url: 'https://www.flxtv.example/media/T/flv/7_360p.flv?a="b"' }];
    const open = videoTagWithSource(tag, { format: 'hls', url, flv });
    expect(open).not.toContain('<source');
    const written = /data-flv="([^"]*)"/.exec(open)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    expect(JSON.parse(written)).toEqual(flv);
    expect(videoTagWithSource(tag, { format: 'hls', url })).toContain('<source');
  });
});
