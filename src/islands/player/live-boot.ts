/**
 * The live page's own script (live.astro): starts the worker-given source before the island
 * hydrates. Where the browser already plays the written HLS `<source>` by itself (Chromium, Safari),
 * the player's code loads after the first frame (after-first-frame.ts): it has nothing to do
 * before, and its requests and run would compete with the playlist and the first segments.
 */
import { firstFrame } from './after-first-frame.ts';
import { HLS_TYPE, liveVideo, writtenSource } from './live-video.ts';

const video = liveVideo();
const native = writtenSource(video)?.format === 'hls' && !!video?.querySelector('source') && video.canPlayType(HLS_TYPE) !== '';
void (native ? firstFrame() : Promise.resolve()).then(() => import('./live-start.ts')).then((live) => live.playLive());
