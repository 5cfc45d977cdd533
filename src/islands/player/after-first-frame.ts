/**
 * `client:afterframe` (astro.config.mjs): hydrates an island once the live page's video has shown
 * its first frame, so the island's code, its requests and its rendering do not compete with the
 * playlist and the first segments for the connections and the main thread. At once when the page
 * has no video with a source (the worker wrote none: no worker, a locked, ended or password live);
 * on the video's or its source's error; DATA_WITHOUT_FRAME_MS after the video first held data with no
 * frame shown (Chromium's own HLS wedged at a live's start: the player's watchdog then hands it to
 * hls.js, engines.ts); at the latest AFTER_FRAME_MAX_MS after the page is parsed (autoplay refused,
 * a slow stream). Astro writes this into the page: keep it small.
 */
import type { ClientDirective } from 'astro';
import { LIVE_DATA_MARK, LIVE_VIDEO_ID } from './live-video.ts';

export const AFTER_FRAME_MAX_MS = 2000;
/** A healthy start shows its frame within a frame or two of its first data. */
export const DATA_WITHOUT_FRAME_MS = 1000;
/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame is there to present. */
const HAVE_CURRENT_DATA = 2;

let frame: Promise<void> | undefined;

/** Resolves on the first frame of the live video, as above (once per page). */
export function firstFrame(): Promise<void> {
  frame ??= new Promise((resolve) => {
    const video = document.getElementById(LIVE_VIDEO_ID) as HTMLVideoElement | null;
    if (!video?.dataset.src || video.readyState >= HAVE_CURRENT_DATA) return resolve();
    const timer = setTimeout(resolve, AFTER_FRAME_MAX_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    video.addEventListener(
      'loadeddata',
      () => {
        performance.mark(LIVE_DATA_MARK);
        setTimeout(done, DATA_WITHOUT_FRAME_MS);
        // Without requestVideoFrameCallback (older browsers), the timer above resolves.
        video.requestVideoFrameCallback?.(done);
      },
      { once: true },
    );
    // A <source>'s error does not bubble; the capture phase still passes through the video.
    video.addEventListener('error', done, { capture: true, once: true });
  });
  return frame;
}

const afterFrame: ClientDirective = (load) => {
  void firstFrame().then(async () => (await load())());
};

export default afterFrame;
