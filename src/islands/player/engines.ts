/**
 * Playback engines, each loaded on demand so only pages that play pay for them, and only the one
 * the stream needs: hls → hls.js where the browser has Media Source Extensions, else native HLS
 * (iPhone Safari);
 * bp_flv → mpegts.js; ivs → the Amazon IVS web player (npm `amazon-ivs-player`, its wasm worker
 * and binary served from our origin: see ivs-engine.ts). When the IVS player is unsupported, never
 * starts, or fails before it plays, the stream (an HLS playlist) falls back to HLS playback as
 * above and the fallback is reported (reportClientIssue), so the viewer still sees video.
 */
export type StreamFormat = 'hls' | 'bp_flv' | 'ivs';

/** Which engine plays; the player shows it as `data-engine` (tests, support). */
export type EngineName = 'ivs' | 'hls.js' | 'native-hls' | 'mpegts';

export interface Engine {
  name: EngineName;
  /** Starts playback (muted autoplay; a refusal by the browser is not an error). */
  play(): void;
  destroy(): void;
}

export interface EngineEvents {
  /** Playback failed for good: the player shows its error. */
  onFatal(): void;
  /** The engine changed after the first one gave up (IVS → hls.js). */
  onEngine(name: EngineName): void;
  /** Why the preferred engine gave up; the caller reports it. */
  onFallback(reason: string): void;
}

export async function attachEngine(video: HTMLVideoElement, format: StreamFormat, url: string, events: EngineEvents): Promise<Engine> {
  if (format === 'bp_flv') return attachFlv(video, url, events.onFatal);
  if (format === 'ivs') {
    const { attachIvs } = await import('./ivs-engine.ts');
    return attachIvs(video, url, events, () => attachHls(video, url, true, events.onFatal));
  }
  return attachHls(video, url, false, events.onFatal);
}

async function attachFlv(video: HTMLVideoElement, url: string, onFatal: () => void): Promise<Engine> {
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) throw new Error('mse unsupported');
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url });
  player.on(mpegts.Events.ERROR, onFatal);
  player.attachMediaElement(video);
  player.load();
  return { name: 'mpegts', play: () => playMedia(video), destroy: () => player.destroy() };
}

/**
 * hls.js first, as its authors advise: Chromium now also claims native HLS, but its demuxer gives up
 * on a live's first segment when audio starts before the first video frame (as an encoder's first
 * second often does), where hls.js plays on.
 */
export async function attachHls(video: HTMLVideoElement, url: string, lowLatency: boolean, onFatal: () => void): Promise<Engine> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    if (!video.canPlayType('application/vnd.apple.mpegurl')) throw new Error('hls unsupported');
    video.src = url;
    return { name: 'native-hls', play: () => playMedia(video), destroy: () => video.removeAttribute('src') };
  }
  const hls = new Hls({ lowLatencyMode: lowLatency, enableWorker: true });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return { name: 'hls.js', play: () => playMedia(video), destroy: () => hls.destroy() };
}

function playMedia(video: HTMLVideoElement): void {
  void video.play().catch(() => undefined);
}
