/**
 * Playback engines, each loaded on demand so only pages that play pay for them:
 * hls → native HLS where the browser has it (Safari), else hls.js; bp_flv → mpegts.js;
 * ivs → the IVS playback URL is an HLS playlist, played through hls.js (the Amazon IVS web
 * player, with its low-latency extensions, is not bundled: see docs/BENCHMARKS.md notes).
 */
export type StreamFormat = 'hls' | 'bp_flv' | 'ivs';

export interface Engine {
  destroy(): void;
}

export async function attachEngine(video: HTMLVideoElement, format: StreamFormat, url: string, onFatal: () => void): Promise<Engine> {
  if (format === 'bp_flv') {
    const { default: mpegts } = await import('mpegts.js');
    if (!mpegts.isSupported()) throw new Error('mse unsupported');
    const player = mpegts.createPlayer({ type: 'flv', isLive: true, url });
    player.on(mpegts.Events.ERROR, onFatal);
    player.attachMediaElement(video);
    player.load();
    return { destroy: () => player.destroy() };
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    return { destroy: () => video.removeAttribute('src') };
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) throw new Error('mse unsupported');
  const hls = new Hls({ lowLatencyMode: format === 'ivs', enableWorker: true });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}
