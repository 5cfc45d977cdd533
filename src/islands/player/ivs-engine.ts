/**
 * The Amazon IVS web player (npm distribution). This module is imported only for `ivs` streams, so
 * the player (~110 KiB gzip) and its wasm stay off every other page. The wasm worker and binary
 * are build assets of our own origin (Vite `?url`: hashed, immutable), never the IVS CDN. The
 * player compiles its wasm inside that same-origin worker, which runs under its own CSP
 * (public/_headers: wasm allowed, connections to our origin only), so the page's CSP needs
 * nothing beyond `worker-src 'self'`.
 */
import {
  create,
  isPlayerSupported,
  PlayerEventType,
  PlayerState,
  type MediaPlayer,
  type Quality as IvsQuality,
} from 'amazon-ivs-player';
import wasmWorker from 'amazon-ivs-player/dist/assets/amazon-ivs-wasmworker.min.js?url';
import wasmBinary from 'amazon-ivs-player/dist/assets/amazon-ivs-wasmworker.min.wasm?url';
import type { Engine, EngineEvents } from './engines.ts';
import { onChoice, releaseChoice, rememberedQuality, reportPlayback, type Quality } from './playback-choice.ts';
import { byHeight, matchQuality } from './quality-pick.ts';

/**
 * A worker or wasm that fails to load makes the player wait forever, with no error event; without
 * `PlayerInitialized` by then, we play through the fallback instead (the wasm is ~480 KiB gzip).
 */
const IVS_START_TIMEOUT_MS = 10_000;

/**
 * Plays `url` through the IVS player. Until the first frame plays, any failure (no WebAssembly,
 * a worker that never starts, an error event, a stream it refuses) hands over to `fallback` once;
 * after that an error is fatal.
 */
export async function attachIvs(
  video: HTMLVideoElement,
  url: string,
  events: EngineEvents,
  fallback: () => Promise<Engine>,
): Promise<Engine> {
  if (!isPlayerSupported) return fallBack('WebAssembly unsupported', events, fallback);
  let player: MediaPlayer;
  try {
    player = create({ wasmWorker: absolute(wasmWorker), wasmBinary: absolute(wasmBinary) });
  } catch (e) {
    return fallBack(`create failed: ${String(e)}`, events, fallback);
  }

  const ivs: Engine = { name: 'ivs', play: () => player.play(), destroy: () => player.delete() };
  let current: Engine | null = ivs;
  let played = false;
  let destroyed = false;

  // The player keeps its own muted state; follow the element, whose muted prop React owns.
  const followMuted = () => {
    if (current === ivs && player.isMuted() !== video.muted) player.setMuted(video.muted);
  };
  const giveUp = (reason: string) => {
    if (destroyed || current !== ivs) return;
    clearTimeout(watchdog);
    video.removeEventListener('volumechange', followMuted);
    releaseChoice('quality', pick);
    player.delete();
    current = null;
    fallBack(reason, events, fallback).then(
      (engine) => {
        if (destroyed) return engine.destroy();
        current = engine;
        engine.play();
      },
      () => events.onFatal(),
    );
  };
  const watchdog = setTimeout(() => giveUp(`not initialized after ${IVS_START_TIMEOUT_MS} ms`), IVS_START_TIMEOUT_MS);

  player.addEventListener(PlayerEventType.INITIALIZED, () => clearTimeout(watchdog));
  // The IVS player's own qualities (a STANDARD channel transcodes), its Auto its own ABR.
  const qualityOf = (q: IvsQuality): Quality => ({
    id: q.name,
    height: q.height || null,
    source: /source/i.test(q.name),
  });
  const report = () => {
    const all = player.getQualities();
    const qualities = all.length > 1 ? byHeight(all.map(qualityOf)) : [];
    reportPlayback({
      qualities,
      selected: player.isAutoQualityMode() ? 'auto' : player.getQuality().name,
      playing: qualities.length ? qualityOf(player.getQuality()) : null,
    });
  };
  const pick = (id: string | boolean) => {
    if (current !== ivs || typeof id !== 'string') return;
    const q = id === 'auto' ? null : player.getQualities().find((x) => x.name === id);
    if (q) player.setQuality(q, false);
    else player.setAutoQualityMode(true);
    report();
  };
  player.addEventListener(PlayerEventType.QUALITY_CHANGED, report);
  player.addEventListener(PlayerState.READY, () => {
    const wanted = matchQuality(player.getQualities().map(qualityOf), rememberedQuality());
    if (wanted) pick(wanted.id);
    else report();
  });
  onChoice('quality', pick);
  player.addEventListener(PlayerState.PLAYING, () => {
    played = true;
  });
  // The demo live is a looping recording; IVS has no loop option, so a live that ends starts over.
  player.addEventListener(PlayerState.ENDED, () => {
    if (!video.loop) return;
    player.seekTo(0);
    player.play();
  });
  player.addEventListener(PlayerEventType.ERROR, (error) => {
    if (played && current === ivs) return events.onFatal();
    giveUp(`${error.type} ${error.code} ${error.source}: ${error.message}`);
  });

  player.setAutoplay(true);
  player.setMuted(video.muted);
  video.addEventListener('volumechange', followMuted);
  player.attachHTMLVideoElement(video);
  player.load(absolute(url));

  return {
    get name() {
      return current?.name ?? 'ivs';
    },
    play: () => current?.play(),
    destroy: () => {
      destroyed = true;
      releaseChoice('quality', pick);
      clearTimeout(watchdog);
      video.removeEventListener('volumechange', followMuted);
      current?.destroy();
      current = null;
    },
  };
}

async function fallBack(reason: string, events: EngineEvents, fallback: () => Promise<Engine>): Promise<Engine> {
  events.onFallback(reason);
  const engine = await fallback();
  events.onEngine(engine.name);
  return engine;
}

/** The player resolves URLs inside its worker, whose base is the worker script, not the page. */
function absolute(url: string): string {
  return new URL(url, document.baseURI).href;
}
