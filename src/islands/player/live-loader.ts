/**
 * The live page's loader, written into the page by src/layouts/Base.astro as an inline
 * `async` module after the video: it runs as soon as it is parsed, waits for no stylesheet, and
 * asks for no file before it must. It imports the live page's early script (live-boot.ts, whose
 * built address the build puts in its `data-live-boot`: scripts/live-page.ts):
 * - at once when the page's script must start the video (FLV, IVS, HLS where the browser has no HLS
 *   of its own, no source written);
 * - after the first frame where the browser plays the written HLS `<source>` by itself (Chromium,
 *   Safari): before it, the early script and its chunks would only compete with the playlist and
 *   the first segments for the connections and the main thread (docs/BENCHMARKS.md, first frame).
 */
import { firstFrame } from './after-first-frame.ts';
import { liveVideo, playsWrittenSource } from './live-video.ts';

const loader = document.querySelector('script[data-live-boot]');
const url = loader?.getAttribute('data-live-boot');
// A live from our media server (its FLV renditions written as `data-flv`) starts on hls.js at once
// (engines.ts): its engine chunk (hls.js, ~150 KiB gzip) is asked for now, beside the early script,
// rather than after the early script has loaded and run. The same address, so one module. Not in
// the low-latency mode, which plays through mpegts.js instead (playback-choice.ts's key).
const hlsEngine = loader?.getAttribute('data-hls-engine');
if (hlsEngine && liveVideo()?.dataset.flv && !lowLatencyOn()) void import(/* @vite-ignore */ hlsEngine).catch(() => {});
if (url)
  void (playsWrittenSource(liveVideo()) ? firstFrame() : Promise.resolve()).then(() => import(/* @vite-ignore */ url));

function lowLatencyOn(): boolean {
  try {
    return localStorage.getItem('player.lowLatency') === '1';
  } catch {
    return false;
  }
}
