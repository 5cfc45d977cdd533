/**
 * Playback addresses for one caller (docs/INGEST.md "Playback through the worker"): the token-free
 * `/media/{path}` the self-hosted engine stores becomes `/media/{token}/{path}`, the token being an
 * HMAC of the path's stream and an expiry under MEDIA_TOKEN_SECRET, which the worker checks. Only
 * routes that already decided the caller may watch (adult and password rules) sign; any other
 * address (the demo stream, IVS) passes unchanged.
 */
import { createHmac } from 'node:crypto';
import { MEDIA_PREFIX, mediaStreamId, mediaTokenExpiry, mediaTokenMessage } from '../../domain/media.ts';
import type { Deps } from '../app-env.ts';

export function mediaToken(secret: string, streamId: number, expS: number): string {
  const signature = createHmac('sha256', secret).update(mediaTokenMessage(streamId, expS)).digest('base64url');
  return `${expS}.${signature}`;
}

/** `/media/{path}` signed for the stream the path names (or unchanged: not a media path, or no secret to sign with). */
export function signMediaUrl(secret: string | null, url: string, expS: number): string {
  if (!secret || !url.startsWith(MEDIA_PREFIX)) return url;
  const path = url.slice(MEDIA_PREFIX.length);
  const streamId = mediaStreamId(path);
  return streamId === null ? url : `${MEDIA_PREFIX}${mediaToken(secret, streamId, expS)}/${path}`;
}

/** Signs addresses for one answer; `expiresAt` is when they stop working. */
export interface MediaUrls {
  sign(url: string): string;
  sign(url: string | null): string | null;
  expiresAt: Date;
}

/** The signer of this API instance (its engine's MEDIA_TOKEN_SECRET). */
export function mediaUrls(deps: Deps, nowMs = Date.now()): MediaUrls {
  const secret = deps.ingest.mediaServer?.settings.tokenSecret ?? null;
  const expS = mediaTokenExpiry(nowMs);
  const sign = ((url: string | null) => (url === null ? null : signMediaUrl(secret, url, expS))) as MediaUrls['sign'];
  return { sign, expiresAt: new Date(expS * 1000) };
}
