/**
 * The viewer's choice of quality and mode: what a pick means on a given stream, how the media
 * server's variants are named, how far behind the edge hls.js plays, and what is remembered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  onChoice,
  playbackChoice,
  releaseChoice,
  rememberedLowLatency,
  rememberedQuality,
  selectQuality,
  setLowLatency,
  type Quality,
} from './playback-choice.ts';
import { autoRung, byHeight, heightOf, liveTargets, matchQuality, variantQuality } from './quality-pick.ts';

const q = (id: string, height: number | null, source = false): Quality => ({ id, height, source });
/** A 1280×720 push on the default ladder (media/): the source and three rungs. */
const LADDER = [q('src', 720, true), q('720p', 720), q('480p', 480), q('360p', 360)];

describe('the media server’s variants as qualities', () => {
  it('names each by its NAME, else by the rung its playlist is named after, else by its height', () => {
    expect(variantQuality({ url: ['https://x.example/media/T/hls/7_480p/index.m3u8'], height: 480 }, 2)).toEqual(
      q('480p', 480),
    );
    expect(variantQuality({ url: ['/media/T/hls/7_src/index.m3u8?x=1'], height: 720 }, 3)).toEqual(q('src', 720, true));
    expect(variantQuality({ name: 'src', url: ['a.m3u8'], height: 1080 }, 0)).toEqual(q('src', 1080, true));
    // Today's one variant has no RESOLUTION: hls.js says height 0.
    expect(variantQuality({ url: ['/media/T/hls/7.m3u8'], height: 0 }, 0)).toEqual(q('level0', null));
    expect(variantQuality({ name: 'a name with spaces', url: ['v/index.m3u8'], height: 360 }, 1)).toEqual(
      q('360p', 360),
    );
  });

  it('lists them highest first, the source before the rung of its own height', () => {
    expect(byHeight([q('360p', 360), q('720p', 720), q('src', 720, true), q('480p', 480)]).map((x) => x.id)).toEqual([
      'src',
      '720p',
      '480p',
      '360p',
    ]);
  });
});

describe('what a remembered pick means on another stream', () => {
  it('the same id, else the same height, else the highest below it; Auto and unknown names: none', () => {
    expect(matchQuality(LADDER, '480p')).toEqual(q('480p', 480));
    expect(matchQuality(LADDER, 'src')).toEqual(q('src', 720, true));
    // An IVS pick ('720p60') on our ladder, and a 720p pick on a 480p push (no 720 rung).
    expect(matchQuality(LADDER, '720p60')).toEqual(q('720p', 720));
    expect(matchQuality([q('src', 480, true), q('480p', 480), q('360p', 360)], '720p')).toEqual(q('480p', 480));
    expect(matchQuality(LADDER, '240p')).toBeNull();
    expect(matchQuality(LADDER, 'auto')).toBeNull();
    expect(matchQuality(LADDER, 'Source')).toBeNull();
    expect(heightOf('1080p60')).toBe(1080);
    expect(heightOf('src')).toBeNull();
  });

  it('Auto where nothing adapts (the low-latency mode) is the highest transcoded rung, the source only alone', () => {
    expect(autoRung(LADDER)).toEqual(q('720p', 720));
    expect(autoRung([q('src', 1080, true), q('360p', 360)])).toEqual(q('360p', 360));
    expect(autoRung([q('src', 720, true)])).toEqual(q('src', 720, true));
    expect(autoRung([])).toBeNull();
  });
});

describe("a live's distance from the edge (hls.js)", () => {
  it('one fragment behind, jumping back only three target durations further', () => {
    // A rung: 0.5-s fragments, EXT-X-TARGETDURATION 1.
    expect(liveTargets(0.5, 1)).toEqual({ sync: 0.5, max: 3.5 });
    // The encoder's own with OBS's 2-s keyframes.
    expect(liveTargets(2, 2)).toEqual({ sync: 2, max: 8 });
    // Rungs of 0.25-s fragments; never closer than 0.3 s; an unknown average falls back to the target duration.
    expect(liveTargets(0.25, 1)).toEqual({ sync: 0.3, max: 3.3 });
    expect(liveTargets(0.1, 1)).toEqual({ sync: 0.3, max: 3.3 });
    expect(liveTargets(Number.NaN, 2)).toEqual({ sync: 2, max: 8 });
  });
});

describe('the choice', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is remembered, and reaches the engine playing', () => {
    expect(rememberedQuality()).toBe('auto');
    expect(rememberedLowLatency()).toBe(false);
    const picked = vi.fn();
    onChoice('quality', picked);
    selectQuality('360p');
    expect(picked).toHaveBeenCalledWith('360p');
    expect(playbackChoice.get().selected).toBe('360p');
    expect(rememberedQuality()).toBe('360p');
    setLowLatency(true);
    expect(rememberedLowLatency()).toBe(true);
    expect(playbackChoice.get().lowLatency).toBe(true);
    setLowLatency(false);
    expect(store.get('player.lowLatency')).toBe('0');
  });

  it("an engine going down takes its own handler away, never the next engine's", () => {
    const old = vi.fn();
    const next = vi.fn();
    onChoice('quality', old);
    onChoice('quality', next);
    releaseChoice('quality', old);
    selectQuality('480p');
    expect(next).toHaveBeenCalledWith('480p');
    releaseChoice('quality', next);
    selectQuality('auto');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('holds for the page where nothing can be stored', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => selectQuality('480p')).not.toThrow();
    expect(rememberedQuality()).toBe('auto');
    expect(playbackChoice.get().selected).toBe('480p');
  });
});
