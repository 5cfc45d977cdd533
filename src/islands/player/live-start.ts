/**
 * Playback of the live page's video, started by the page's early script (live-boot.ts; at once where
 * the page's script must start the video, after the first frame where the browser plays the written
 * source), before the island hydrates, and taken over by the island's player.
 * No React, no stores: this is on the path to the first frame, so it imports only the engines
 * (each loaded on demand) and reports through a listener set.
 */
import type { FlvRendition } from '../../../domain/live-video.ts';
import { attachEngine, type Engine, type EngineName } from './engines.ts';
import { liveVideo, loopsSource, writtenSource, type LiveSource } from './live-video.ts';
import { onChoice, rememberedLowLatency, reportPlayback } from './playback-choice.ts';

export interface LivePlayback {
  /** The engine playing, once it is attached. */
  engine: EngineName | null;
  failed: boolean;
}

const IDLE: LivePlayback = { engine: null, failed: false };
let playback: LivePlayback = IDLE;
const listeners = new Set<() => void>();

function update(next: Partial<LivePlayback>): void {
  playback = { ...playback, ...next };
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export const livePlayback = {
  get: (): LivePlayback => playback,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

interface Started {
  key: string;
  url: string;
  engine: Promise<Engine | null>;
}
let current: Started | null = null;

/**
 * Plays `source` in the live video (default: the source the worker wrote into it). Asked again for
 * the source already playing, it changes nothing: the island and the early script agree. Asked for
 * another (the addresses renewed before their token runs out, the live restarted), the engine playing
 * is taken down first: taking it down empties the element (its source removed, the element reset),
 * which done after the next engine had set its source would leave the video black.
 */
export function playLive(source: LiveSource | null = writtenSource(liveVideo())): void {
  const video = liveVideo();
  if (!video || !source) return;
  lastSource = source;
  // Rewound (live-rewind.ts plays the DVR playlists): the source is kept for the return to the edge.
  if (held) return;
  if (current?.key === `${source.format} ${source.url}`) return;
  const flv = source.format === 'hls' ? (source.flv ?? renewedFlv(source.url)) : undefined;
  lastFlv = flv;
  const lowLatencyAvailable = !!flv?.length;
  const start = (lowLatency: boolean) => startLive(video, source, lowLatency && lowLatencyAvailable ? flv : undefined);
  start(rememberedLowLatency());
  reportPlayback({ lowLatencyAvailable, lowLatency: lowLatencyAvailable && rememberedLowLatency() });
  // Switching modes swaps the engine, on the same element, without reloading the page.
  onChoice('lowLatency', (on) => current?.url === source.url && start(on === true));
}

let lastSource: LiveSource | null = null;
let held = false;
/** The edge engine once attached (live-rewind.ts reads its latency). */
let attached: Engine | null = null;
export const liveEngine = (): Engine | null => attached;
/** The live's source last asked for (its HLS master: the DVR master is beside it). */
export const liveSource = (): LiveSource | null => lastSource;

/** The viewer rewinds: the edge engine stops, and a renewed source waits for resumeLive. */
export function holdLive(): Promise<void> {
  held = true;
  return stopLive();
}

/** Back to the edge (LIVE): the edge engine again, on the source last asked for. */
export function resumeLive(): void {
  held = false;
  playLive(lastSource);
}

/** The FLV renditions last played: a renewed address (the page's data has none) keeps them, under its new token. */
let lastFlv: FlvRendition[] | undefined;

/** `/media/{token}/…`: the token of a media address, the same for every rendition of a live. */
const TOKEN = /^(.*?\/media\/)[^/]+\//;

function renewedFlv(url: string): FlvRendition[] | undefined {
  const token = TOKEN.exec(url)?.[0];
  return token ? lastFlv?.map((r) => ({ ...r, url: r.url.replace(TOKEN, token) })) : undefined;
}

function startLive(video: HTMLVideoElement, source: LiveSource, flv: FlvRendition[] | undefined): void {
  const key = `${source.format} ${source.url}`;
  const stopped = stopLive();
  // This start's own: a mode switch starts the same source again, and the earlier start's engine,
  // still attaching, must not take it for its own.
  const entry: Started = { key, url: source.url, engine: Promise.resolve(null) };
  // Set here too: the island plays sources the worker did not write (no worker, a live that started later).
  video.loop = loopsSource(source.url);
  const events = {
    onFatal: () => update({ failed: true }),
    onEngine: (engine: EngineName) => update({ engine }),
    // Loaded only when it happens: error reporting lives in the shell's chunk.
    onFallback: (reason: string) =>
      void import('../../lib/error-reporting.ts').then((r) =>
        r.reportClientIssue(`player: ${source.format} engine fell back to HLS playback: ${reason}`, {
          'player.format': source.format,
        }),
      ),
    onRestart: (reason: string) =>
      void import('../../lib/error-reporting.ts').then((r) =>
        r.reportClientIssue(`player: ${source.format} playback restarted: ${reason}`, {
          'player.format': source.format,
        }),
      ),
  };
  const engine = stopped
    .then(() =>
      current !== entry
        ? null
        : flv
          ? import('./flv-engine.ts').then((f) => f.attachLowLatency(video, flv, events.onFatal))
          : attachEngine(video, source.format, source.url, events),
    )
    .then(
      (e) => {
        if (!e) return null;
        if (current !== entry) {
          e.destroy();
          return null;
        }
        update({ engine: e.name });
        attached = e;
        e.play();
        return e;
      },
      () => {
        if (current === entry) update({ failed: true });
        return null;
      },
    );
  entry.engine = engine;
  current = entry;
}

/**
 * Stops playback (the video leaves the page: a locked or ended live, a password to give first); resolves once the
 * engine is down.
 */
export function stopLive(): Promise<void> {
  const stopping = current;
  current = null;
  attached = null;
  update(IDLE);
  reportPlayback({ qualities: [], playing: null });
  return stopping ? stopping.engine.then((e) => e?.destroy()) : Promise.resolve();
}
