/**
 * Who may see what of a stream. Adult and adult-plus channels show nothing (no title, thumbnail,
 * URL) to a caller without PI; the answer says `locked` instead. Password-protected lives need a
 * pass cookie from live-Auth (an HMAC of channel, stream and viewer: stateless, per stream).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ApiEnv, SessionMember } from '../app-env.ts';
import type { StreamCard } from '../../domain/answers/channels.ts';
import { COOKIE, livePassCookie } from '../../domain/cookies.ts';
import type { MediaUrls } from './media-urls.ts';

export interface StreamRow {
  id: number;
  channelId: number;
  type: number;
  format: string;
  url: string;
  title: string;
  thumbnail: string | null;
  passwordHash: string | null;
  durationS: number | null;
  viewCount: number;
  viewers: number;
  startedAt: Date;
  endedAt: Date | null;
}

export interface ChannelRow {
  id: number;
  ownerId: number;
  title: string;
  broadcasting: boolean;
  adultBroadcast: boolean;
  adultPlusBroadcast: boolean;
  loginId: string;
  nickname: string;
}

export const isAdultChannel = (ch: Pick<ChannelRow, 'adultBroadcast' | 'adultPlusBroadcast'>) =>
  ch.adultBroadcast || ch.adultPlusBroadcast;

export function canSeeAdult(member: SessionMember | null): boolean {
  return member?.identityVerified === true;
}

/**
 * A card for lists and pages; the sensitive fields are null when the caller may not see them. A
 * thumbnail the caller may see is signed for them (`media`, api/lives/media-urls.ts).
 */
export function streamCard(
  ch: ChannelRow,
  s: StreamRow | null,
  member: SessionMember | null,
  media: MediaUrls,
): StreamCard {
  const locked = isAdultChannel(ch) && !canSeeAdult(member);
  return {
    channelId: ch.id,
    loginId: ch.loginId,
    nickname: ch.nickname,
    adult: ch.adultBroadcast,
    adultPlus: ch.adultPlusBroadcast,
    locked,
    broadcasting: ch.broadcasting,
    streamId: s?.id ?? null,
    type: s?.type ?? null,
    // streams_format_chk (api/db/schema/streams.ts) keeps the column to StreamFormat's values.
    format: locked ? null : ((s?.format ?? null) as StreamCard['format']),
    title: locked ? null : (s?.title ?? ch.title),
    thumbnail: locked ? null : media.sign(s?.thumbnail ?? null),
    hasPassword: s?.passwordHash != null,
    viewCount: s?.viewCount ?? 0,
    viewers: s?.viewers ?? 0,
    durationS: s?.durationS ?? null,
    startedAt: s?.startedAt.toISOString() ?? null,
    endedAt: s?.endedAt?.toISOString() ?? null,
  };
}

export function livePass(secret: string, streamId: number, viewer: string): string {
  return createHmac('sha256', secret).update(`live-pass:${streamId}:${viewer}`).digest('base64url');
}

/** The viewer key a pass is bound to: the member, else the anonymous flx_uuid cookie. */
export function viewerKey(c: Context<ApiEnv>): string {
  const member = c.get('member');
  if (member) return `m:${member.id}`;
  const uuid = getCookie(c, COOKIE.anonId);
  return `a:${uuid && /^[0-9a-f]{10}$/.test(uuid) ? uuid : 'none'}`;
}

/**
 * The same check for the chat handshake's Cookie header (the websocket upgrade carries the
 * browser's cookies through the worker).
 */
export function hasLivePassCookie(
  cookieHeader: string | undefined,
  secret: string,
  channelId: number,
  streamId: number,
  memberId: number | null,
): boolean {
  const jar = new Map(
    (cookieHeader ?? '').split(';').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const uuid = jar.get(COOKIE.anonId);
  const viewer = memberId !== null ? `m:${memberId}` : `a:${uuid && /^[0-9a-f]{10}$/.test(uuid) ? uuid : 'none'}`;
  const got = jar.get(livePassCookie(channelId));
  const want = livePass(secret, streamId, viewer);
  return got !== undefined && got.length === want.length && timingSafeEqual(Buffer.from(got), Buffer.from(want));
}

export function hasLivePass(c: Context<ApiEnv>, stream: Pick<StreamRow, 'id' | 'channelId' | 'passwordHash'>): boolean {
  if (!stream.passwordHash) return true;
  const got = getCookie(c, livePassCookie(stream.channelId));
  if (!got) return false;
  const want = livePass(c.get('deps').config.jwtSecret, stream.id, viewerKey(c));
  return got.length === want.length && timingSafeEqual(Buffer.from(got), Buffer.from(want));
}
