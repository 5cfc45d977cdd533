/**
 * Which quality a pick means on a given stream, and what the engines call their renditions: plain
 * functions the engines share (hls-engine.ts, flv-engine.ts, ivs-engine.ts), loaded with them.
 */
import type { Quality } from './playback-choice.ts';

/** The height a quality id names ('480p', '720p60' → 480, 720), or null ('src', 'auto', an IVS name without one). */
export function heightOf(id: string): number | null {
  const m = /^(\d{3,4})p/.exec(id);
  return m ? Number(m[1]) : null;
}

/**
 * The quality of `qualities` a remembered pick `wanted` means on this stream: the same id, else
 * the same height among the transcoded ones (a pick carries over from one live to another, to IVS
 * and back), else the highest below it (a 480p push has no 720p), else null: Auto.
 */
export function matchQuality(qualities: readonly Quality[], wanted: string): Quality | null {
  if (wanted === 'auto') return null;
  const same = qualities.find((q) => q.id === wanted);
  if (same) return same;
  const height = heightOf(wanted);
  if (height === null) return null;
  const fixed = byHeight(qualities).filter((q) => !q.source && q.height !== null);
  return fixed.find((q) => q.height === height) ?? fixed.find((q) => q.height! < height) ?? null;
}

/** Highest first: by height, then the encoder's own before a transcoded rung of its height. */
export function byHeight(qualities: readonly Quality[]): Quality[] {
  return [...qualities].sort((a, b) => (b.height ?? 0) - (a.height ?? 0) || Number(b.source) - Number(a.source));
}

/**
 * What Auto plays where nothing adapts (the low-latency mode's one HTTP-FLV stream): the highest
 * transcoded rung (its short keyframes start and catch up fast), the source only without one.
 */
export function autoRung(qualities: readonly Quality[]): Quality | null {
  const sorted = byHeight(qualities);
  return sorted.find((q) => !q.source) ?? sorted[0] ?? null;
}

/** The encoder's own rendition, passed through by the media server (media/: variant `{id}_src`, FLV `{id}.flv`). */
export const SOURCE_ID = 'src';

/**
 * An HLS variant as a quality: its id is the variant's NAME when it has one, else the rung the
 * media server named its playlist after (`…/{id}_720p/index.m3u8` → '720p'), else its height.
 */
export function variantQuality(variant: { name?: string; url: readonly string[]; height: number }, i: number): Quality {
  const named = variant.name && /^[\w-]{1,16}$/.test(variant.name) ? variant.name : null;
  const rung = /_([A-Za-z0-9]{1,16})\/[^/]*\.m3u8(?:\?|$)/.exec(variant.url[0] ?? '')?.[1] ?? null;
  const height = variant.height > 0 ? variant.height : null;
  const id = named ?? rung ?? (height ? `${height}p` : `level${i}`);
  return { id, height, source: id === SOURCE_ID };
}

/** The least a live keeps between the playhead and the newest media it holds, s. */
const LIVE_SYNC_MIN_S = 0.3;

/**
 * How far behind a live's edge hls.js plays (hls.js `liveSyncDuration`) and how far it may fall before it
 * jumps back (`liveMaxLatencyDuration`), for a variant whose fragments last `fragmentS` on average
 * and whose playlist says `targetS` (EXT-X-TARGETDURATION, a whole number of seconds: 1 for our
 * 0.5-s rungs). One fragment behind (LIVE_SYNC_MIN_S at least), the least that still has the next
 * one on its way: hls.js itself never starts closer than one target duration from the edge, and the
 * player catches up from there by playing faster (hls-engine.ts chaseEdge, which keeps this much
 * buffered ahead). The jump comes only past three target durations more, so a
 * variant of 2-s fragments (the encoder's own, OBS's keyframes) does not jump at every fragment.
 */
export function liveTargets(fragmentS: number, targetS: number): { sync: number; max: number } {
  const sync = Math.max(LIVE_SYNC_MIN_S, Number.isFinite(fragmentS) && fragmentS > 0 ? fragmentS : targetS);
  return { sync, max: sync + 3 * Math.max(1, targetS) };
}
