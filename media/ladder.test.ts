import { describe, expect, it } from 'vitest';
import {
  avcLevel,
  codecsOf,
  masterPlaylist,
  rungArgs,
  rungsFor,
  rungToDrop,
  rungVariant,
  sourceInfo,
  speedOver,
  type ProgressSample,
} from './ladder.ts';
import { parseLadder, type Rung } from './settings.ts';

const LADDER = parseLadder('720p30:2800k,480p30:1200k,360p30:700k', []);
const OBS = [
  {
    codec_type: 'video',
    codec_name: 'h264',
    profile: 'High',
    level: 31,
    width: 1280,
    height: 720,
    avg_frame_rate: '30/1',
  },
  { codec_type: 'audio', codec_name: 'aac', profile: 'LC' },
];

describe('the source', () => {
  it('reads size, frame rate and the CODECS string from ffprobe', () => {
    expect(sourceInfo(OBS)).toEqual({ width: 1280, height: 720, fps: 30, codecs: 'avc1.64001f,mp4a.40.2' });
    expect(
      codecsOf([
        { codec_type: 'video', codec_name: 'h264', profile: 'Constrained Baseline', level: 30 },
        { codec_type: 'audio', codec_name: 'aac', profile: 'HE-AAC' },
      ]),
    ).toBe('avc1.42e01e,mp4a.40.5');
    // A codec without a known name gives no CODECS at all (a half one would mislead the player).
    expect(codecsOf([{ codec_type: 'video', codec_name: 'hevc', profile: 'Main', level: 93 }])).toBeNull();
    expect(codecsOf([OBS[0]!, { codec_type: 'audio', codec_name: 'opus' }])).toBeNull();
    // FLV from RTMP often has no average rate: the nominal one, else 30.
    expect(sourceInfo([{ ...OBS[0]!, avg_frame_rate: '0/0', r_frame_rate: '60/1' }])?.fps).toBe(60);
    expect(sourceInfo([{ codec_type: 'audio' }])).toBeNull();
  });
});

describe('the rungs', () => {
  const source = (width: number, height: number) => ({ width, height, fps: 30, codecs: null });

  it('are never higher than the source; one of its height is made', () => {
    expect(rungsFor(LADDER, source(1280, 720)).map((r) => r.name)).toEqual(['720p', '480p', '360p']);
    expect(rungsFor(LADDER, source(854, 480)).map((r) => r.name)).toEqual(['480p', '360p']);
    expect(rungsFor(LADDER, source(1920, 1080)).map((r) => r.name)).toEqual(['720p', '480p', '360p']);
    expect(rungsFor(LADDER, source(320, 180))).toEqual([]);
  });

  it('keep the source’s aspect, hold the level and bitrate, and key frames on a grid of G seconds', () => {
    const r480 = LADDER[1]!;
    expect(rungVariant(r480, source(1280, 720), true)).toEqual({
      name: '480p',
      bandwidth: 1_296_000,
      width: 854,
      height: 480,
      fps: 30,
      codecs: 'avc1.64001f,mp4a.40.2',
    });
    expect(rungVariant(r480, source(640, 480), false)).toMatchObject({ width: 640, codecs: 'avc1.64001e' });
    expect(avcLevel(640, 360, 30)).toBe(30);
    expect(avcLevel(1280, 720, 30)).toBe(31);
    expect(avcLevel(1280, 720, 60)).toBe(32);
    expect(avcLevel(1920, 1080, 30)).toBe(40);
    const args = rungArgs({ rtmpPort: 1935, ladder: { preset: 'veryfast', gopS: 0.5 } }, 7, LADDER[0]!, {
      ...source(1920, 1080),
      fps: 60,
    });
    const flagValue = (flag: string) => args[args.indexOf(flag) + 1];
    expect(flagValue('-i')).toBe('rtmp://127.0.0.1:1935/media/7_src');
    expect(args.at(-1)).toBe('rtmp://127.0.0.1:1935/rungs/7_720p');
    expect(flagValue('-vf')).toBe('fps=30,scale=1280:720');
    expect(flagValue('-force_key_frames')).toBe(
      'expr:if(isnan(prev_forced_t),1,gte(floor(t/0.5),floor(prev_forced_t/0.5)+1))',
    );
    expect(flagValue('-sc_threshold')).toBe('0');
    expect(flagValue('-preset')).toBe('veryfast');
    expect(args).toContain('-copyts');
  });
});

describe('the master playlist', () => {
  it('lists each variant with BANDWIDTH, RESOLUTION, CODECS and FRAME-RATE, in the order given', () => {
    const text = masterPlaylist(9, [
      { name: '360p', bandwidth: 796_000, width: 640, height: 360, fps: 30, codecs: 'avc1.64001e,mp4a.40.2' },
      { name: 'src', bandwidth: 2_600_000, width: 1280, height: 720, fps: 29.97, codecs: 'avc1.64001f,mp4a.40.2' },
    ]);
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=796000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",FRAME-RATE=30.000',
        '9_360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=2600000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=29.970',
        '9_src/index.m3u8',
        '',
      ].join('\n'),
    );
    // A source ffprobe could not read: BANDWIDTH alone.
    expect(
      masterPlaylist(9, [{ name: 'src', bandwidth: 2_500_000, width: null, height: null, fps: null, codecs: null }]),
    ).toContain('#EXT-X-STREAM-INF:BANDWIDTH=2500000\n9_src/index.m3u8');
  });
});

describe('the starved transcoder', () => {
  /** Progress every 500 ms from `fromMs` to `toMs`, the output advancing `speed` seconds per second. */
  const progress = (fromMs: number, toMs: number, speed: number): ProgressSample[] =>
    Array.from({ length: (toMs - fromMs) / 500 + 1 }, (_, i) => ({
      atMs: fromMs + i * 500,
      outS: 100 + (i * speed) / 2,
    }));
  const rung = (name: string, height: number, speed: number, startedAtMs = 0) => ({
    name,
    height,
    startedAtMs,
    samples: progress(startedAtMs, 10_000, speed),
  });
  const rungs = (speed360: number) => [rung('720p', 720, 1), rung('480p', 480, 1), rung('360p', 360, speed360)];

  it('measures the speed over the window, not since the start', () => {
    const samples = [...progress(0, 5000, 0.2), ...progress(5500, 10_000, 1).map((s) => ({ ...s, outS: s.outS + 1 }))];
    expect(speedOver(samples, 10_000, 4000)).toBeCloseTo(1);
    expect(speedOver(samples.slice(-3), 10_000, 4000)).toBeNull();
  });

  it('drops the highest rung when any rung stays below the threshold, one at a time', () => {
    expect(rungToDrop(rungs(0.9), { nowMs: 10_000, minSpeed: 1 })).toEqual({ name: '720p', speed: 0.9 });
    // Keeping up: 1.0, or within the input's jitter of it.
    expect(rungToDrop(rungs(1), { nowMs: 10_000, minSpeed: 1 })).toBeNull();
    expect(rungToDrop(rungs(0.97), { nowMs: 10_000, minSpeed: 1 })).toBeNull();
    // A threshold above every speed drops (how the ingest test forces it); right after a drop, nothing more.
    expect(rungToDrop(rungs(1), { nowMs: 10_000, minSpeed: 50 })?.name).toBe('720p');
    expect(rungToDrop(rungs(0.5), { nowMs: 10_000, minSpeed: 1, lastDropAtMs: 8000 })).toBeNull();
    expect(rungToDrop(rungs(0.5).slice(1), { nowMs: 10_000, minSpeed: 1, lastDropAtMs: 4000 })?.name).toBe('480p');
    expect(rungToDrop([], { nowMs: 10_000, minSpeed: 50 })).toBeNull();
  });

  it('waits out the warm-up', () => {
    expect(rungToDrop([rung('360p', 360, 0.5, 7000)], { nowMs: 10_000, minSpeed: 1 })).toBeNull();
    expect(rungToDrop([rung('360p', 360, 0.5, 5000)], { nowMs: 10_000, minSpeed: 1 })?.name).toBe('360p');
  });
});

describe('MEDIA_LADDER', () => {
  const parse = (raw: string) => {
    const problems: string[] = [];
    const rungs: Rung[] = parseLadder(raw, problems);
    return { rungs, problems };
  };

  it('reads rungs highest first, with default bitrates and frame rates', () => {
    expect(parse('360p30:700k,720p60').rungs).toEqual([
      { name: '720p', height: 720, fps: 60, videoKbps: 2800 },
      { name: '360p', height: 360, fps: 30, videoKbps: 700 },
    ]);
    expect(parse('480p').rungs).toEqual([{ name: '480p', height: 480, fps: 30, videoKbps: 1200 }]);
    expect(parse('none')).toEqual({ rungs: [], problems: [] });
  });

  it('says what is wrong with each bad rung', () => {
    expect(parse('720x30').problems).toEqual([expect.stringContaining('"720x30"')]);
    expect(parse('721p30,100p30,480p90').problems).toHaveLength(3);
    expect(parse('480p:50k').problems).toEqual([expect.stringContaining('100k-20000k')]);
    expect(parse('480p,480p60').problems).toEqual(['MEDIA_LADDER: 480p is given twice']);
    expect(parse(' , ').problems.length).toBeGreaterThan(0);
  });
});
