/**
 * The live page's video source, written into the page (src/islands/player/live-video.ts): the
 * API's answer to `GET /api/channels/{id}/stream`, asked with the visitor's own cookies (the API
 * decides who may watch: adult lives, password lives), so the browser starts the video while it
 * parses the page, not after the island's code, its hydration and its own request. Written as
 * data attributes and, for HLS, a `<source>` a browser with HLS of its own plays at once: never
 * a script (the page's CSP allows only the scripts it was built with).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { fetchApi, UpstreamError, upstreamHeaders } from '../upstream.ts';

const LIVE_PAGE = /^\/channels\/(\d{1,10})\/live\/?$/;
/** The video waits for this at most; past it the page's own script asks (as without the worker). */
const SOURCE_TIMEOUT_MS = 1500;
const FORMATS = ['hls', 'bp_flv', 'ivs'] as const;
export const LIVE_VIDEO_SELECTOR = 'video#live-video';
const HLS_TYPE = 'application/vnd.apple.mpegurl';

export interface LiveSource {
  url: string;
  format: (typeof FORMATS)[number];
}

/** The channel id of a live page, or null. */
export function livePageChannel(pathname: string): number | null {
  const m = LIVE_PAGE.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** The visitor's source of the channel's live, or null (not live, not theirs to see, no answer in time). */
export async function liveSource(c: Context<AppEnv>, channelId: number): Promise<LiveSource | null> {
  try {
    const headers = upstreamHeaders(c);
    headers.set('accept', 'application/json');
    const res = await fetchApi(c, `/api/channels/${channelId}/stream`, { method: 'GET', headers }, SOURCE_TIMEOUT_MS);
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const body = (await res.json()) as { sources?: { url?: unknown; format?: unknown }[] };
    const first = body.sources?.[0];
    const format = FORMATS.find((f) => f === first?.format);
    if (!format || typeof first?.url !== 'string') return null;
    const url = new URL(first.url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { url: url.href, format } : null;
  } catch (e) {
    if (e instanceof UpstreamError || e instanceof SyntaxError || e instanceof TypeError) return null;
    throw e;
  }
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with the source written into its live video. The page streams out as it comes; only
 * the video element waits for the answer (already on its way while the page was fetched).
 *
 * The page's inline scripts (Astro's island runtime and its directives, all before the video)
 * become module scripts: a classic script in the parser waits for every stylesheet above it
 * (HTML §4.2.4 "script-blocking style sheet"), so the video would be parsed, and its playlist
 * asked, only once the page's stylesheets had arrived. A module script runs after parsing, in
 * document order, which the runtime supports (an island waits for its directive's event). Their
 * CSP hashes cover their text only, so they still run.
 */
export function withLiveSource(rewriter: HTMLRewriter, source: Promise<LiveSource | null>): HTMLRewriter {
  return rewriter
    .on('script:not([src]):not([type])', {
      element(el) {
        el.setAttribute('type', 'module');
      },
    })
    .on(LIVE_VIDEO_SELECTOR, {
      async element(el) {
        const s = await source;
        if (!s) return;
        el.setAttribute('data-src', s.url);
        el.setAttribute('data-format', s.format);
        if (s.format === 'hls') el.append(`<source src="${attr(s.url)}" type="${HLS_TYPE}">`, { html: true });
      },
    });
}
