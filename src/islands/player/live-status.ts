/**
 * What the live player says over its video (LivePlayer.tsx), and its quiet retries. Loaded after
 * the player hydrates. A viewer never sees an error over a video that plays:
 * - `playing` as soon as the video plays, whatever was said before;
 * - `starting` while a live that has not played yet fails (its playlist is not written yet: a 404
 *   before the first segment is a live about to start, not an error), retried every RETRY_MS;
 * - `reconnecting` when a live that played stands still WAITING_MS, ends or fails (its encoder
 *   dropped: the live waits for it the reconnect grace, api/ingest/lifecycle.ts), over its last frame,
 *   retried likewise; after the grace the page hears `broadcast_stop` and shows the offline state;
 * - `error` when it has not played for GIVE_UP_MS of retries.
 */
import { livePlayback, playLive, stopLive } from './live-start.ts';
import type { LiveSource } from './live-video.ts';

export type LiveStatus = 'loading' | 'playing' | 'starting' | 'reconnecting' | 'error';

const RETRY_MS = 2000;
/** A live's video that waits for data this long is no longer a hiccup. */
const WAITING_MS = 1500;
/** Longer than the reconnect grace (INGEST_RECONNECT_GRACE_MS, 30 s), after which the live ends. */
const GIVE_UP_MS = 90_000;
/** HTMLMediaElement.HAVE_CURRENT_DATA. */
const HAVE_CURRENT_DATA = 2;

/** Follows `video`; `still` gets the last frame when the live stands still. Returns the stop. */
export function watchLive(
  video: HTMLVideoElement,
  still: HTMLCanvasElement | null,
  source: () => LiveSource | null,
  onStatus: (status: LiveStatus) => void,
): () => void {
  let played = !video.paused && video.readyState > HAVE_CURRENT_DATA;
  let status: LiveStatus = played ? 'playing' : 'loading';
  let troubleSince: number | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const set = (next: LiveStatus) => {
    if (next !== status) onStatus((status = next));
  };
  const trouble = () => {
    if (played && status !== 'reconnecting') paint(video, still);
    troubleSince ??= Date.now();
    set(Date.now() - troubleSince > GIVE_UP_MS ? 'error' : played ? 'reconnecting' : 'starting');
  };
  const again = () => {
    trouble();
    if (retry !== undefined || status === 'error') return;
    retry = setTimeout(() => {
      retry = undefined;
      const s = source();
      if (s && status !== 'playing') void stopLive().then(() => playLive(s));
    }, RETRY_MS);
  };
  const onPlaying = () => {
    played = true;
    troubleSince = null;
    clearTimeout(waiting);
    set('playing');
  };
  const onWaiting = () => {
    clearTimeout(waiting);
    if (played) waiting = setTimeout(trouble, WAITING_MS);
  };
  const onFailed = () => {
    if (livePlayback.get().failed) again();
  };
  video.addEventListener('playing', onPlaying);
  video.addEventListener('waiting', onWaiting);
  video.addEventListener('ended', again);
  const unsubscribe = livePlayback.subscribe(onFailed);
  onStatus(status);
  onFailed();
  return () => {
    clearTimeout(retry);
    clearTimeout(waiting);
    unsubscribe();
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('waiting', onWaiting);
    video.removeEventListener('ended', again);
  };
}

/** Copies the frame on screen to `canvas`, shown over the video while the engine is replaced. */
function paint(video: HTMLVideoElement, canvas: HTMLCanvasElement | null): void {
  if (!canvas || video.readyState < HAVE_CURRENT_DATA || !video.videoWidth) return;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
}
