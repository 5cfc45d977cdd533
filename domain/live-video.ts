/**
 * The live page's video element, as the prebuilt page carries it and the worker fills it in
 * (worker/routes/live-source.ts writes `data-src`, `data-format` and, for HLS, a `<source>`;
 * src/islands/player/live-video.ts reads them): one definition for both sides.
 */

export const LIVE_VIDEO_ID = 'live-video';

/**
 * The User Timing mark the live page sets when its video first holds data (`loadeddata`,
 * src/islands/player/after-first-frame.ts): the player's watchdog (engines.ts) counts a native start
 * that holds data without starting from it, since the page's script loads only after.
 */
export const LIVE_DATA_MARK = 'live-video:data';

/**
 * The live page's inline classic script right after its player (src/islands/player/prefetch-ahead.ts):
 * the worker gives it, as `data-prefetch` (space-separated), the addresses its player asks for first
 * (domain/stream-hints.ts), and it fetches them.
 */
export const PREFETCH_SCRIPT_ATTR = 'data-prefetch-ahead';

/** HLS's media type: a browser that plays it natively says so for this type. */
export const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** The formats a live's source may have (the stream API's `sources[].format`). */
export const STREAM_FORMATS = ['hls', 'bp_flv', 'ivs'] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];

/** One HTTP-FLV rendition of a live (the stream answer's `urlDetail.flv.resolution[]`). */
export interface FlvRendition {
  /** The rendition's name, as the HLS variants are named: `src` (the encoder's own), `720p`, `480p`, … */
  id: string;
  height: number | null;
  url: string;
}

export interface LiveSource {
  format: StreamFormat;
  url: string;
  /**
   * The live's HTTP-FLV renditions (a live of our media server; the demo and IVS have none): the
   * player's low-latency mode plays them. With them the worker writes no `<source>` for the
   * browser's own HLS: the player starts hls.js at once where it can (engines.ts), for the quality
   * menu and the latency it holds, which the browser's own HLS gives neither of.
   */
  flv?: FlvRendition[];
}

/** The stream answer's `urlDetail.flv.resolution[]` as renditions (entries without an address left out). */
export function flvRenditions(resolution: unknown): FlvRendition[] {
  if (!Array.isArray(resolution)) return [];
  return resolution.flatMap((r: { url?: unknown; resolution?: unknown; suffixName?: unknown }) =>
    typeof r?.url === 'string' && r.url
      ? [
          {
            id: typeof r.suffixName === 'string' && r.suffixName ? r.suffixName : 'src',
            height: typeof r.resolution === 'number' && r.resolution > 0 ? r.resolution : null,
            url: r.url,
          },
        ]
      : [],
  );
}

/**
 * The seeded demo lives' master playlist (development data; worker/routes/demo-master.ts answers it):
 * over an 8-second recording that the video loops so that it looks live.
 */
export const DEMO_MASTER_PATH = '/demo/master.m3u8';

/**
 * Whether the live video loops this source: the demo's only. A real live's playlist slides and never
 * ends, and on an element with `loop` Chromium's own HLS stops reloading it once it has fetched its
 * first segments: a viewer arriving mid-broadcast saw about 3 s of video, then a stall of ~10 s (or no
 * frame at all), while the same playlist without `loop` plays on.
 */
export function loopsSource(url: string): boolean {
  try {
    return new URL(url, 'http://localhost/').pathname === DEMO_MASTER_PATH;
  } catch {
    return false;
  }
}

/** Text made safe inside a double-quoted HTML attribute. */
export const htmlAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The element as the prebuilt page carries it: muted autoplay (what browsers allow); `loop` comes with a source that
 * loops.
 */
export function liveVideoHtml(label: string): string {
  return `<video id="${LIVE_VIDEO_ID}" class="player-video" data-testid="player-video" aria-label="${htmlAttr(label)}" muted autoplay playsinline></video>`;
}

/**
 * The element's opening tag (as liveVideoHtml wrote it) with the source written in: `loop` for the
 * demo (loopsSource), data attributes (the FLV renditions as JSON in `data-flv`) and, for HLS
 * without FLV renditions (the demo), a `<source>` after it.
 */
export function videoTagWithSource(tag: string, s: LiveSource): string {
  const flv = s.flv?.length ? ` data-flv="${htmlAttr(JSON.stringify(s.flv))}"` : '';
  const open = `${tag.slice(0, -1)}${loopsSource(s.url) ? ' loop' : ''} data-src="${htmlAttr(s.url)}" data-format="${s.format}"${flv}>`;
  return s.format === 'hls' && !flv ? `${open}<source src="${htmlAttr(s.url)}" type="${HLS_TYPE}">` : open;
}
