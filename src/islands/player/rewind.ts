/**
 * Rewinding a live (docs/ARCHITECTURE.md "Rewind"): the decisions, without the DOM, so they are
 * tested alone (rewind.test.ts); live-rewind.ts acts on them. A viewer at the edge plays the live's
 * short edge playlists (or HTTP-FLV in the low-latency mode); one who goes back plays the live's
 * DVR playlists (dvr/{id}.m3u8: the same renditions, 4-s fragments, MEDIA_REWIND_S long), and LIVE
 * takes them back to the edge engine.
 */
export { dvrMasterOf } from '../../../domain/media.ts';

/** ← and → move a live this far (a recording moves 5 s, shortcuts.ts). */
export const REWIND_STEP_S = 10;
/** A seek that lands this close to the edge is a return to it (the DVR's own edge is a fragment behind). */
export const EDGE_S = 6;
/**
 * What the playlist's edge lags behind the real moment: an encoder's frame reaches the media
 * server ~0.2-0.3 s after it is taken (x264's zerolatency, RTMP), the ladder's transcoding ~0.2 s
 * more; a fragment is listed the moment the keyframe after it arrives, so the edge itself is that
 * recent. hls.js's latency (edge + the playlist's age - playhead) plus this is the viewer's distance.
 */
export const PIPELINE_S = 0.5;
/** HTTP-FLV: what mpegts.js holds (buffered ahead) plus the relay's way, ~0.3 s. */
const FLV_PIPELINE_S = 0.3;

/** The sum of a media playlist's EXTINF durations: how far back it reaches, s. */
export function playlistSpanS(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}

/** A master playlist's first variant, absolute against the master's address; null without one. */
export function firstVariant(master: string, base: string): string | null {
  const uri = master
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  return uri ? new URL(uri, base).toString() : null;
}

/**
 * How far back the viewer can go now: the DVR playlist's span when it was read, grown by the time
 * since (a live keeps going), up to `maxS` (the media server's window is reached once the span
 * stops growing; the span read the last time tells it).
 */
export function windowNow(spanS: number, readAtMs: number, nowMs: number, maxS = Number.POSITIVE_INFINITY): number {
  return Math.max(0, Math.min(maxS, spanS + Math.max(0, nowMs - readAtMs) / 1000));
}

export interface SeekDecision {
  /** Play at the edge (the edge engine), or `behindS` seconds behind the real moment in the DVR. */
  edge: boolean;
  behindS: number;
}

/**
 * Where a seek to `behindS` goes: at or near the edge (within EDGE_S), back to it; otherwise that
 * far behind, no further than the window.
 */
export function seekTo(behindS: number, windowS: number): SeekDecision {
  const b = Math.min(Math.max(0, behindS), Math.max(0, windowS));
  return b < EDGE_S ? { edge: true, behindS: 0 } : { edge: false, behindS: b };
}

/** ← / → (and the seek bar's steps): `deltaS` later (+) or earlier (-) than `currentBehindS`. */
export const seekBy = (currentBehindS: number, deltaS: number, windowS: number): SeekDecision =>
  seekTo(currentBehindS - deltaS, windowS);

/**
 * The DVR element's time for a new distance: the playhead moves by the difference (the element's
 * clock and the live's run together), kept inside what it can seek (`start`…`end`, the playlist).
 */
export function dvrTimeFor(
  {
    currentTime,
    currentBehindS,
    start,
    end,
  }: { currentTime: number; currentBehindS: number; start: number; end: number },
  targetBehindS: number,
): number {
  const t = currentTime + (currentBehindS - targetBehindS);
  return Math.min(Math.max(t, start), Math.max(start, end - 1));
}

/**
 * The viewer's distance behind the real moment, s: hls.js's latency (the edge, aged, minus the
 * playhead) plus PIPELINE_S; without it (mpegts.js, the browser's own HLS), what is buffered ahead
 * of the playhead plus the way there. Null when it cannot tell.
 */
export function behindOf({
  latencyS,
  bufferedAheadS,
  flv,
}: {
  latencyS: number | null;
  bufferedAheadS: number | null;
  flv: boolean;
}): number | null {
  if (latencyS !== null && Number.isFinite(latencyS) && latencyS >= 0) return round1(latencyS + PIPELINE_S);
  if (bufferedAheadS === null || !Number.isFinite(bufferedAheadS)) return null;
  return round1(Math.max(0, bufferedAheadS) + (flv ? FLV_PIPELINE_S : PIPELINE_S + 1));
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** 83 → "1:23", 3723 → "1:02:03". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const mm = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}
