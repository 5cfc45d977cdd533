/**
 * Answers of clips (api/clips/): `POST /api/channels/{channelId}/clips` → `201 { clipId }`,
 * `GET /api/clips/{clipId}`, `GET /api/channels/{channelId}/clips`, `DELETE /api/clips/{clipId}`.
 */
import * as v from 'valibot';
import { instant, int } from './fields.ts';

/** `POST /api/channels/{channelId}/clips`: the new clip's id (its page is /clips/{clipId}). */
export const clipCreated = v.object({ clipId: v.string() });
export type ClipCreated = v.InferOutput<typeof clipCreated>;

/**
 * One clip. `url` (MP4) and `thumbUrl` are signed media addresses through the site's origin, null when the caller
 * may not watch the live it was cut from (an adult live without identity verification, a password live without its
 * pass): then `locked` is true and `title` is null too.
 */
export const clip = v.object({
  clipId: v.string(),
  channelId: int,
  title: v.nullable(v.string()),
  durationS: int,
  url: v.nullable(v.string()),
  thumbUrl: v.nullable(v.string()),
  createdAt: instant,
  createdBy: v.object({ loginId: v.string(), nickname: v.string() }),
  locked: v.boolean(),
  /** Whether the caller may delete it (the channel's BJ and managers). */
  canDelete: v.boolean(),
});
export type Clip = v.InferOutput<typeof clip>;

/** `GET /api/channels/{channelId}/clips`: the channel's newest clips. */
export const clipList = v.object({ list: v.array(clip) });
export type ClipList = v.InferOutput<typeof clipList>;

/** `DELETE /api/clips/{clipId}`. */
export const clipDeleted = v.object({ ok: v.literal(true), clipId: v.string() });
