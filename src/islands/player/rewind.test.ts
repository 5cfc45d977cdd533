import { describe, expect, it } from 'vitest';
import {
  behindOf,
  clock,
  dvrMasterOf,
  dvrTimeFor,
  EDGE_S,
  firstVariant,
  PIPELINE_S,
  playlistSpanS,
  seekBy,
  seekTo,
  windowNow,
} from './rewind.ts';

describe('the DVR master of a live', () => {
  it('sits beside the edge master under the same token', () => {
    expect(dvrMasterOf('https://flx.example/media/1764000000.abc/hls/42.m3u8')).toBe(
      'https://flx.example/media/1764000000.abc/dvr/42.m3u8',
    );
    expect(dvrMasterOf('/media/t/hls/42.m3u8?x=1')).toBe('/media/t/dvr/42.m3u8?x=1');
  });
  it('is none for what is not a media server live (a variant, a recording, IVS, the demo file)', () => {
    expect(dvrMasterOf('/media/t/hls/42_src/index.m3u8')).toBeNull();
    expect(dvrMasterOf('/media/t/vod/42/index.m3u8')).toBeNull();
    expect(dvrMasterOf('https://x.live-video.net/api/video/v1/abc.m3u8')).toBeNull();
  });
});

describe('reading the DVR playlists', () => {
  const variant = '#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:4.000,\n3.ts\n#EXTINF:4.2,\n4.ts\n#EXTINF:3.8,\n5.ts\n';
  it('sums the fragments: how far back the playlist reaches', () => {
    expect(playlistSpanS(variant)).toBeCloseTo(12, 5);
    expect(playlistSpanS('#EXTM3U\n')).toBe(0);
  });
  it("takes the master's first variant, absolute", () => {
    const master =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n42_720p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\n42_src/index.m3u8\n';
    expect(firstVariant(master, 'https://a.example/media/t/dvr/42.m3u8')).toBe(
      'https://a.example/media/t/dvr/42_720p/index.m3u8',
    );
    expect(firstVariant('#EXTM3U\n', 'https://a.example/')).toBeNull();
  });
  it('grows the window with the time since it was read, up to the full window once known', () => {
    expect(windowNow(60, 1000, 11_000)).toBe(70);
    expect(windowNow(3600, 1000, 61_000, 3600)).toBe(3600);
    expect(windowNow(60, 5000, 1000)).toBe(60);
  });
});

describe('a seek', () => {
  it('near the edge goes back to it; further, that far behind, within the window', () => {
    expect(seekTo(0, 600)).toEqual({ edge: true, behindS: 0 });
    expect(seekTo(EDGE_S - 0.5, 600)).toEqual({ edge: true, behindS: 0 });
    expect(seekTo(30, 600)).toEqual({ edge: false, behindS: 30 });
    expect(seekTo(9999, 600)).toEqual({ edge: false, behindS: 600 });
    expect(seekTo(-5, 600)).toEqual({ edge: true, behindS: 0 });
  });
  it('by ← goes 10 s further back; by → 10 s nearer, and at the edge when that reaches it', () => {
    expect(seekBy(2, -10, 600)).toEqual({ edge: false, behindS: 12 });
    expect(seekBy(40, -10, 600)).toEqual({ edge: false, behindS: 50 });
    expect(seekBy(40, 10, 600)).toEqual({ edge: false, behindS: 30 });
    expect(seekBy(12, 10, 600)).toEqual({ edge: true, behindS: 0 });
    // Before the live's first minute, no further back than it.
    expect(seekBy(20, -10, 25)).toEqual({ edge: false, behindS: 25 });
  });
  it('in the DVR moves the playhead by the difference, inside what it can seek', () => {
    const at = { currentTime: 100, currentBehindS: 20, start: 10, end: 118 };
    expect(dvrTimeFor(at, 30)).toBe(90);
    expect(dvrTimeFor(at, 10)).toBe(110);
    expect(dvrTimeFor(at, 500)).toBe(10);
    expect(dvrTimeFor(at, 0)).toBe(117);
  });
});

describe('the viewer’s distance behind the live moment', () => {
  it("is hls.js's latency plus the pipeline", () => {
    expect(behindOf({ latencyS: 2, bufferedAheadS: 0.5, flv: false })).toBe(2 + PIPELINE_S);
    expect(behindOf({ latencyS: 62.04, bufferedAheadS: null, flv: false })).toBe(62.5);
  });
  it('without it, what is buffered ahead plus the way there (HTTP-FLV: short)', () => {
    expect(behindOf({ latencyS: null, bufferedAheadS: 0.5, flv: true })).toBe(0.8);
    expect(behindOf({ latencyS: null, bufferedAheadS: 0.5, flv: false })).toBe(2);
  });
  it('is unknown without either', () => {
    expect(behindOf({ latencyS: null, bufferedAheadS: null, flv: true })).toBeNull();
    expect(behindOf({ latencyS: Number.NaN, bufferedAheadS: Number.POSITIVE_INFINITY, flv: false })).toBeNull();
  });
});

it('writes times as a clock', () => {
  expect(clock(83)).toBe('1:23');
  expect(clock(3723)).toBe('1:02:03');
  expect(clock(-3)).toBe('0:00');
});
