/**
 * The watchdog of the browser's own HLS (attachHls with a fallback), on a stand-in element whose
 * state the test sets as Chromium's reported it: the decision is ours, the wedge is Chromium's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachHls, nativeWedged } from './engines.ts';

interface FakeVideo {
  currentTime: number;
  paused: boolean;
  readyState: number;
  error: null;
  networkState: number;
  NETWORK_NO_SOURCE: number;
  HAVE_NOTHING: number;
  src: string;
  canPlayType(): string;
  querySelectorAll(): never[];
  addEventListener(): void;
  removeEventListener(): void;
  removeAttribute(): void;
  load(): void;
  play(): Promise<void>;
}

const video = (): FakeVideo => ({
  currentTime: 0,
  paused: false,
  readyState: 0,
  error: null,
  networkState: 2,
  NETWORK_NO_SOURCE: 3,
  HAVE_NOTHING: 0,
  src: '',
  canPlayType: () => 'maybe',
  querySelectorAll: () => [],
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  removeAttribute: () => undefined,
  load: () => undefined,
  play: () => Promise.resolve(),
});

const page = { visibilityState: 'visible', baseURI: 'http://localhost/' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('document', page);
  // Chromium's: hls.js can take over.
  vi.stubGlobal('MediaSource', class {});
  page.visibilityState = 'visible';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function attach(v: FakeVideo) {
  const onFallback = vi.fn();
  const onFatal = vi.fn();
  const engine = await attachHls(v as unknown as HTMLVideoElement, '/media/t/hls/1.m3u8', false, onFatal, { onFallback, onEngine: vi.fn() });
  return { engine, onFallback, onFatal };
}

describe("the browser's own HLS: when hls.js takes over", () => {
  it('holding data, seen and unpaused, with the playhead at 0 for 2 s: wedged', async () => {
    const v = video();
    const { engine, onFallback } = await attach(v);
    v.readyState = 4; // HAVE_ENOUGH_DATA, as Chromium said while buffered from 2 s with the playhead at 0
    await vi.advanceTimersByTimeAsync(1750);
    expect(onFallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(onFallback).toHaveBeenCalledWith('native HLS held data for 2 s without starting');
    engine.destroy();
  });

  it('a start that leaves 0 is left alone, however long it held data before', async () => {
    const v = video();
    const { engine, onFallback } = await attach(v);
    v.readyState = 4;
    await vi.advanceTimersByTimeAsync(1500);
    v.currentTime = 2.9; // Chromium's own jump to the buffered start
    await vi.advanceTimersByTimeAsync(20_000);
    v.currentTime = 0; // the demo's loop starting over, much later
    await vi.advanceTimersByTimeAsync(20_000);
    expect(onFallback).not.toHaveBeenCalled();
    engine.destroy();
  });

  it('owes no frame while paused (autoplay refused) or unseen (a background tab)', async () => {
    const v = video();
    const { engine, onFallback } = await attach(v);
    v.readyState = 4;
    v.paused = true;
    await vi.advanceTimersByTimeAsync(5000);
    v.paused = false;
    page.visibilityState = 'hidden';
    await vi.advanceTimersByTimeAsync(2500);
    expect(onFallback).not.toHaveBeenCalled();
    page.visibilityState = 'visible';
    await vi.advanceTimersByTimeAsync(2250);
    expect(onFallback).toHaveBeenCalledOnce();
    engine.destroy();
  });

  it('no data 8 s after it was attached (a request that stalls, no error): no frame', async () => {
    const v = video();
    const { engine, onFallback } = await attach(v);
    await vi.advanceTimersByTimeAsync(7750);
    expect(onFallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(onFallback).toHaveBeenCalledWith('native HLS showed no frame in 8 s');
    engine.destroy();
  });

  it('a destroyed engine never hands over', async () => {
    const v = video();
    const { engine, onFallback } = await attach(v);
    engine.destroy();
    v.readyState = 4;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onFallback).not.toHaveBeenCalled();
  });
});

describe('nativeWedged', () => {
  it('is never where hls.js could not take over (no MediaSource: an older iPhone)', () => {
    vi.stubGlobal('MediaSource', undefined);
    expect(nativeWedged({ currentTime: 0, paused: false, readyState: 4 }, true)).toBe(false);
    vi.stubGlobal('ManagedMediaSource', class {});
    expect(nativeWedged({ currentTime: 0, paused: false, readyState: 4 }, true)).toBe(true);
  });

  it('is the state Chromium was found in, and nothing near it', () => {
    const wedged = { currentTime: 0, paused: false, readyState: 4 };
    expect(nativeWedged(wedged, true)).toBe(true);
    expect(nativeWedged({ ...wedged, readyState: 2 }, true)).toBe(true);
    expect(nativeWedged({ ...wedged, readyState: 1 }, true)).toBe(false);
    expect(nativeWedged({ ...wedged, currentTime: 0.04 }, true)).toBe(false);
    expect(nativeWedged({ ...wedged, paused: true }, true)).toBe(false);
    expect(nativeWedged(wedged, false)).toBe(false);
  });
});
