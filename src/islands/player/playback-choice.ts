/**
 * What the viewer chose for playback, and what is playing: the qualities the engine offers (hls.js
 * levels, the IVS player's qualities, a recording's one), Auto or a fixed one, and the low-latency
 * mode (HTTP-FLV through mpegts.js). The engines fill it (engines.ts); the controls show and change
 * it (PlayerControls.tsx). Both choices are remembered in localStorage. No React, no stores: the
 * engines are on the path to the first frame, so this reports through a listener set.
 *
 * CONTRACT between the engine side and the controls side — keep these exports and their meaning.
 */

/** One quality a viewer can pick. `id` is stable for the stream (e.g. 'src', '720p', '480p', '360p'). */
export interface Quality {
  id: string;
  /** Picture height in pixels, when known. */
  height: number | null;
  /** Whether this is the encoder's own rendition (passed through), shown as 원본 / Source. */
  source: boolean;
}

export interface PlaybackChoice {
  /** What can be picked, highest first; empty until the engine knows (or when only one exists). */
  qualities: Quality[];
  /** 'auto' or a Quality id. */
  selected: string;
  /** The quality playing now (under Auto, the one Auto picked), or null until known. */
  playing: Quality | null;
  /** Whether the low-latency mode is on (remembered). */
  lowLatency: boolean;
  /** Whether this stream offers the low-latency mode (a live with HTTP-FLV renditions). */
  lowLatencyAvailable: boolean;
}

const INITIAL: PlaybackChoice = {
  qualities: [],
  selected: 'auto',
  playing: null,
  lowLatency: false,
  lowLatencyAvailable: false,
};
let choice: PlaybackChoice = INITIAL;
const listeners = new Set<() => void>();

/** For useSyncExternalStore. */
export const playbackChoice = {
  get: (): PlaybackChoice => choice,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The engine side reports what it offers and plays. */
export function reportPlayback(next: Partial<PlaybackChoice>): void {
  choice = { ...choice, ...next };
  for (const listener of listeners) listener();
}

type Handler = (value: string | boolean) => void;
const handlers: { quality: Handler | null; lowLatency: Handler | null } = { quality: null, lowLatency: null };

/** The engine side takes the viewer's picks (one handler each, replaced by the engine playing). */
export function onChoice(kind: 'quality' | 'lowLatency', handler: Handler | null): void {
  handlers[kind] = handler;
}

/** The controls: pick 'auto' or a quality id; switches without a reload, remembered. */
export function selectQuality(id: string): void {
  remember(QUALITY_KEY, id);
  reportPlayback({ selected: id });
  handlers.quality?.(id);
}

/** The controls: turn the low-latency mode on or off; remembered. */
export function setLowLatency(on: boolean): void {
  remember(LOW_LATENCY_KEY, on ? '1' : '0');
  reportPlayback({ lowLatency: on });
  handlers.lowLatency?.(on);
}

/** Takes `handler` away, unless another engine's replaced it already (engines come and go out of order). */
export function releaseChoice(kind: 'quality' | 'lowLatency', handler: Handler): void {
  if (handlers[kind] === handler) handlers[kind] = null;
}

const QUALITY_KEY = 'player.quality';
const LOW_LATENCY_KEY = 'player.lowLatency';

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage (private mode, a sandbox, node): the choice holds for this page only.
  }
}

function remembered(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The quality the viewer last picked ('auto' when none). */
export const rememberedQuality = (): string => remembered(QUALITY_KEY) || 'auto';
/** Whether the viewer last turned the low-latency mode on. */
export const rememberedLowLatency = (): boolean => remembered(LOW_LATENCY_KEY) === '1';
