/**
 * Clips: `POST /api/channels/{channelId}/clips { durationS, title? }` (a signed-in member, while the
 * channel is live and they may watch it; rate-limited per member) → `201 { clipId }`;
 * `GET /api/clips/{clipId}`; `GET /api/channels/{channelId}/clips`; `DELETE /api/clips/{clipId}` (the
 * channel's BJ and managers). The cut and the rules are ./clips.ts.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { DEFAULT_BRAND } from '../../domain/brands.ts';
import { clip, clipCreated, clipDeleted, clipList } from '../../domain/answers/clips.ts';
import {
  CLIP_DURATION_MAX_S,
  CLIP_DURATION_MIN_S,
  CLIP_RATE_LIMIT,
  CLIP_RATE_WINDOW_MS,
  CLIP_TITLE_LENGTH_MAX,
} from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { brandOrigin } from '../config.ts';
import { fail, requestBrand } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, params } from '../http/request.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import { canSeeAdult, hasLivePass, isAdultChannel } from '../lives/streams-access.ts';
import { currentLive, loadChannelRow } from '../lives/streams-queries.ts';
import { clipOf, clipsOfChannel, createClip, deleteClip, type ClipViewer } from './clips.ts';

const CLIP_RULE = { limit: CLIP_RATE_LIMIT, windowMs: CLIP_RATE_WINDOW_MS };

const clipBody = v.looseObject({
  durationS: v.pipe(
    v.unknown(),
    v.metadata({ description: `whole seconds, ${CLIP_DURATION_MIN_S}-${CLIP_DURATION_MAX_S}` }),
  ),
  title: v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ description: `1-${CLIP_TITLE_LENGTH_MAX} characters; the live's title when absent or blank` }),
    ),
  ),
});

function viewerOf(c: Context<ApiEnv>): ClipViewer {
  const deps = c.get('deps');
  const origin = brandOrigin(deps.config, requestBrand(c) ?? DEFAULT_BRAND);
  return {
    member: c.get('member') ?? null,
    hasPass: (stream) => hasLivePass(c, stream),
    media: mediaUrls(deps),
    absolute: (url) => new URL(url, origin).toString(),
  };
}

/** A title as given (trimmed), the live's when absent or blank, or null when it cannot be one. */
function titleOf(given: unknown, liveTitle: string): string | null {
  if (given === undefined || given === null) return liveTitle.trim().slice(0, CLIP_TITLE_LENGTH_MAX) || 'Clip';
  if (typeof given !== 'string') return null;
  const title = given.trim();
  if (!title) return liveTitle.trim().slice(0, CLIP_TITLE_LENGTH_MAX) || 'Clip';
  return [...title].length > CLIP_TITLE_LENGTH_MAX ? null : title;
}

const channelClips = new Hono<ApiEnv>()
  .post(
    '/:channelId/clips',
    doc({
      tag: 'lives',
      summary: 'Clips the last durationS seconds of the channel’s live: 201 { clipId }',
      description:
        `durationS is ${CLIP_DURATION_MIN_S}-${CLIP_DURATION_MAX_S} whole seconds (400 clip_duration_invalid); a title ` +
        `of at most ${CLIP_TITLE_LENGTH_MAX} characters (400 clip_title_invalid), the live's title when absent. The ` +
        'caller must be able to watch the live: an adult live needs identity verification (403 adult_only), a ' +
        'password live its pass (403 password_required) unless they are its BJ. ' +
        `${CLIP_RATE_LIMIT} clips per member per ${CLIP_RATE_WINDOW_MS / 60_000} minutes (429 rate_limited, Retry-After). ` +
        '409 clip_unavailable when the live’s media cannot give the clip (an engine that keeps none, a live younger than the clip).',
      responses: { 201: { description: 'Created', schema: clipCreated } },
      errors: [
        'login_required',
        'channel_not_found',
        'broadcast_ended',
        'adult_only',
        'password_required',
        'clip_duration_invalid',
        'clip_title_invalid',
        'rate_limited',
        'clip_unavailable',
      ],
    }),
    requireMember(),
    params(ids('channelId'), { invalid: 'channel_not_found' }),
    body(clipBody, { invalid: 'bad_request' }),
    async (c) => {
      const deps = c.get('deps');
      const { db } = deps.database;
      const member = me(c);
      const { durationS, title: givenTitle } = c.req.valid('json');
      if (
        typeof durationS !== 'number' ||
        !Number.isInteger(durationS) ||
        durationS < CLIP_DURATION_MIN_S ||
        durationS > CLIP_DURATION_MAX_S
      )
        return fail(c, 'clip_duration_invalid', { fields: { min: CLIP_DURATION_MIN_S, max: CLIP_DURATION_MAX_S } });
      const ch = await loadChannelRow(db, c.req.valid('param').channelId);
      if (!ch) return fail(c, 'channel_not_found');
      const live = ch.broadcasting ? await currentLive(db, ch.id) : null;
      if (!live) return fail(c, 'broadcast_ended');
      if (isAdultChannel(ch) && !canSeeAdult(member)) return fail(c, 'adult_only');
      if (member.id !== ch.ownerId && !hasLivePass(c, live)) return fail(c, 'password_required');
      const title = titleOf(givenTitle, live.title);
      if (title === null) return fail(c, 'clip_title_invalid', { fields: { max: CLIP_TITLE_LENGTH_MAX } });
      const wait = await deps.sharedLimiter.take(`clip:${member.id}`, CLIP_RULE);
      if (wait > 0) return fail(c, 'rate_limited', { headers: { 'retry-after': String(Math.ceil(wait / 1000)) } });
      const made = await createClip(deps, { streamId: live.id, channelId: ch.id }, member, durationS, title);
      if (!made.ok) return fail(c, made.code);
      return c.json({ clipId: made.clipId }, 201);
    },
  )
  .get(
    '/:channelId/clips',
    doc({
      tag: 'lives',
      summary: "The channel's newest clips: { list }",
      description: 'A clip of a live the caller may not watch is locked (no title, url or thumbUrl).',
      responses: { 200: { description: 'OK', schema: clipList } },
      errors: [],
    }),
    optionalMember(),
    params(ids('channelId'), { invalid: 'channel_not_found' }),
    async (c) => {
      const list = await clipsOfChannel(c.get('deps').database.db, c.req.valid('param').channelId, viewerOf(c));
      c.header('cache-control', 'private, no-store');
      return c.json({ list });
    },
  );

const clipParam = params(v.object({ clipId: v.pipe(v.string(), v.regex(/^[\w-]{12}$/)) }), {
  invalid: 'clip_not_found',
});

const oneClip = new Hono<ApiEnv>()
  .get(
    '/:clipId',
    doc({
      tag: 'lives',
      summary:
        'One clip: { clipId, channelId, title, durationS, url, thumbUrl, createdAt, createdBy, locked, canDelete }',
      description:
        '`url` is an MP4 (H.264/AAC, faststart) and `thumbUrl` a JPEG, both absolute on the brand’s site and ' +
        'signed for this caller; null (and `locked`) when the caller may not watch the live the clip was cut from.',
      responses: { 200: { description: 'OK', schema: clip } },
      errors: ['clip_not_found'],
    }),
    optionalMember(),
    clipParam,
    async (c) => {
      const found = await clipOf(c.get('deps').database.db, c.req.valid('param').clipId, viewerOf(c));
      if (!found) return fail(c, 'clip_not_found');
      c.header('cache-control', 'private, no-store');
      return c.json(found);
    },
  )
  .delete(
    '/:clipId',
    doc({
      tag: 'lives',
      summary: 'Deletes a clip (the channel’s BJ and managers): { ok, clipId }',
      responses: { 200: { description: 'OK', schema: clipDeleted } },
      errors: ['login_required', 'clip_not_found', 'not_channel_manager'],
    }),
    requireMember(),
    clipParam,
    async (c) => {
      const { clipId } = c.req.valid('param');
      const done = await deleteClip(c.get('deps'), clipId, me(c).id);
      if (!done.ok) return fail(c, done.code);
      return c.json({ ok: true as const, clipId });
    },
  );

export { channelClips, oneClip };
