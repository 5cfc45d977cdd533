/**
 * Which HLS engine plays, and the watchdog of the browser's own HLS (attachHls with a fallback), on
 * a stand-in element whose state the test sets as Chromium's reported it: the decision is ours, the
 * wedge is Chromium's. hls.js itself needs MediaSource, which node has not: its engine module
 * stands in as one that attaches, and says it was asked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DATA_MARK } from '../../../domain/live-video.ts';
import { attachHls, nativeWedged, STALL_MS, watchStall } from './engines.ts';

const hlsJs = vi.hoisted(() =>
  vi.fn(async () => ({ name: 'hls.js' as const, play: () => undefined, destroy: () => undefined })),
);
vi.mock('./hls-engine.ts', () => ({ hlsJs }));

const URL_ = '/media/t/hls/1.m3u8';

interface FakeSource {
  src: string;
  addEventListener(): void;
  removeEventListener(): void;
  remove(): void;
}
/** The live page's `<source>` of the stream, as the worker writes it. */
const pageSource = (): FakeSource => ({
  src: `http://localhost${URL_}`,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  remove: () => undefined,
});

interface FakeVideo {
  currentTime: number;
  paused: boolean;
  ended: boolean;
  duration: number;
  listeners: Map<string, Set<() => void>>;
  emit(type: string): void;
  readyState: number;
  error: null;
  networkState: number;
  NETWORK_NO_SOURCE: number;
  HAVE_NOTHING: number;
  src: string;
  sources: FakeSource[];
  canPlayType(): string;
  querySelectorAll(): FakeSource[];
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  removeAttribute(): void;
  load(): void;
  play(): Promise<void>;
}

/** The live page's element as the worker wrote it: with the stream's `<source>` (the demo's). */
const video = (): FakeVideo => ({
  sources: [pageSource()],
  currentTime: 0,
  paused: false,
  ended: false,
  // A live's, as Chromium gives it.
  duration: Infinity,
  listeners: new Map(),
  emit(this: FakeVideo, type: string) {
    for (const l of this.listeners.get(type) ?? []) l();
  },
  readyState: 0,
  error: null,
  networkState: 2,
  NETWORK_NO_SOURCE: 3,
  HAVE_NOTHING: 0,
  src: '',
  canPlayType: () => 'maybe',
  querySelectorAll(this: FakeVideo) {
    return this.sources;
  },
  addEventListener(this: FakeVideo, type: string, listener: () => void) {
    this.listeners.set(type, (this.listeners.get(type) ?? new Set()).add(listener));
  },
  removeEventListener(this: FakeVideo, type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  },
  removeAttribute: () => undefined,
  load: () => undefined,
  play: () => Promise.resolve(),
});

/** Plays for `ms`: the playhead moves with the clock, a tick (250 ms) at a time. */
async function playFor(v: FakeVideo, ms: number) {
  for (let t = 0; t < ms; t += 250) {
    v.currentTime += 0.25;
    await vi.advanceTimersByTimeAsync(250);
  }
}

const page = { visibilityState: 'visible', baseURI: 'http://localhost/' };
/** When the page marked its video's first data (after-first-frame.ts), in ms; no mark when null. */
let dataMarkAt: number | null = null;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('document', page);
  // Chromium's: hls.js can take over.
  vi.stubGlobal('MediaSource', class {});
  page.visibilityState = 'visible';
  dataMarkAt = null;
  performance.getEntriesByName = ((name: string) =>
    name === LIVE_DATA_MARK && dataMarkAt !== null
      ? [{ startTime: dataMarkAt }]
      : []) as typeof performance.getEntriesByName;
});
afterEach(() => {
  hlsJs.mockClear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function attach(v: FakeVideo) {
  const onFallback = vi.fn();
  const onFatal = vi.fn();
  const engine = await attachHls(v as unknown as HTMLVideoElement, URL_, onFatal, {
    onFallback,
    onEngine: vi.fn(),
  });
  return { engine, onFallback, onFatal };
}

describe('which engine plays HLS', () => {
  it("hls.js wherever MediaSource exists, unless the page wrote the stream's <source> (the demo's)", async () => {
    const v = video();
    v.sources = [];
    const { engine, onFallback } = await attach(v);
    expect(engine.name).toBe('hls.js');
    expect(hlsJs).toHaveBeenCalledExactlyOnceWith(v, URL_, expect.any(Function), expect.any(Function), -1);
    expect(onFallback).not.toHaveBeenCalled();

    hlsJs.mockClear();
    const written = await attach(video());
    expect(written.engine.name).toBe('native-hls');
    expect(hlsJs).not.toHaveBeenCalled();
    written.engine.destroy();
  });

  it("the browser's own without MediaSource (an older iPhone), and where hls.js refuses the stream", async () => {
    vi.stubGlobal('MediaSource', undefined);
    const v = video();
    v.sources = [];
    expect((await attach(v)).engine.name).toBe('native-hls');
    expect(hlsJs).not.toHaveBeenCalled();

    vi.stubGlobal('MediaSource', class {});
    hlsJs.mockRejectedValueOnce(new Error('mse unsupported'));
    const refused = await attach(v);
    expect(refused.engine.name).toBe('native-hls');
    expect(v.src).toBe(URL_);
  });
});

describe("the browser's own HLS: when hls.js takes over", () => {
  // HAVE_CURRENT_DATA: a frame, and nothing said about more; HAVE_ENOUGH_DATA: as Chromium said while
  // buffered from 2 s with the playhead at 0.
  it.each([
    [2, 2000],
    [4, 1000],
  ])(
    'holding data (readyState %i), seen and unpaused, with the playhead at 0 for %i ms: wedged',
    async (readyState, limit) => {
      const v = video();
      const { engine, onFallback } = await attach(v);
      v.readyState = readyState;
      await vi.advanceTimersByTimeAsync(limit - 250);
      expect(onFallback).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(250);
      expect(onFallback).toHaveBeenCalledWith(`native HLS held data for ${limit} ms without starting`);
      engine.destroy();
    },
  );

  it(
    "adopting the page's <source>, wedged at the first look: counted from the page's mark of its first data, " +
      'handed over at once',
    async () => {
      await vi.advanceTimersByTimeAsync(3000);
      dataMarkAt = performance.now() - 1250; // loadeddata 1.25 s ago; the page's script came after
      const v = video();
      v.sources = [pageSource()];
      v.readyState = 4;
      const { engine, onFallback } = await attach(v);
      expect(onFallback).toHaveBeenCalledWith('native HLS held data for 1250 ms without starting');
      engine.destroy();
    },
  );

  it("the page's mark counts not after a first look that was not wedged", async () => {
    await vi.advanceTimersByTimeAsync(3000);
    dataMarkAt = performance.now() - 1200;
    const paused = video();
    paused.sources = [pageSource()];
    paused.readyState = 4;
    paused.paused = true; // autoplay refused: no frame owed
    const second = await attach(paused);
    await vi.advanceTimersByTimeAsync(250);
    paused.paused = false; // the viewer presses play
    await vi.advanceTimersByTimeAsync(750);
    expect(second.onFallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(250);
    expect(second.onFallback).toHaveBeenCalledWith('native HLS held data for 1000 ms without starting');
    second.engine.destroy();
  });

  it('a start that leaves 0 is left alone, however long it held data before', async () => {
    const v = video();
    const { engine, onFallback } = await attach(v);
    v.readyState = 3; // HAVE_FUTURE_DATA
    await vi.advanceTimersByTimeAsync(1500);
    v.currentTime = 2.9; // Chromium's own jump to the buffered start
    await playFor(v, 20_000);
    v.currentTime = 0; // the demo's loop starting over, much later
    v.readyState = 4;
    await playFor(v, 20_000);
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

describe("the browser's own HLS, once it has played: standing still", () => {
  it('for 6 s, unpaused and seen, with nothing fetched: hls.js takes over, and says where it stood', async () => {
    const v = video();
    const { engine, onFallback, onFatal } = await attach(v);
    v.readyState = 4;
    await playFor(v, 2000);
    // As Chromium's did in an e2e run: it played 2 s of a live and never asked for more.
    v.readyState = 2;
    await vi.advanceTimersByTimeAsync(STALL_MS - 250);
    expect(onFallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(250);
    expect(onFallback).toHaveBeenCalledWith('native HLS stood still at 2.00 s for 6 s, fetching nothing');
    // Not a failure of the stream: the player shows no error; hls.js goes on from the live's position.
    expect(onFallback).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(0);
    expect(hlsJs).toHaveBeenCalledExactlyOnceWith(v, URL_, onFatal, expect.any(Function), -1);
    expect(onFatal).not.toHaveBeenCalled();
    engine.destroy();
  });

  it('never where hls.js could not take over (no MediaSource: an older iPhone)', async () => {
    vi.stubGlobal('MediaSource', undefined);
    const v = video();
    const { engine, onFallback, onFatal } = await attach(v);
    v.readyState = 4;
    await playFor(v, 2000);
    await vi.advanceTimersByTimeAsync(3 * STALL_MS);
    expect(onFallback).not.toHaveBeenCalled();
    expect(onFatal).not.toHaveBeenCalled();
    engine.destroy();
  });

  it('while it fetches (a slow network: segments still arriving), or paused, or unseen: it waits', async () => {
    const v = video();
    const { engine, onFallback } = await attach(v);
    v.readyState = 4;
    await playFor(v, 1000);
    for (let t = 0; t < 20_000; t += 1000) {
      v.emit('progress');
      await vi.advanceTimersByTimeAsync(1000);
    }
    v.paused = true;
    await vi.advanceTimersByTimeAsync(20_000);
    v.paused = false;
    page.visibilityState = 'hidden';
    await vi.advanceTimersByTimeAsync(20_000);
    expect(onFallback).not.toHaveBeenCalled();
    engine.destroy();
  });
});

describe('watchStall', () => {
  it('says so once per stall: again only after the playhead has moved 1 s by playing, not by a jump', async () => {
    const v = video();
    let fetchedAt = 0;
    const onStall = vi.fn();
    const stop = watchStall(v, () => fetchedAt, onStall);
    v.currentTime = 5;
    await vi.advanceTimersByTimeAsync(250);
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(onStall).toHaveBeenCalledExactlyOnceWith(5);
    // Restarted at a live's position: a jump, and no play; an encoder that went away.
    v.currentTime = 30;
    await vi.advanceTimersByTimeAsync(3 * STALL_MS);
    expect(onStall).toHaveBeenCalledOnce();
    await playFor(v, 1000);
    fetchedAt = performance.now() + 2000; // a fetch 2 s later puts the next one off
    await vi.advanceTimersByTimeAsync(STALL_MS + 1750);
    expect(onStall).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(250);
    expect(onStall).toHaveBeenCalledTimes(2);
    expect(onStall).toHaveBeenLastCalledWith(31);
    stop();
  });

  it('an ended video is not stalled', async () => {
    const v = video();
    v.currentTime = 12;
    v.ended = true;
    const onStall = vi.fn();
    const stop = watchStall(v, () => 0, onStall);
    await vi.advanceTimersByTimeAsync(3 * STALL_MS);
    expect(onStall).not.toHaveBeenCalled();
    stop();
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
