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
import { LIVE_VIDEO_ID, STREAM_FORMATS, videoTagWithSource, type LiveSource } from '../../domain/live-video.ts';
import { fetchApi, UpstreamError, upstreamHeaders } from '../upstream.ts';

const LIVE_PAGE = /^\/channels\/(\d{1,10})\/live\/?$/;
/** The video waits for this at most; past it the page's own script asks (as without the worker). */
const SOURCE_TIMEOUT_MS = 1500;

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
    const format = STREAM_FORMATS.find((f) => f === first?.format);
    if (!format || typeof first?.url !== 'string') return null;
    const url = new URL(first.url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { url: url.href, format } : null;
  } catch (e) {
    if (e instanceof UpstreamError || e instanceof SyntaxError || e instanceof TypeError) return null;
    throw e;
  }
}

const VIDEO_TAG = new RegExp(`<video id="${LIVE_VIDEO_ID}"[^>]*>`);

/**
 * The live page with its video's source written in, sent in two parts: everything before the video
 * at once, so the browser asks for the stylesheets and scripts while the API answers, then the
 * video and the rest once the source is known (an HTMLRewriter handler that waited would hold its
 * whole chunk, the whole page file, back).
 *
 * Sent as `content-encoding: identity`: an HTML response without an encoding is gzipped on its way
 * out (Cloudflare's front line, and Miniflare's entry worker that imitates it for `wrangler dev`),
 * and that compressor held the head until the end of the page, the source's answer included.
 * The page is ~14 KiB; its scripts and stylesheets, the bulk of its bytes, stay compressed.
 */
export async function withLiveSource(page: Response, source: Promise<LiveSource | null>): Promise<Response> {
  const html = await page.text();
  const tag = VIDEO_TAG.exec(html);
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const rest = async () => {
    if (!tag) return writer.write(encoder.encode(html));
    void writer.write(encoder.encode(html.slice(0, tag.index)));
    const s = await source;
    await writer.write(encoder.encode((s ? videoTagWithSource(tag[0], s) : tag[0]) + html.slice(tag.index + tag[0].length)));
  };
  rest().then(
    () => writer.close(),
    (e: unknown) => writer.abort(e),
  );
  const headers = new Headers(page.headers);
  headers.delete('content-length');
  headers.set('content-encoding', 'identity');
  return new Response(readable, { status: page.status, headers });
}

/**
 * The page's inline scripts (Astro's island runtime and its directives, all before the video)
 * become module scripts: a classic script in the parser waits for every stylesheet above it
 * (HTML §4.2.4 "script-blocking style sheet"), so the video would be parsed, and its playlist
 * asked, only once the page's stylesheets had arrived. A module script runs after parsing, in
 * document order, which the runtime supports (an island waits for its directive's event). Their
 * CSP hashes cover their text only, so they still run.
 */
export function inlineScriptsAsModules(rewriter: HTMLRewriter): HTMLRewriter {
  // Not the page mode's (src/lib/page-mode.ts): above the stylesheets, it waits for none, and it
  // must run before the first paint.
  return rewriter.on('script:not([src]):not([type]):not([data-page-mode])', {
    element(el) {
      el.setAttribute('type', 'module');
    },
  });
}
