/**
 * Playback of the live page's video, started by the page's early script (live-boot.ts; at once where
 * the page's script must start the video, after the first frame where the browser plays the written
 * source), before the island hydrates, and taken over by the island's player.
 * No React, no stores: this is on the path to the first frame, so it imports only the engines
 * (each loaded on demand) and reports through a listener set.
 */
import { attachEngine, type Engine, type EngineName } from './engines.ts';
import { liveVideo, loopsSource, writtenSource, type LiveSource } from './live-video.ts';

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

let current: { key: string; engine: Promise<Engine | null> } | null = null;

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
  const key = `${source.format} ${source.url}`;
  if (current?.key === key) return;
  const stopped = stopLive();
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
    .then(() => (current?.key === key ? attachEngine(video, source.format, source.url, events) : null))
    .then(
      (e) => {
        if (!e) return null;
        if (current?.key !== key) {
          e.destroy();
          return null;
        }
        update({ engine: e.name });
        e.play();
        return e;
      },
      () => {
        if (current?.key === key) update({ failed: true });
        return null;
      },
    );
  current = { key, engine };
}

/**
 * Stops playback (the video leaves the page: a locked or ended live, a password to give first); resolves once the
 * engine is down.
 */
export function stopLive(): Promise<void> {
  const stopping = current;
  current = null;
  update(IDLE);
  return stopping ? stopping.engine.then((e) => e?.destroy()) : Promise.resolve();
}
