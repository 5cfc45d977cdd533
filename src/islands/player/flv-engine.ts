/**
 * The low-latency mode (저지연 / Low latency): a live's HTTP-FLV rendition through mpegts.js, imported
 * on demand by live-start.ts with mpegts.js itself. HTTP-FLV arrives as the media server gets it
 * (no fragments to wait for, no playlist to poll), so what the viewer sees is bounded by what the
 * element holds; mpegts.js keeps that short. Auto plays the highest transcoded rung (nothing adapts
 * here: one stream at a time); a pick (playback-choice.ts) starts the player again on that rendition.
 */
import mpegts from 'mpegts.js';
import type { FlvRendition } from '../../../domain/live-video.ts';
import { playMedia, type Engine } from './engines.ts';
import { onChoice, releaseChoice, rememberedQuality, reportPlayback, type Quality } from './playback-choice.ts';
import { autoRung, byHeight, matchQuality, SOURCE_ID } from './quality-pick.ts';

/**
 * What the element may hold before mpegts.js catches up, s: past LIVE_SYNC_MAX_S it plays at 1.2×
 * down to LIVE_SYNC_TARGET_S, and past LIVE_JUMP_S (after a stall) it jumps to LIVE_SYNC_TARGET_S
 * before the end. A rung's keyframes come every 0.5 s (media/), so the media server's GOP cache
 * hands a new viewer at most that much at once; the encoder's own (Source) hands up to its GOP (2 s
 * from OBS), caught up by playing faster. Lower than the plain FLV engine's (engines.ts attachFlv):
 * this mode is asked for, and its viewer takes a stall's risk for it.
 */
const LIVE_SYNC_MAX_S = 0.7;
const LIVE_SYNC_TARGET_S = 0.35;
const LIVE_JUMP_S = 2;

/** Plays the live's FLV `renditions`, starting with the remembered pick (else Auto). */
export function attachLowLatency(
  video: HTMLVideoElement,
  renditions: readonly FlvRendition[],
  onFatal: () => void,
): Engine {
  if (!mpegts.isSupported()) throw new Error('mse unsupported');
  const qualities: Quality[] = byHeight(
    renditions.map((r) => ({ id: r.id, height: r.height, source: r.id === SOURCE_ID })),
  );
  const one = qualities.length > 1 ? qualities : [];
  let player: mpegts.Player | null = null;
  const load = (id: string) => {
    const q = matchQuality(qualities, id) ?? autoRung(qualities);
    const rendition = renditions.find((r) => r.id === q?.id);
    if (!rendition) return onFatal();
    player?.destroy();
    player = mpegts.createPlayer(
      { type: 'flv', isLive: true, url: rendition.url },
      {
        // No IO stash: it holds up to 384 KB, seconds of a live, before the demuxer sees them.
        enableStashBuffer: false,
        liveSync: true,
        liveSyncMaxLatency: LIVE_SYNC_MAX_S,
        liveSyncTargetLatency: LIVE_SYNC_TARGET_S,
        liveBufferLatencyChasing: true,
        liveBufferLatencyMaxLatency: LIVE_JUMP_S,
        liveBufferLatencyMinRemain: LIVE_SYNC_TARGET_S,
      },
    );
    player.on(mpegts.Events.ERROR, onFatal);
    player.attachMediaElement(video);
    player.load();
    playMedia(video);
    reportPlayback({
      qualities: one,
      selected: matchQuality(qualities, id)?.id ?? 'auto',
      playing: one.length ? q : null,
    });
  };
  const pick = (id: string | boolean) => {
    if (typeof id === 'string') load(id);
  };
  onChoice('quality', pick);
  load(rememberedQuality());
  return {
    name: 'mpegts',
    play: () => playMedia(video),
    destroy: () => {
      releaseChoice('quality', pick);
      player?.destroy();
    },
  };
}
