/**
 * The live page's video element is plain HTML in the prebuilt page, not React's: the worker gives
 * it the live's source (worker/routes/live-source.ts: `data-src`, `data-format` and, for HLS, a
 * `<source>` the browser plays by itself where it can), so playback starts while the page is
 * still parsing, before any script. The island only adopts it.
 */
import type { StreamFormat } from './engines.ts';

export const LIVE_VIDEO_ID = 'live-video';

/** HLS's media type: a browser that plays it natively says so for this type. */
export const HLS_TYPE = 'application/vnd.apple.mpegurl';

const FORMATS: readonly StreamFormat[] = ['hls', 'bp_flv', 'ivs'];

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The element as the prebuilt page carries it: muted autoplay (what browsers allow), looping demo lives. */
export function liveVideoHtml(label: string): string {
  return `<video id="${LIVE_VIDEO_ID}" class="player-video" data-testid="player-video" aria-label="${attr(label)}" muted autoplay playsinline loop></video>`;
}

export interface LiveSource {
  format: StreamFormat;
  url: string;
}

/** The source the worker wrote into the page, or null (none: the live is not the visitor's to see yet, or the worker had no answer). */
export function writtenSource(video: HTMLVideoElement | null): LiveSource | null {
  const format = video?.dataset.format as StreamFormat | undefined;
  const url = video?.dataset.src;
  return format && url && FORMATS.includes(format) ? { format, url } : null;
}

export function liveVideo(): HTMLVideoElement | null {
  return typeof document === 'undefined' ? null : (document.getElementById(LIVE_VIDEO_ID) as HTMLVideoElement | null);
}
