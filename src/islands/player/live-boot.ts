/**
 * The live page's early script, imported by its loader (live-loader.ts): at once where the page's
 * script starts the video, after the first frame where the browser plays the written HLS source by
 * itself. It starts or adopts playback (live-start.ts) and, after the first frame, runs the shell's
 * script (src/lib/shell-boot.ts, in the chunk with React), like the page's islands (`client:afterframe`).
 * The page mode (theme, app mode) is not its business: the page's first script, in its head, set it.
 */
import { firstFrame } from './after-first-frame.ts';
import { playLive } from './live-start.ts';

playLive();

void firstFrame().then(() => import('../../lib/shell-boot.ts'));
