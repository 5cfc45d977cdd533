/**
 * The live page's video element is plain HTML in the prebuilt page, not React's: the worker gives
 * it the live's source (worker/routes/live-source.ts: `data-src`, `data-format`, a media server
 * live's FLV renditions as `data-flv` and, for HLS without them (the demo), a `<source>` the
 * browser plays by itself where it can), so playback starts while the page is still parsing. The
 * island only adopts it.
 */
import {
  HLS_TYPE,
  LIVE_VIDEO_ID,
  STREAM_FORMATS,
  type FlvRendition,
  type LiveSource,
  type StreamFormat,
} from '../../../domain/live-video.ts';

export {
  LIVE_DATA_MARK,
  LIVE_VIDEO_ID,
  liveVideoHtml,
  loopsSource,
  type LiveSource,
} from '../../../domain/live-video.ts';

/**
 * The source the worker wrote into the page, or null (none: the live is not the visitor's to see yet, or the worker had
 * no answer).
 */
export function writtenSource(video: HTMLVideoElement | null): LiveSource | null {
  const format = video?.dataset.format as StreamFormat | undefined;
  const url = video?.dataset.src;
  if (!format || !url || !(STREAM_FORMATS as readonly string[]).includes(format)) return null;
  const flv = writtenFlv(video?.dataset.flv);
  return flv.length ? { format, url, flv } : { format, url };
}

/** The FLV renditions the worker wrote as `data-flv` (JSON of flvRenditions' answer), or none. */
function writtenFlv(json: string | undefined): FlvRendition[] {
  try {
    const flv: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(flv) ? flv : [];
  } catch {
    return [];
  }
}

export function liveVideo(): HTMLVideoElement | null {
  return typeof document === 'undefined' ? null : (document.getElementById(LIVE_VIDEO_ID) as HTMLVideoElement | null);
}

/**
 * Whether the browser plays the written source by itself: an HLS `<source>` where the browser has HLS of its own
 * (Chromium, Safari).
 */
export function playsWrittenSource(video: HTMLVideoElement | null): boolean {
  return (
    writtenSource(video)?.format === 'hls' && !!video?.querySelector('source') && video.canPlayType(HLS_TYPE) !== ''
  );
}
