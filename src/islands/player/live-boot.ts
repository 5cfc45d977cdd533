/** The live page's own script (live.astro): starts the worker-given source before the island hydrates. */
import { playLive } from './live-start.ts';

playLive();
