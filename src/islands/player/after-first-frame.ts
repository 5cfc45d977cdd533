/**
 * `client:afterframe` (astro.config.mjs): hydrates an island once the live page's video has shown
 * its first frame, so the island's code, its requests and its rendering do not compete with the
 * playlist and the first segments for the connections and the main thread. At once when the page
 * has no video with a source (the worker wrote none: no worker, a locked, ended or password live);
 * on the video's or its source's error; at the latest AFTER_FRAME_MAX_MS after the page is parsed
 * (autoplay refused, a slow stream). Astro writes this into the page: keep it small.
 */
import type { ClientDirective } from 'astro';
import { LIVE_VIDEO_ID } from './live-video.ts';

export const AFTER_FRAME_MAX_MS = 2000;
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
    video.addEventListener('loadeddata', () => (video.requestVideoFrameCallback ? video.requestVideoFrameCallback(done) : done()), { once: true });
    // A <source>'s error does not bubble; the capture phase still passes through the video.
    video.addEventListener('error', done, { capture: true, once: true });
  });
  return frame;
}

const afterFrame: ClientDirective = (load) => {
  void firstFrame().then(async () => (await load())());
};

export default afterFrame;
