/**
 * Playback engines, each loaded on demand so only pages that play pay for them, and only the one
 * the stream needs: hls → hls.js where MediaSource exists (qualities, Auto, a live's latency:
 * hls-engine.ts), the browser's own HLS without it and for the page's written `<source>`;
 * bp_flv and the low-latency mode → mpegts.js (flv-engine.ts); ivs → the Amazon IVS web player (npm `amazon-ivs-player`, its wasm worker
 * and binary served from our origin: see ivs-engine.ts). When the IVS player is unsupported, never
 * starts, or fails before it plays, the stream (an HLS playlist) falls back to HLS playback as
 * above and the fallback is reported (reportClientIssue), so the viewer still sees video.
 */
import { HLS_TYPE, LIVE_DATA_MARK, type StreamFormat } from '../../../domain/live-video.ts';

export type { StreamFormat };

/** How long the browser's own HLS may show no frame, without an error, before hls.js takes over. */
const NATIVE_START_MS = 8000;
/**
 * How long it may hold data to play, visibly and unpaused, with the playhead still at 0. Chromium's
 * sometimes never starts a live (an ingest live joined on a busy machine, 3 loads of 8 in
 * docs/BENCHMARKS.md "A real ingest live's first frame", defect 2): it says HAVE_ENOUGH_DATA, buffers from 2 s
 * with the playhead at 0, asks for nothing more, and a seek does not free it.
 */
const NATIVE_WEDGE_MS = 2000;
/**
 * The same while it says HAVE_ENOUGH_DATA: it could play through and does not start. A slow but
 * healthy start waits below that state (a slow network), so this can be shorter.
 */
const NATIVE_WEDGE_ENOUGH_MS = 1000;
const NATIVE_WATCH_EVERY_MS = 250;
/**
 * How long a video that should be playing (unpaused, seen, not ended) may stand still while its
 * engine fetches nothing before the engine is replaced. A live waits a segment (1 s from our media
 * server) for the next one. Seen in e2e runs on a busy machine: Chromium's own HLS played 2 s of a
 * live and never asked for its playlist again; hls.js, having taken over at a live's first
 * segment, buffered it and then asked for nothing for 18 s. Neither reported an error.
 */
export const STALL_MS = 6000;
/** How far the playhead must have moved by playing (not jumped) before a new stall counts. */
const PLAYED_AGAIN_S = 1;
/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame is there to present. */
const HAVE_CURRENT_DATA = 2;
/** HTMLMediaElement.HAVE_ENOUGH_DATA. */
const HAVE_ENOUGH_DATA = 4;

/** Which engine plays; the player shows it as `data-engine` (tests, support). */
export type EngineName = 'ivs' | 'hls.js' | 'native-hls' | 'mpegts';

export interface Engine {
  name: EngineName;
  /** Starts playback (muted autoplay; a refusal by the browser is not an error). */
  play(): void;
  destroy(): void;
  /** A live's distance from its playlist's edge (hls.js's latency), s; absent or null when the engine cannot tell. */
  latency?: () => number | null;
}

export interface EngineEvents {
  /** Playback failed for good: the player shows its error. */
  onFatal(): void;
  /** The engine changed after the first one gave up (IVS → hls.js). */
  onEngine(name: EngineName): void;
  /** Why the preferred engine gave up; the caller reports it. */
  onFallback(reason: string): void;
  /** Why the engine was started again (it stood still, fetching nothing); the caller reports it. */
  onRestart(reason: string): void;
}

export async function attachEngine(
  video: HTMLVideoElement,
  format: StreamFormat,
  url: string,
  events: EngineEvents,
): Promise<Engine> {
  if (format === 'bp_flv') return attachFlv(video, url, events.onFatal);
  if (format === 'ivs') {
    const { attachIvs } = await import('./ivs-engine.ts');
    return attachIvs(video, url, events, () => attachHls(video, url, events.onFatal, { onRestart: events.onRestart }));
  }
  return attachHls(video, url, events.onFatal, events);
}

async function attachFlv(video: HTMLVideoElement, url: string, onFatal: () => void): Promise<Engine> {
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) throw new Error('mse unsupported');
  // Low latency without starving (docs/BENCHMARKS.md, glass-to-glass): no IO stash (it holds up to
  // 384 KB, seconds of a live, before the demuxer sees them); the element may hold up to 2.5 s
  // before catching up: past 2.5 s (a GOP cache hands a new viewer up to a GOP at once) it plays at
  // 1.2× down to 1.5 s, and only past 5 s (after a stall) it jumps to 1.5 s before the end. Data
  // that arrives as it is made leaves it far below that (0.2-0.8 s, ~0.4 s glass to glass); the
  // margin is for a network that delivers in bursts (draining to 0.8 s ran dry between the ~1.5 s
  // bursts of a compressed stream), and jumping at mpegts.js's default 1.5 s made a busy machine
  // skip most frames.
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url },
    {
      enableStashBuffer: false,
      liveSync: true,
      liveSyncMaxLatency: 2.5,
      liveSyncTargetLatency: 1.5,
      liveBufferLatencyChasing: true,
      liveBufferLatencyMaxLatency: 5,
      liveBufferLatencyMinRemain: 1.5,
    },
  );
  player.on(mpegts.Events.ERROR, onFatal);
  player.attachMediaElement(video);
  player.load();
  return { name: 'mpegts', play: () => playMedia(video), destroy: () => player.destroy() };
}

/**
 * HLS: the browser's own where it has one, else hls.js. With `onEngine` and `onFallback`: when the
 * browser's own gives up before the first picture (Chromium's refuses a live's first segment when audio starts before
 * the
 * first video frame, as an encoder's first second often does), has shown none NATIVE_START_MS
 * after it was attached without giving up (a stalled request: no error ever comes), holds data
 * without starting (nativeWedged), or later stands still fetching nothing (watchStall), hls.js
 * takes over and says so. hls.js that stands still so is started again (`onRestart`).
 */
export async function attachHls(
  video: HTMLVideoElement,
  url: string,
  onFatal: () => void,
  events: Partial<Pick<EngineEvents, 'onEngine' | 'onFallback' | 'onRestart'>> = {},
): Promise<Engine> {
  const onRestart = events.onRestart ?? (() => undefined);
  // hls.js wherever it can play (MediaSource): only it gives the quality menu, Auto that leaves the
  // encoder's own rendition out, and a live's latency held (hls-engine.ts); the browser's own HLS
  // (Safari, Chromium's) gives neither. The browser's own only without MediaSource (an older
  // iPhone), and for the `<source>` the page wrote (the demo's one rendition, which it was playing
  // since the page was parsed: docs/BENCHMARKS.md, first frame).
  if (!video.canPlayType(HLS_TYPE) || (mediaSourceExists() && !pageSource(video, url)))
    return hlsJs(video, url, onFatal, onRestart).catch((e: unknown) =>
      video.canPlayType(HLS_TYPE) ? nativeHls(video, url, onFatal) : Promise.reject(e),
    );
  const { onEngine, onFallback } = events;
  if (!onEngine || !onFallback) return nativeHls(video, url, onFatal);
  let current: Engine | null = null;
  let destroyed = false;
  let handedOver = false;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  let stopStallWatch = () => undefined as void;
  const takeOver = (reason: string, stoodStill = false) => {
    clearInterval(watchdog);
    stopStallWatch();
    if (destroyed || handedOver) return;
    // Once it has played, a failure is the stream's, not the engine's (standing still is the engine's).
    if (video.currentTime > 0 && !stoodStill) return onFatal();
    handedOver = true;
    onFallback(reason);
    // A recording goes on where it stood; a live (no end) from hls.js's own live position.
    const from = stoodStill && Number.isFinite(video.duration) ? video.currentTime : -1;
    current?.destroy();
    hlsJs(video, url, onFatal, onRestart, from).then((engine) => {
      if (destroyed) return engine.destroy();
      current = engine;
      onEngine(engine.name);
      engine.play();
    }, onFatal);
  };
  const failed = () => takeOver(`native HLS failed before playing: ${video.error?.message ?? 'error'}`);
  const attachedAt = performance.now();
  // The live page loads this only once its video held data for a while with no frame shown
  // (after-first-frame.ts): adopting the page's <source> and wedged at the first look (at once),
  // it has been since the page's mark of that data.
  const since = pageSource(video, url) ? () => sinceMark(LIVE_DATA_MARK) : () => 0;
  let stuckMs = -1;
  const look = () => {
    // Once the playhead moves, it plays: from then on only standing still (below) hands over.
    if (video.currentTime > 0) return clearInterval(watchdog);
    const wedged = nativeWedged(video, document.visibilityState === 'visible');
    stuckMs = !wedged ? 0 : stuckMs < 0 ? since() : stuckMs + NATIVE_WATCH_EVERY_MS;
    const limit = video.readyState >= HAVE_ENOUGH_DATA ? NATIVE_WEDGE_ENOUGH_MS : NATIVE_WEDGE_MS;
    if (stuckMs >= limit) takeOver(`native HLS held data for ${Math.round(stuckMs)} ms without starting`);
    else if (performance.now() - attachedAt >= NATIVE_START_MS && video.readyState < HAVE_CURRENT_DATA)
      takeOver(`native HLS showed no frame in ${NATIVE_START_MS / 1000} s`);
  };
  watchdog = setInterval(look, NATIVE_WATCH_EVERY_MS);
  // The element's 'progress' is its fetching: Chromium's own HLS fires it as segments arrive.
  let fetchedAt = 0;
  const fetched = () => void (fetchedAt = performance.now());
  video.addEventListener('progress', fetched);
  // At 0 it has not started: the watchdog above decides. Never where hls.js could not take over (no
  // MediaSource: an older iPhone's Safari), which would turn a long stall into an error.
  if (mediaSourceExists())
    stopStallWatch = watchStall(
      video,
      () => fetchedAt,
      (at) => {
        if (at > 0)
          takeOver(`native HLS stood still at ${at.toFixed(2)} s for ${STALL_MS / 1000} s, fetching nothing`, true);
      },
    );
  current = nativeHls(video, url, failed);
  // A demuxer's refusal reports on the element even when a <source> was playing; it may have
  // happened before this was attached (the live page loads this after the first frame or a failure).
  video.addEventListener('error', failed, { once: true });
  if (video.error) queueMicrotask(failed);
  look();
  return {
    name: 'native-hls',
    play: () => current?.play(),
    destroy: () => {
      destroyed = true;
      clearInterval(watchdog);
      stopStallWatch();
      video.removeEventListener('progress', fetched);
      video.removeEventListener('error', failed);
      current?.destroy();
    },
  };
}

/**
 * Whether the browser's own HLS looks wedged at this moment: it holds data to play, the page is seen
 * and the video is not paused (autoplay refused, the viewer's pause: no frame is owed), yet the
 * playhead has not left 0. A healthy start leaves 0 within a frame or two of having data. Never
 * where hls.js could not take over (no MediaSource: an older iPhone's Safari), which would turn a
 * slow start into an error.
 */
export function nativeWedged(
  video: Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'readyState'>,
  visible: boolean,
): boolean {
  return (
    visible && !video.paused && video.readyState >= HAVE_CURRENT_DATA && video.currentTime === 0 && mediaSourceExists()
  );
}

/** ms since the page's User Timing mark `name`, or 0 without one. */
function sinceMark(name: string): number {
  const mark = performance.getEntriesByName(name, 'mark')[0];
  return mark ? performance.now() - mark.startTime : 0;
}

function mediaSourceExists(): boolean {
  const g = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return typeof g.MediaSource === 'function' || typeof g.ManagedMediaSource === 'function';
}

/**
 * A video that should be playing (unpaused, the page seen, not ended) whose playhead has not moved
 * for STALL_MS while `fetched()` (ms of the engine's last fetch) says nothing was fetched in that
 * time: `onStall(where)`, once per stall: again only after the playhead has moved PLAYED_AGAIN_S by
 * playing (a restart's jump does not count), so a live whose encoder went away (nothing to fetch
 * until it ends) is restarted once, not in a loop. Returns the stop.
 */
export function watchStall(
  video: Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'ended'>,
  fetched: () => number,
  onStall: (at: number) => void,
): () => void {
  let last = video.currentTime;
  let still = performance.now();
  let armed = true;
  let played = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const moved = video.currentTime - last;
    last = video.currentTime;
    if (moved > 0 && moved < 2) played += moved;
    if (played >= PLAYED_AGAIN_S) armed = true;
    if (moved !== 0 || video.paused || video.ended || document.visibilityState !== 'visible') {
      still = now;
      return;
    }
    if (armed && now - Math.max(still, fetched()) >= STALL_MS) {
      armed = false;
      played = 0;
      onStall(last);
    }
  }, NATIVE_WATCH_EVERY_MS);
  return () => clearInterval(timer);
}

async function hlsJs(
  video: HTMLVideoElement,
  url: string,
  onFatal: () => void,
  onRestart: (reason: string) => void,
  from = -1,
): Promise<Engine> {
  const { hlsJs: attach } = await import('./hls-engine.ts');
  return attach(video, url, onFatal, onRestart, from);
}

/**
 * The browser's own HLS. A `<source>` of that URL already in the element (the live page's, from
 * the worker) is playing since the page was parsed: it is adopted, not loaded again.
 */
function nativeHls(video: HTMLVideoElement, url: string, onFatal: () => void): Engine {
  const written = pageSource(video, url);
  if (!written) video.src = url;
  // A failing <source> reports on itself, a failing src on the element.
  const failed = written ?? video;
  failed.addEventListener('error', onFatal);
  // A written <source> that already failed (before this was attached) left the element without one.
  if (written && video.networkState === video.NETWORK_NO_SOURCE && video.readyState === video.HAVE_NOTHING)
    queueMicrotask(onFatal);
  return {
    name: 'native-hls',
    play: () => playMedia(video),
    destroy: () => {
      failed.removeEventListener('error', onFatal);
      written?.remove();
      video.removeAttribute('src');
      video.load();
    },
  };
}

/** The `<source>` of `url` the page wrote into the element (the live page's, from the worker), if any. */
function pageSource(video: HTMLVideoElement, url: string): HTMLSourceElement | undefined {
  const href = new URL(url, document.baseURI).href;
  return Array.from(video.querySelectorAll('source')).find((s) => s.src === href);
}

export function playMedia(video: HTMLVideoElement): void {
  void video.play().catch(() => undefined);
}
