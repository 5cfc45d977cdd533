/** The clip calls of the site (api/clips/): make one, read one, a channel's list, delete one. */
import type { Clip, ClipCreated, ClipList } from '../../domain/answers/clips.ts';
import { apiResult, type ApiResult } from '../lib/api-client.ts';

/** A clip's page on this site. */
export const clipPath = (clipId: string) => `/clips/${clipId}`;

/** The clip id of a `/clips/{id}` address, or null. */
export function clipIdFromPath(pathname: string): string | null {
  return /^\/clips\/([\w-]{12})\/?$/.exec(pathname)?.[1] ?? null;
}

/** The channel id of a channel or live page address, or null. */
export function channelIdFromPath(pathname: string): number | null {
  const m = /^\/channels\/(\d{1,10})(?:\/live)?\/?$/.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** The lengths the clip control offers (seconds; the API takes 15-60). */
export const CLIP_LENGTHS = [15, 30, 60] as const;

export function makeClip(channelId: number, durationS: number, title: string): Promise<ApiResult<ClipCreated>> {
  return apiResult<ClipCreated>(`/api/channels/${channelId}/clips`, {
    method: 'POST',
    body: title.trim() ? { durationS, title: title.trim() } : { durationS },
    silent: true,
  });
}

export const loadClip = (clipId: string) => apiResult<Clip>(`/api/clips/${clipId}`, { silent: true });

export const loadChannelClips = (channelId: number) =>
  apiResult<ClipList>(`/api/channels/${channelId}/clips`, { silent: true });

export const removeClip = (clipId: string) =>
  apiResult<{ ok: true; clipId: string }>(`/api/clips/${clipId}`, { method: 'DELETE', silent: true });
