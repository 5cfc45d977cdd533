import { describe, expect, it } from 'vitest';
import { fragmentsOf, lastFragments } from './cut.ts';

const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-MEDIA-SEQUENCE:7',
  '#EXT-X-TARGETDURATION:5',
  '#EXTINF:4.000,',
  '7.ts',
  '#EXTINF:4.200,',
  '8.ts',
  '#EXT-X-DISCONTINUITY',
  '#EXTINF:3.800,',
  '9.ts',
  '#EXTINF:4.000,',
  '10.ts',
  '',
].join('\n');

describe('the fragments of a clip', () => {
  it('reads each fragment’s length and absolute address', () => {
    expect(fragmentsOf(PLAYLIST, 'http://127.0.0.1:8790/dvr/5_src/index.m3u8')).toEqual([
      { durationS: 4, url: 'http://127.0.0.1:8790/dvr/5_src/7.ts' },
      { durationS: 4.2, url: 'http://127.0.0.1:8790/dvr/5_src/8.ts' },
      { durationS: 3.8, url: 'http://127.0.0.1:8790/dvr/5_src/9.ts' },
      { durationS: 4, url: 'http://127.0.0.1:8790/dvr/5_src/10.ts' },
    ]);
  });

  it('takes the fewest last fragments holding the length, or all when they hold less', () => {
    const all = fragmentsOf(PLAYLIST, 'http://x/dvr/5_src/index.m3u8');
    expect(lastFragments(all, 4).map((f) => f.url.split('/').pop())).toEqual(['10.ts']);
    expect(lastFragments(all, 7.8).map((f) => f.url.split('/').pop())).toEqual(['9.ts', '10.ts']);
    expect(lastFragments(all, 8).map((f) => f.url.split('/').pop())).toEqual(['8.ts', '9.ts', '10.ts']);
    expect(lastFragments(all, 60)).toHaveLength(4);
    expect(lastFragments([], 15)).toEqual([]);
  });
});
