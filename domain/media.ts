/**
 * Live and recorded media served through the site's origin (docs/INGEST.md "Playback through the
 * worker"): `/media/{token}/{path}`, where `path` is what the media origin serves and names one
 * stream, and `token` (`{expS}.{signature}`) is minted by the API for a caller who may watch that
 * stream. The worker checks the token against the stream of the path and forwards the path
 * without it. The HMAC itself is each runtime's (node:crypto in the API, WebCrypto in the worker);
 * the message and the shapes live here so both agree.
 */
import { MEDIA_TOKEN_TTL_S, MEDIA_TOKEN_WINDOW_S } from './limits.ts';

/** Where media lives on the site's origin; the API stores token-free paths under it. */
export const MEDIA_PREFIX = '/media/';

/** Every path the media origin serves, each naming the stream (live or recording) it belongs to. */
const MEDIA_PATHS: readonly RegExp[] = [
  // A live's HLS master playlist, its renditions' playlists and segments.
  /^hls\/(\d{1,10})\.m3u8$/,
  /^hls\/(\d{1,10})_[a-z0-9]{1,8}\/[\w-]{1,64}\.(?:m3u8|ts)$/,
  // The same live's rewind (DVR) master, renditions and fragments (docs/INGEST.md "Rewind").
  /^dvr\/(\d{1,10})\.m3u8$/,
  /^dvr\/(\d{1,10})_[a-z0-9]{1,8}\/[\w-]{1,64}\.(?:m3u8|ts)$/,
  // A live's HTTP-FLV (bp_flv): the source, or a rung of the ladder ({id}_720p); its latest picture.
  /^flv\/(\d{1,10})(?:_\d{3,4}p)?\.flv$/,
  /^thumbs\/(\d{1,10})\.jpg$/,
  // A clip of a live (api/clips/): its MP4 and picture, under the live's id (the live's access rules are the clip's).
  /^clips\/(\d{1,10})\/[\w-]{12}\.(?:mp4|jpg)$/,
  // A recording: playlist, segments, thumbnail.
  /^vod\/(\d{1,10})\/[\w-]{1,64}\.(?:m3u8|ts|jpg)$/,
];

/** The stream a media path belongs to, or null when the media origin serves no such path. */
export function mediaStreamId(path: string): number | null {
  for (const shape of MEDIA_PATHS) {
    const match = shape.exec(path);
    if (match) return Number(match[1]);
  }
  return null;
}

/** A live's HLS master playlist: the one playlist whose variant addresses are rewritten to absolute ones. */
export const isMasterPlaylist = (path: string): boolean => /^(?:hls|dvr)\/\d{1,10}\.m3u8$/.test(path);

/** A live's rewind master (dvr/{id}.m3u8) beside its edge master (hls/{id}.m3u8): the same token, the same variants. */
export const dvrMasterOf = (liveUrl: string): string | null =>
  /\/hls\/\d{1,10}\.m3u8(?:$|\?)/.test(liveUrl) ? liveUrl.replace(/\/hls\/(\d{1,10})\.m3u8/, '/dvr/$1.m3u8') : null;

/** What the token's HMAC-SHA256 signs. */
export const mediaTokenMessage = (streamId: number, expS: number): string => `media:${streamId}:${expS}`;

/** When a token minted at `nowMs` expires (seconds): TTL later, rounded up to the window. */
export function mediaTokenExpiry(nowMs: number, ttlS = MEDIA_TOKEN_TTL_S): number {
  const at = Math.floor(nowMs / 1000) + ttlS;
  return Math.ceil(at / MEDIA_TOKEN_WINDOW_S) * MEDIA_TOKEN_WINDOW_S;
}

const TOKEN_SHAPE = /^(\d{10})\.([A-Za-z0-9_-]{43})$/;

/** `{expS}.{signature}` split, or null when it cannot be a token. */
export function parseMediaToken(token: string): { expS: number; signature: string } | null {
  const match = TOKEN_SHAPE.exec(token);
  return match ? { expS: Number(match[1]), signature: match[2]! } : null;
}

/** `/media/{token}/{path}` split, or null when the address has no such shape. */
export function splitMediaAddress(pathname: string): { token: string; path: string } | null {
  if (!pathname.startsWith(MEDIA_PREFIX)) return null;
  const rest = pathname.slice(MEDIA_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  return { token: rest.slice(0, slash), path: rest.slice(slash + 1) };
}

/** The header the worker proves itself to the media origin with: HMAC-SHA256(secret, this), hex. */
export const MEDIA_EDGE_KEY_MESSAGE = 'media-edge';
export const MEDIA_EDGE_HEADER = 'x-media-edge-key';
