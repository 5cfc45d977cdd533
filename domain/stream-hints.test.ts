import { describe, expect, it } from 'vitest';
import { firstVariant, isMasterText, startSegments } from './stream-hints.ts';

const BASE = 'https://www.flxtv.example/media/T/hls/12_src/index.m3u8';
const live = (target: number, segments: [string, number][], end = false) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-MEDIA-SEQUENCE:2',
    `#EXT-X-TARGETDURATION:${target}`,
    ...segments.flatMap(([uri, d]) => [`#EXTINF:${d},`, uri]),
    ...(end ? ['#EXT-X-ENDLIST'] : []),
  ].join('\n') + '\n';

describe('what a player asks for first', () => {
  it("finds a master playlist's first variant, resolved against the master's address", () => {
    const master =
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2500000\n12_src/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n12_low/index.m3u8\n';
    expect(isMasterText(master)).toBe(true);
    expect(firstVariant(master, 'https://www.flxtv.example/media/T/hls/12.m3u8')).toBe(
      'https://www.flxtv.example/media/T/hls/12_src/index.m3u8',
    );
    // The worker's masters carry absolute addresses already.
    expect(
      firstVariant(
        '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nhttp://localhost:8787/demo-stream/index.m3u8\n',
        'http://localhost:8787/demo/master.m3u8',
      ),
    ).toBe('http://localhost:8787/demo-stream/index.m3u8');
    expect(isMasterText(live(1, [['1.ts', 1]]))).toBe(false);
    expect(firstVariant(live(1, [['1.ts', 1]]), BASE)).toBeNull();
  });

  it('starts a playlist that ends (a recording, the demo) at its first segments', () => {
    const vod = live(
      2,
      [
        ['seg000.ts', 2],
        ['seg001.ts', 2],
        ['seg002.ts', 2],
      ],
      true,
    );
    expect(startSegments(vod, BASE)).toEqual([
      'https://www.flxtv.example/media/T/hls/12_src/seg000.ts',
      'https://www.flxtv.example/media/T/hls/12_src/seg001.ts',
    ]);
    expect(startSegments(vod, BASE, 1)).toEqual(['https://www.flxtv.example/media/T/hls/12_src/seg000.ts']);
  });

  it('starts a live playlist three target durations before its end (RFC 8216 §6.3.3), one segment only', () => {
    // As nginx-rtmp wrote it for a pushed live (1 s fragments, a 6 s window, the target rounded up to 2):
    // its window is exactly three target durations long, so the start is its first segment.
    const window = live(2, [
      ['2.ts', 1],
      ['3.ts', 1],
      ['4.ts', 1],
      ['5.ts', 1],
      ['6.ts', 1],
      ['7.ts', 1],
    ]);
    expect(startSegments(window, BASE)).toEqual(['https://www.flxtv.example/media/T/hls/12_src/2.ts']);
    // A longer window: the last segment starting at least 3 s before the end (at 7 of 10 s).
    const long = live(
      1,
      Array.from({ length: 10 }, (_, i) => [`${i}.ts`, 1] as [string, number]),
    );
    expect(startSegments(long, BASE)).toEqual(['https://www.flxtv.example/media/T/hls/12_src/7.ts']);
    // Shorter than three target durations: its first.
    expect(
      startSegments(
        live(2, [
          ['0.ts', 1.954],
          ['1.ts', 1],
        ]),
        BASE,
      ),
    ).toEqual(['https://www.flxtv.example/media/T/hls/12_src/0.ts']);
  });

  it('names nothing it cannot tell: no target duration, a segment without a duration, no segments, not a playlist', () => {
    expect(startSegments('#EXTM3U\n#EXTINF:1,\n1.ts\n', BASE)).toEqual([]);
    expect(startSegments('#EXTM3U\n#EXT-X-TARGETDURATION:1\n1.ts\n', BASE)).toEqual([]);
    expect(startSegments('#EXTM3U\n#EXT-X-TARGETDURATION:1\n', BASE)).toEqual([]);
    expect(startSegments('<html>not found</html>', BASE)).toEqual([]);
  });
});
