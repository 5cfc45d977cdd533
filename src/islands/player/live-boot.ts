/**
 * The live page's one early script (Base.astro with `afterFrame`): what must run before the video's
 * first frame, and nothing else, in as few requests as possible (each one competes with the playlist
 * and the first segments for the connections, the server and the main thread; docs/BENCHMARKS.md):
 * - playback of the source the worker wrote into the page. Where the browser plays the written HLS
 *   `<source>` by itself (Chromium, Safari), the player's code loads after the first frame
 *   (after-first-frame.ts): it has nothing to do before;
 * - the shell's script (src/lib/shell-boot.ts, in the chunk with React), after the first frame, like
 *   the page's islands (`client:afterframe`).
 * The page mode (theme, app mode) is not its business: the page's first script, in its head, set it.
 */
import { firstFrame } from './after-first-frame.ts';
import { HLS_TYPE, liveVideo, writtenSource } from './live-video.ts';

const video = liveVideo();
const native = writtenSource(video)?.format === 'hls' && !!video?.querySelector('source') && video.canPlayType(HLS_TYPE) !== '';
void (native ? firstFrame() : Promise.resolve()).then(() => import('./live-start.ts')).then((live) => live.playLive());

void firstFrame().then(() => import('../../lib/shell-boot.ts'));
