import { Hono, type Context } from 'hono';
import {
  isMasterPlaylist,
  MEDIA_EDGE_HEADER,
  MEDIA_EDGE_KEY_MESSAGE,
  mediaStreamId,
  mediaTokenMessage,
  parseMediaToken,
  splitMediaAddress,
} from '../../domain/media.ts';
import type { AppEnv } from '../env.ts';

/**
 * Live and recorded media through the site's origin (docs/INGEST.md "Playback through the worker"):
 * `GET /media/{token}/{path}`. The token is the API's promise that its holder may watch the stream
 * the path names (adult and password rules were checked when it was minted); it is checked here
 * with MEDIA_TOKEN_SECRET (stateless: an HMAC and an expiry), then `path` alone is fetched from
 * MEDIA_ORIGIN with the edge key the media origin wants. A wrong, expired or another stream's
 * token is 403 and nothing is fetched. A live's master playlist gets absolute variant addresses
 * (recorders such as biliup use them as they are). Segments never change once written, so they are
 * cached at the edge under the path without the token: one copy for every viewer.
 */
export const mediaProxy = new Hono<AppEnv>();

const MEDIA_TIMEOUT_MS = 10_000;
/** Headers of the media origin's answer that reach the viewer. */
const PASSED = [
  'content-type',
  'content-length',
  'cache-control',
  'last-modified',
  'etag',
  'accept-ranges',
  'content-range',
];
/** HTTP-FLV's media type (nginx's and Adobe's). */
const FLV_TYPE = 'video/x-flv';
/** How long the browser may keep a live's master playlist, and its renditions' (see below). */
const MASTER_CACHE = 'private, max-age=60';
const LIVE_VARIANT_CACHE = 'private, max-age=1';
const DVR_PLAYLIST_CACHE = 'private, max-age=2';
/** What a playlist's answer never carries: it offers no ranges (see below). */
const RANGE_HEADERS = ['accept-ranges', 'content-range'];

const keys = new Map<string, Promise<CryptoKey>>();
const edgeKeys = new Map<string, Promise<string>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** HMAC-SHA256(secret, 'media-edge') as hex: what media/settings.ts mediaEdgeKey derives. */
export function edgeKeyOf(secret: string): Promise<string> {
  let key = edgeKeys.get(secret);
  if (!key) {
    key = hmacKey(secret).then(async (k) => {
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(MEDIA_EDGE_KEY_MESSAGE)));
      return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
    });
    edgeKeys.set(secret, key);
  }
  return key;
}

/** Whether `token` lets its holder fetch media of `streamId` now (constant-time: crypto.subtle.verify). */
export async function tokenAllows(
  secret: string,
  token: string,
  streamId: number,
  nowMs = Date.now(),
): Promise<boolean> {
  const parsed = parseMediaToken(token);
  if (!parsed || parsed.expS * 1000 <= nowMs) return false;
  const data = new TextEncoder().encode(mediaTokenMessage(streamId, parsed.expS));
  return crypto.subtle.verify('HMAC', await hmacKey(secret), base64urlBytes(parsed.signature), data);
}

/** Every non-comment line of a master playlist, made absolute against the playlist's own address. */
export function absoluteVariants(playlist: string, base: string): string {
  return playlist
    .split('\n')
    .map((line) => {
      const uri = line.trim();
      return uri && !uri.startsWith('#') ? new URL(uri, base).toString() : line;
    })
    .join('\n');
}

/** The address the viewer asked for (behind Cloudflare the scheme comes from CF-Visitor). */
export function visibleUrl(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  if (c.get('https')) url.protocol = 'https:';
  return url.toString();
}

function refused(c: Context<AppEnv>, status: 403 | 404 | 503): Response {
  return c.text(status === 403 ? 'forbidden' : status === 404 ? 'not found' : 'media unavailable', status, {
    'cache-control': 'no-store',
  });
}

mediaProxy.on(['GET', 'HEAD'], '*', async (c) => {
  const address = splitMediaAddress(new URL(c.req.url).pathname);
  const streamId = address ? mediaStreamId(address.path) : null;
  if (!address || streamId === null) return refused(c, 404);
  const secret = c.env.MEDIA_TOKEN_SECRET;
  const origin = c.env.MEDIA_ORIGIN;
  if (!secret || !origin) return refused(c, 503);
  if (!(await tokenAllows(secret, address.token, streamId))) return refused(c, 403);

  const upstream = new URL(address.path, origin.endsWith('/') ? origin : `${origin}/`);
  const segment = /\.(?:ts|jpg)$/.test(address.path) && c.req.method === 'GET';
  // The Cache API is per data centre; its key holds no token, so every viewer shares one copy.
  const cache = segment && typeof caches !== 'undefined' ? caches.default : null;
  const cacheKey = new Request(`https://media.invalid/${address.path}`);
  const hit = await cache?.match(cacheKey);
  if (hit) return hit;

  const headers = new Headers({ [MEDIA_EDGE_HEADER]: await edgeKeyOf(secret) });
  // A playlist is answered whole, never by ranges: a live's changes every second, and Chromium's own
  // HLS reads it again as 0-173 then 174- of what it took for one file, so two ranges taken a moment
  // apart stitched two versions together ("12.tts": a 404, and playback stopped for good).
  const playlist = address.path.endsWith('.m3u8');
  const range = playlist ? undefined : c.req.header('range');
  if (range) headers.set('range', range);
  let res: Response;
  try {
    res = await fetch(upstream, { method: c.req.method, headers, signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS) });
  } catch {
    return refused(c, 503);
  }
  if (res.status === 404) return refused(c, 404);
  if (!res.ok && res.status !== 206) return refused(c, 503);
  const out = new Headers();
  for (const name of playlist ? PASSED.filter((n) => !RANGE_HEADERS.includes(n)) : PASSED) {
    const value = res.headers.get(name);
    if (value) out.set(name, value);
  }
  // node-media-server answers HTTP-FLV with no type. Without one, the front line compresses the
  // stream (Cloudflare compresses by type; Miniflare, for `wrangler dev`, also when there is none),
  // and its compressor held a low-bitrate live back until its buffer filled: FLV came in bursts
  // of ~1.5 s, a viewer's first frame up to a second late (docs/BENCHMARKS.md).
  if (address.path.endsWith('.flv') && !out.has('content-type')) out.set('content-type', FLV_TYPE);
  // The live page fetches a live's master and first variant ahead of its player (stream-hints.ts),
  // and the player's own requests a moment later must find them in the browser's cache: a master never
  // changes while its live runs; a live variant changes every fragment, so it is kept for a second.
  if (playlist && address.path.startsWith('hls/'))
    out.set('cache-control', isMasterPlaylist(address.path) ? MASTER_CACHE : LIVE_VARIANT_CACHE);
  // A rewind playlist gains a fragment every few seconds (its master a rendition as each one's is
  // written): kept for 2 s. Its fragments keep the origin's `immutable`.
  if (playlist && address.path.startsWith('dvr/')) out.set('cache-control', DVR_PLAYLIST_CACHE);
  if (isMasterPlaylist(address.path) && c.req.method === 'GET') {
    out.delete('content-length');
    return new Response(absoluteVariants(await res.text(), visibleUrl(c)), { status: 200, headers: out });
  }
  const answer = new Response(res.body, { status: res.status, headers: out });
  if (cache && res.status === 200) c.executionCtx.waitUntil(cache.put(cacheKey, answer.clone()));
  return answer;
});
