/**
 * The live page's video source, written into the page (src/islands/player/live-video.ts): the
 * API's answer to `GET /api/channels/{id}/stream`, asked with the visitor's own cookies (the API
 * decides who may watch: adult lives, password lives), so the browser starts the video while it
 * parses the page, not after the island's code, its hydration and its own request. Written as
 * data attributes (with the live's HTTP-FLV renditions, for the player's low-latency mode) and, for
 * HLS without them (the demo), a `<source>` a browser with HLS of its own plays at once: never a
 * script (the page's CSP allows only the scripts it was built with).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { COOKIE, livePassCookie } from '../../domain/cookies.ts';
import {
  flvRenditions,
  htmlAttr,
  LIVE_VIDEO_ID,
  PREFETCH_SCRIPT_ATTR,
  STREAM_FORMATS,
  videoTagWithSource,
  type LiveSource,
} from '../../domain/live-video.ts';
import { fetchApi, UpstreamError, upstreamHeaders } from '../upstream.ts';

const LIVE_PAGE = /^\/channels\/(\d{1,10})\/live\/?$/;
/** The video waits for this at most; past it the page's own script asks (as without the worker). */
const SOURCE_TIMEOUT_MS = 1500;

/** The channel id of a live page, or null. */
export function livePageChannel(pathname: string): number | null {
  const m = LIVE_PAGE.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** The API's answer for this visitor, or null (not live, not theirs to see, no answer in time). */
async function askedSource(c: Context<AppEnv>, channelId: number): Promise<LiveSource | null> {
  try {
    const headers = upstreamHeaders(c);
    headers.set('accept', 'application/json');
    const res = await fetchApi(c, `/api/channels/${channelId}/stream`, { method: 'GET', headers }, SOURCE_TIMEOUT_MS);
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const body = (await res.json()) as {
      sources?: { url?: unknown; format?: unknown; urlDetail?: { flv?: { resolution?: unknown } } }[];
    };
    const first = body.sources?.[0];
    const format = STREAM_FORMATS.find((f) => f === first?.format);
    if (!format || typeof first?.url !== 'string') return null;
    const url = new URL(first.url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    // The low-latency mode's renditions, same-origin as the stream (the media proxy's) or left out.
    const flv = flvRenditions(first.urlDetail?.flv?.resolution).flatMap((r) => {
      const at = new URL(r.url, url);
      return at.origin === url.origin ? [{ ...r, url: at.href }] : [];
    });
    return flv.length ? { url: url.href, format, flv } : { url: url.href, format };
  } catch (e) {
    if (e instanceof UpstreamError || e instanceof SyntaxError || e instanceof TypeError) return null;
    throw e;
  }
}

/**
 * A public live's answer is the same for every visitor who is neither signed in nor holds a
 * password live's pass: the API decides on those alone, and it signs media addresses for the stream,
 * not for the viewer (api/ingest/media-urls.ts). Such a visitor's answer is kept this long per
 * isolate, for the next such visitors of the same channel and brand (a popular live's arrivals ask
 * the API once, and their pages do not wait for it). Only answers with a source are kept: an
 * adult live answers an anonymous visitor 401, a password live 403, and those are asked every time.
 * What it costs: for at most this long after a live ends, or after its BJ sets a password, a new
 * anonymous visitor's page starts a source that is gone or now locked (its token, like every token
 * handed out before, stays good for its window); the page's own read of the stream, after the first
 * frame, then shows what the API says.
 */
export const ANONYMOUS_SOURCE_TTL_MS = 5000;
const ANONYMOUS_SOURCES_MAX = 500;
/** Answers, not promises: a promise of another request's I/O is not this request's to wait on (workerd). */
const anonymousSources = new Map<string, { at: number; source: LiveSource }>();

/**
 * Whether the API would answer this visitor as it answers everyone anonymous: no session, no pass for the channel's
 * live.
 */
function anonymous(c: Context<AppEnv>, channelId: number): boolean {
  if (c.get('signedIn')) return false;
  // Any cookie of these names counts, even one that readCookie (worker/cookies.ts) would call
  // absent (empty, doubled): whatever the API makes of it, such a visitor is asked about.
  const cookie = c.get('upstreamCookie') ?? c.req.header('cookie') ?? '';
  const names = cookie.split(';').map((part) => part.split('=', 1)[0]!.trim());
  return !names.some(
    (name) =>
      name === COOKIE.access ||
      name === COOKIE.accessFallback ||
      name === COOKIE.refresh ||
      name === livePassCookie(channelId),
  );
}

/** The visitor's source of the channel's live, or null (not live, not theirs to see, no answer in time). */
export async function liveSource(c: Context<AppEnv>, channelId: number, now = Date.now()): Promise<LiveSource | null> {
  if (!anonymous(c, channelId)) return askedSource(c, channelId);
  const key = `${c.get('brand').id}:${channelId}`;
  const hit = anonymousSources.get(key);
  if (hit && now - hit.at < ANONYMOUS_SOURCE_TTL_MS) return hit.source;
  const source = await askedSource(c, channelId);
  if (source) {
    anonymousSources.delete(key);
    if (anonymousSources.size >= ANONYMOUS_SOURCES_MAX) anonymousSources.delete(anonymousSources.keys().next().value!);
    anonymousSources.set(key, { at: now, source });
  }
  return source;
}

const VIDEO_TAG = new RegExp(`<video id="${LIVE_VIDEO_ID}"[^>]*>`);
const PREFETCH_SCRIPT = `<script ${PREFETCH_SCRIPT_ATTR}>`;

/**
 * The live page with its video's source written in, sent in three parts: everything before the
 * video at once, so the browser commits the page and parses its head while the API answers; then
 * the video (the browser starts it) and what follows up to the script after the player, once the
 * source is known; then that script with what the player will ask for first (`hints`, given the
 * source: stream-hints.ts) and the rest, once those are known (an HTMLRewriter handler that waited
 * would hold its whole chunk, the whole page file, back).
 *
 * Sent as `content-encoding: identity`: an HTML response without an encoding is gzipped on its way
 * out (Cloudflare's front line, and Miniflare's entry worker that imitates it for `wrangler dev`),
 * and that compressor held the head until the end of the page, the source's answer included.
 * The page is ~14 KiB; its scripts and stylesheets, the bulk of its bytes, stay compressed.
 */
export async function withLiveSource(
  page: Response,
  source: Promise<LiveSource | null>,
  hints: (s: LiveSource) => Promise<string[]>,
): Promise<Response> {
  const html = await page.text();
  const tag = VIDEO_TAG.exec(html);
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  // What is ready goes out in one part: a part is sent only before waiting for what is not known yet.
  let ready = '';
  const later = Symbol('later');
  const when = async <T>(value: Promise<T>): Promise<T> => {
    // Listed first, a promise settled already wins the race.
    const now = await Promise.race([value, Promise.resolve(later)]);
    if (now !== later) return now as T;
    if (ready) void writer.write(encoder.encode(ready));
    ready = '';
    return value;
  };
  const rest = async () => {
    if (!tag) return writer.write(encoder.encode(html));
    ready = html.slice(0, tag.index);
    const s = await when(source);
    const afterTag = tag.index + tag[0].length;
    const script = html.indexOf(PREFETCH_SCRIPT, afterTag);
    if (!s || script < 0)
      return writer.write(encoder.encode(ready + (s ? videoTagWithSource(tag[0], s) : tag[0]) + html.slice(afterTag)));
    ready += videoTagWithSource(tag[0], s) + html.slice(afterTag, script);
    const urls = await when(hints(s));
    const open = urls.length
      ? `<script ${PREFETCH_SCRIPT_ATTR} data-prefetch="${htmlAttr(urls.join(' '))}">`
      : PREFETCH_SCRIPT;
    await writer.write(encoder.encode(ready + open + html.slice(script + PREFETCH_SCRIPT.length)));
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
  // must run before the first paint. Nor the one after the player that fetches what the player asks
  // for first (src/islands/player/prefetch-ahead.ts): it must run while the parser is at it.
  return rewriter.on(`script:not([src]):not([type]):not([data-page-mode]):not([${PREFETCH_SCRIPT_ATTR}])`, {
    element(el) {
      el.setAttribute('type', 'module');
    },
  });
}
