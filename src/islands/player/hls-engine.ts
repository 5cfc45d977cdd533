/**
 * hls.js with the stream's qualities and a live's latency, imported on demand by engines.ts with
 * hls.js itself, so neither weighs on a page before it plays: it reports the variants (highest
 * first), the one playing, and takes the viewer's pick (playback-choice.ts); Auto is hls.js's own
 * switching by bandwidth, capped to the player's size, without the encoder's own rendition.
 */
import Hls, { AbrController } from 'hls.js';
import { playMedia, STALL_MS, watchStall, type Engine } from './engines.ts';
import { onChoice, releaseChoice, rememberedQuality, reportPlayback, type Quality } from './playback-choice.ts';
import { byHeight, liveTargets, matchQuality, variantQuality } from './quality-pick.ts';

/** How much a live buffers ahead at most: a live has no more than a fragment or two to give. */
const LIVE_BUFFER_S = 4;
/** How much faster than real time a live plays to get back to its distance from the edge (chaseEdge). */
const LIVE_CATCH_UP_RATE = 1.2;
/** Buffered beyond the chase's aim by more than this, s, a live jumps instead of playing faster. */
const LIVE_JUMP_S = 1;
/** How often the chase looks at what the element holds, ms. */
const CHASE_EVERY_MS = 250;

/**
 * hls.js's switching by bandwidth, with the encoder's own rendition (Source) left out where
 * transcoded rungs exist: it keeps the BJ's keyframe interval (2 s from OBS, often more), so its
 * fragments are that long and a player on it sits seconds further behind the live than on a rung
 * (our 0.5-s keyframes, media/); it stays a manual pick. hls.js sorts variants by height, then
 * bandwidth, so the source may sit below a rung of its own height: a cap on the highest index
 * (`autoLevelCapping`) cannot leave it out, so its pick moves to the next variant down (the next up
 * where none is below).
 */
class RungsOnlyAbr extends AbrController {
  get nextAutoLevel(): number {
    return this.skipSource(super.nextAutoLevel);
  }
  set nextAutoLevel(level: number) {
    super.nextAutoLevel = level;
  }
  get firstAutoLevel(): number {
    return this.skipSource(super.firstAutoLevel);
  }
  private skipSource(i: number): number {
    const levels = this.hls.levels;
    const source = (j: number) => variantQuality(levels[j]!, j).source;
    if (i < 0 || !levels[i] || !source(i)) return i;
    for (let j = i - 1; j >= 0; j--) if (!source(j)) return j;
    for (let j = i + 1; j < levels.length; j++) if (!source(j)) return j;
    return i;
  }
}

/**
 * hls.js. Standing still while fetching nothing (watchStall), it is started again: a live from its
 * live position, a recording where it stood. `from`: where to start (-1: hls.js's own choice).
 */
export async function hlsJs(
  video: HTMLVideoElement,
  url: string,
  onFatal: () => void,
  onRestart: (reason: string) => void,
  from = -1,
): Promise<Engine> {
  if (!Hls.isSupported()) throw new Error('mse unsupported');
  let live = true;
  let fetchedAt = 0;
  // A segment on its way (a slow network) is fetching, however long it takes.
  let loading = false;
  let qualities: Quality[] = [];
  const qualityOf = (level: number) =>
    level >= 0 && hls.levels[level] ? variantQuality(hls.levels[level], level) : null;
  const indexOf = (id: string) => hls.levels.findIndex((l, i) => variantQuality(l, i).id === id);
  const start = (startPosition: number) => {
    const hls = new Hls({
      enableWorker: true,
      startPosition,
      abrController: RungsOnlyAbr,
      // Auto never fetches more pixels than the player shows (its size times the screen's density).
      capLevelToPlayerSize: true,
      // LL-HLS where the playlist has parts (IVS's); ours has none and loads as any other.
      lowLatencyMode: true,
      // hls.js's own catching up plays faster only with more than a second buffered ahead, which a
      // rung of 0.5-s fragments rarely holds: chaseEdge (below) does it instead, and the two would
      // fight over the playback rate.
      maxLiveSyncPlaybackRate: 1,
      ...liveConfig(liveTargets(0.5, 1)),
    });
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (data.frag) loading = false;
      if (data.fatal) onFatal();
    });
    hls.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
      // One variant (a recording, a live without the ladder): nothing to pick, no menu.
      qualities = data.levels.length > 1 ? byHeight(data.levels.map(variantQuality)) : [];
      const picked = matchQuality(qualities, rememberedQuality());
      reportPlayback({ qualities, selected: picked?.id ?? 'auto', playing: null });
      if (picked) hls.loadLevel = indexOf(picked.id);
    });
    hls.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => {
      if (qualities.length) reportPlayback({ playing: qualityOf(data.level) });
    });
    hls.on(Hls.Events.LEVEL_LOADED, (_e, data) => {
      live = data.details.live;
      fetchedAt = performance.now();
      if (live) {
        // Each variant's own distance: the source's fragments are the encoder's keyframe interval.
        const t = liveTargets(
          data.details.averagetargetduration ?? data.details.targetduration,
          data.details.targetduration,
        );
        Object.assign(hls.config, liveConfig(t));
        chase.ahead = t.sync;
      } else hls.config.maxBufferLength = RECORDING_BUFFER_S;
    });
    hls.on(Hls.Events.FRAG_LOADING, () => (loading = true));
    hls.on(Hls.Events.FRAG_LOADED, () => {
      loading = false;
      fetchedAt = performance.now();
    });
    hls.on(Hls.Events.FRAG_LOAD_EMERGENCY_ABORTED, () => (loading = false));
    hls.loadSource(url);
    hls.attachMedia(video);
    return hls;
  };
  const chase = chaseEdge(video, () => live);
  let hls = start(from);
  // A pick switches at the next fragment, without emptying what plays (`nextLevel`); Auto: -1.
  const pick = (id: string | boolean) => {
    if (typeof id !== 'string') return;
    const i = id === 'auto' ? -1 : indexOf(id);
    if (id === 'auto' || i >= 0) hls.nextLevel = i;
  };
  onChoice('quality', pick);
  const stopStallWatch = watchStall(
    video,
    () => (loading ? performance.now() : fetchedAt),
    (at) => {
      onRestart(`hls.js stood still at ${at.toFixed(2)} s for ${STALL_MS / 1000} s, fetching nothing`);
      hls.destroy();
      loading = false;
      hls = start(live ? -1 : at);
      playMedia(video);
    },
  );
  return {
    name: 'hls.js',
    play: () => playMedia(video),
    latency: () => (live && hls.latency > 0 ? hls.latency : null),
    destroy: () => {
      stopStallWatch();
      chase.stop();
      releaseChoice('quality', pick);
      hls.destroy();
    },
  };
}

/** A recording buffers as hls.js does by default. */
const RECORDING_BUFFER_S = 30;

function liveConfig(t: { sync: number; max: number }) {
  return {
    liveSyncDuration: t.sync,
    liveMaxLatencyDuration: t.max,
    maxBufferLength: LIVE_BUFFER_S,
    backBufferLength: 10,
  };
}

/**
 * Keeps a live `ahead` seconds (one fragment) of buffered media in front of the playhead: with more
 * than 0.2 s beyond that it plays at LIVE_CATCH_UP_RATE until it is back to it, so
 * the viewer sits as close behind the newest fragment as its arrival allows; more than LIVE_JUMP_S
 * beyond it, it jumps there. hls.js starts a live at least one target duration (a whole second, for
 * 0.5-s fragments) behind the playlist's end and never closer by itself. Paused: left alone.
 */
function chaseEdge(video: HTMLVideoElement, live: () => boolean): { ahead: number; stop(): void } {
  const chase = {
    ahead: 0.5,
    stop() {
      clearInterval(timer);
      if (video.playbackRate === LIVE_CATCH_UP_RATE) video.playbackRate = 1;
    },
  };
  const timer = setInterval(() => {
    const b = video.buffered;
    if (!live() || video.paused || !b.length) return;
    const end = b.end(b.length - 1);
    const ahead = end - video.currentTime;
    // Far behind (hls.js's start a second or more from the edge, a stall's backlog): a jump, not a chase.
    if (ahead > chase.ahead + LIVE_JUMP_S) video.currentTime = end - chase.ahead;
    const rate = ahead > chase.ahead + 0.2 ? LIVE_CATCH_UP_RATE : ahead < chase.ahead ? 1 : video.playbackRate;
    if (video.playbackRate !== rate) video.playbackRate = rate;
  }, CHASE_EVERY_MS);
  return chase;
}
