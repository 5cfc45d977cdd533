/**
 * Rewinding a live (docs/ARCHITECTURE.md "Rewind"). At the edge the live page's engine plays
 * (live-start.ts: hls.js on the short edge playlists, or HTTP-FLV in the low-latency mode); a seek
 * back stops it (holdLive) and plays the live's DVR playlists (dvr/{id}.m3u8: the same renditions
 * in 4-s fragments, up to MEDIA_REWIND_S long) with hls.js of its own, and LIVE (or a seek to the
 * edge) takes it down and starts the edge engine again (resumeLive). The low-latency mode only
 * ever plays at the edge.
 *
 * It also says where the viewer's picture is in wall time (src/stores/playhead.ts, and
 * `data-behind-s` on the player) a few times a second while it plays; rewind.ts behindOf says how.
 * Loaded with the live's seek bar (LiveSeek.tsx), after the player hydrated.
 */
import type Hls from 'hls.js';
import { setPlayhead } from '../../stores/playhead.ts';
import { playMedia } from './engines.ts';
import { holdLive, liveEngine, liveSource, resumeLive } from './live-start.ts';
import { onChoice, rememberedQuality, releaseChoice, reportPlayback, type Quality } from './playback-choice.ts';
import { byHeight, matchQuality, variantQuality } from './quality-pick.ts';
import {
  behindOf,
  dvrMasterOf,
  dvrTimeFor,
  firstVariant,
  PIPELINE_S,
  playlistSpanS,
  seekBy,
  seekTo,
  windowNow,
  type SeekDecision,
} from './rewind.ts';

export interface RewindState {
  /** The live has DVR playlists and this browser can play them (MediaSource). */
  available: boolean;
  /** Following the edge (the edge engine), or rewound (the DVR). */
  atEdge: boolean;
  /** The viewer's distance behind the real moment, s (null: not playing, or unknown). */
  behindS: number | null;
  /** How far back the viewer can go now, s. */
  windowS: number;
}

const IDLE: RewindState = { available: false, atEdge: true, behindS: null, windowS: 0 };
let state: RewindState = IDLE;
const listeners = new Set<() => void>();

function update(next: Partial<RewindState>): void {
  const merged = { ...state, ...next };
  if (
    merged.available === state.available &&
    merged.atEdge === state.atEdge &&
    merged.behindS === state.behindS &&
    merged.windowS === state.windowS
  )
    return;
  state = merged;
  for (const l of listeners) l();
}

/** For useSyncExternalStore. */
export const rewindState = {
  get: (): RewindState => state,
  server: (): RewindState => IDLE,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** How often the viewer's position is measured, ms. */
const MEASURE_EVERY_MS = 250;
/** How often the DVR's span is read again while at the edge, ms (its window grows with the live meanwhile). */
const WINDOW_EVERY_MS = 30_000;
/** How often the DVR master is looked for while the live has none yet, ms. */
const LOOK_EVERY_MS = 5000;
/** Seeks this close together (a dragged seek bar, keys held) are one. */
const SEEK_SETTLE_MS = 250;
/** Rewound and playing, a distance off its target by more than this, s, is corrected once it plays. */
const CORRECT_S = 2;

interface Dvr {
  hls: Hls;
  destroy(): void;
}

let video: HTMLVideoElement | null = null;
let player: HTMLElement | null = null;
let dvr: Dvr | null = null;
let span = { spanS: 0, readAtMs: 0, maxS: Number.POSITIVE_INFINITY };
let pending: SeekDecision | null = null;
let settle: ReturnType<typeof setTimeout> | undefined;
let busy: Promise<void> = Promise.resolve();
/** The distance the DVR was asked for, to correct once it plays. */
let target: number | null = null;

const dvrUrl = (): string | null => {
  const src = liveSource();
  return src?.format === 'hls' ? dvrMasterOf(src.url) : null;
};

/** Reads the DVR's first variant: how far back it reaches (null: no DVR for this live yet). */
async function readSpan(): Promise<number | null> {
  const master = dvrUrl();
  if (!master) return null;
  try {
    const m = await fetch(master, { credentials: 'omit' });
    if (!m.ok) return null;
    const variant = firstVariant(await m.text(), m.url || master);
    if (!variant) return null;
    const v = await fetch(variant, { credentials: 'omit' });
    if (!v.ok) return null;
    const spanS = playlistSpanS(await v.text());
    const now = Date.now();
    // The span stopped growing by (much of) the time since the last read: the media server's window is full.
    const grown = spanS - span.spanS;
    const elapsed = (now - span.readAtMs) / 1000;
    const maxS = span.readAtMs && elapsed > 10 && grown < elapsed / 2 ? spanS : Number.POSITIVE_INFINITY;
    span = { spanS, readAtMs: now, maxS };
    return spanS;
  } catch {
    return null;
  }
}

function currentWindow(): number {
  return span.readAtMs ? Math.floor(windowNow(span.spanS, span.readAtMs, Date.now(), span.maxS)) : 0;
}

function measure(): number | null {
  const v = video;
  if (!v || v.paused || v.readyState < 2) return null;
  const b = v.buffered;
  const ahead = b.length ? b.end(b.length - 1) - v.currentTime : null;
  if (dvr)
    return behindOf({ latencyS: dvr.hls.latency > 0 ? dvr.hls.latency : null, bufferedAheadS: null, flv: false });
  const engine = liveEngine();
  return behindOf({ latencyS: engine?.latency?.() ?? null, bufferedAheadS: ahead, flv: engine?.name === 'mpegts' });
}

function tick(): void {
  const behindS = measure();
  const atEdge = dvr === null;
  setPlayhead({ behindS, atEdge });
  update({ behindS, atEdge, windowS: currentWindow() });
  if (player) {
    if (behindS === null) delete player.dataset.behindS;
    else player.dataset.behindS = behindS.toFixed(1);
    player.dataset.atEdge = String(atEdge);
    player.dataset.rewind = String(state.available);
  }
  // Rewound: once it plays, a start that landed off the asked distance (its span was read a moment before) is put right.
  if (dvr && target !== null && behindS !== null && video) {
    const off = behindS - target;
    const t = target;
    target = null;
    if (Math.abs(off) > CORRECT_S) jumpInDvr(t, behindS);
  }
}

function jumpInDvr(toBehindS: number, currentBehindS: number): void {
  const v = video;
  if (!v) return;
  const s = v.seekable;
  const start = s.length ? s.start(0) : 0;
  const end = s.length ? s.end(s.length - 1) : v.currentTime;
  v.currentTime = dvrTimeFor({ currentTime: v.currentTime, currentBehindS, start, end }, toBehindS);
}

/** Starts watching the live video; returns the stop (the seek bar's unmount). */
export function watchRewind(el: HTMLVideoElement, container: HTMLElement | null): () => void {
  video = el;
  player = container;
  const mse =
    typeof MediaSource === 'function' ||
    typeof (globalThis as { ManagedMediaSource?: unknown }).ManagedMediaSource === 'function';
  const look = () =>
    void readSpan().then((s) => {
      if (video === el) update({ available: mse && s !== null && s > 0, windowS: currentWindow() });
    });
  look();
  const measuring = setInterval(tick, MEASURE_EVERY_MS);
  // Until the live has a rewind master (its first 4-s fragment), looked for every few seconds.
  const reading = setInterval(() => {
    if (!dvr && (!state.available || Date.now() - span.readAtMs >= WINDOW_EVERY_MS)) look();
  }, LOOK_EVERY_MS);
  return () => {
    clearInterval(measuring);
    clearInterval(reading);
    clearTimeout(settle);
    if (video === el) {
      video = null;
      if (player) delete player.dataset.rewind;
      player = null;
      const wasDvr = dvr;
      dvr?.destroy();
      dvr = null;
      if (wasDvr) resumeLive();
      setPlayhead({ behindS: null, atEdge: true });
      state = IDLE;
      for (const l of listeners) l();
    }
  };
}

/** Goes `behindS` behind the real moment (0 or near it: the edge), once seeks settle. */
export function rewindTo(behindS: number): void {
  request(seekTo(behindS, Math.max(currentWindow(), state.windowS)));
}

/** ← (-10) and → (+10): relative to the seek in progress, or to where the picture is. */
export function rewindBy(deltaS: number): void {
  const from = pending ? pending.behindS : (state.behindS ?? 0);
  request(seekBy(from, deltaS, Math.max(currentWindow(), state.windowS)));
}

/** LIVE: back to the edge at once. */
export function goLive(): void {
  request({ edge: true, behindS: 0 }, 0);
}

function request(decision: SeekDecision, wait = SEEK_SETTLE_MS): void {
  if (!state.available && !decision.edge) return;
  pending = decision;
  clearTimeout(settle);
  settle = setTimeout(() => {
    const d = pending;
    pending = null;
    if (d) busy = busy.then(() => apply(d)).catch(() => undefined);
  }, wait);
}

async function apply(d: SeekDecision): Promise<void> {
  const v = video;
  if (!v) return;
  if (d.edge) {
    if (!dvr) return;
    dvr.destroy();
    dvr = null;
    target = null;
    resumeLive();
    tick();
    return;
  }
  if (dvr) {
    const current = state.behindS;
    if (current !== null) jumpInDvr(d.behindS, current);
    else target = d.behindS;
    return;
  }
  const master = dvrUrl();
  if (!master) return;
  const spanS = (await readSpan()) ?? span.spanS;
  await holdLive();
  if (video !== v) return;
  dvr = await attachDvr(v, master, Math.max(0, spanS - (d.behindS - PIPELINE_S)));
  target = d.behindS;
  tick();
}

/**
 * hls.js on the DVR master, from `startS` (the DVR playlist's own time: 0 is its first fragment),
 * with the viewer's quality. No catching up and no jump to the edge: the viewer chose to be behind.
 */
async function attachDvr(v: HTMLVideoElement, url: string, startS: number): Promise<Dvr> {
  const { default: HlsClass } = await import('hls.js');
  const hls = new HlsClass({
    enableWorker: true,
    startPosition: startS,
    capLevelToPlayerSize: true,
    maxBufferLength: 12,
    backBufferLength: 30,
    liveSyncDurationCount: 2,
    liveMaxLatencyDurationCount: Number.POSITIVE_INFINITY,
  });
  let qualities: Quality[] = [];
  const indexOf = (id: string) => hls.levels.findIndex((l, i) => variantQuality(l, i).id === id);
  hls.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
    qualities = data.levels.length > 1 ? byHeight(data.levels.map(variantQuality)) : [];
    const picked = matchQuality(qualities, rememberedQuality());
    reportPlayback({ qualities, selected: picked?.id ?? 'auto', playing: null });
    if (picked) hls.loadLevel = indexOf(picked.id);
  });
  hls.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => {
    const l = hls.levels[data.level];
    if (qualities.length && l) reportPlayback({ playing: variantQuality(l, data.level) });
  });
  hls.on(HlsClass.Events.ERROR, (_e, data) => {
    // A DVR that fails for good: back to the edge, which plays on.
    if (data.fatal) goLive();
  });
  const pick = (id: string | boolean) => {
    if (typeof id !== 'string') return;
    const i = id === 'auto' ? -1 : indexOf(id);
    if (id === 'auto' || i >= 0) hls.nextLevel = i;
  };
  onChoice('quality', pick);
  hls.loadSource(url);
  hls.attachMedia(v);
  playMedia(v);
  return {
    hls,
    destroy() {
      releaseChoice('quality', pick);
      hls.destroy();
      reportPlayback({ qualities: [], playing: null });
    },
  };
}
