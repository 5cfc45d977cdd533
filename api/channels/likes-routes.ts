/**
 * Channel likes (the heart on a channel page; the LIKE list is `GET /api/my/likes`, api/home/liked-channels.ts):
 * `GET /api/channels/{id}/like` → `{ channelId, liked, count }` (guests: liked false);
 * `PUT` likes and `DELETE` unlikes (members; both idempotent, 404 for an unknown channel).
 */
import { Hono } from 'hono';
import {
  channelLike as channelLikeAnswer,
  channelLikeChanged,
  type ChannelLikeChanged,
} from '../../domain/answers/channels.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { channelParam } from './channels-routes.ts';
import { channelLikeOf, setChannelLike } from './likes.ts';

export const channelLike = new Hono<ApiEnv>()
  .get(
    '/:channelId/like',
    doc({
      tag: 'channels',
      summary: "The channel's like count and whether the caller likes it: { channelId, liked, count }",
      responses: { 200: { description: 'OK', schema: channelLikeAnswer } },
      errors: ['channel_not_found'],
    }),
    optionalMember(),
    channelParam(),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const like = await channelLikeOf(c.get('deps').database.db, channelId, c.get('member')?.id ?? null);
      if (!like.ok) return fail(c, like.code);
      const { ok: _ok, ...answer } = like;
      return c.json(answer);
    },
  )
  .put(
    '/:channelId/like',
    doc({
      tag: 'channels',
      summary: 'Likes the channel (idempotent): { ok, channelId, liked: true, count }',
      responses: { 200: { description: 'OK', schema: channelLikeChanged } },
      errors: ['channel_not_found'],
    }),
    requireMember(),
    channelParam(),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const liked = await setChannelLike(c.get('deps').database.db, channelId, me(c).id, true);
      if (!liked.ok) return fail(c, liked.code);
      return c.json({ ok: true, channelId, liked: true, count: liked.count } satisfies ChannelLikeChanged);
    },
  )
  .delete(
    '/:channelId/like',
    doc({
      tag: 'channels',
      summary: 'Unlikes the channel (idempotent): { ok, channelId, liked: false, count }',
      responses: { 200: { description: 'OK', schema: channelLikeChanged } },
      errors: ['channel_not_found'],
    }),
    requireMember(),
    channelParam(),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const unliked = await setChannelLike(c.get('deps').database.db, channelId, me(c).id, false);
      if (!unliked.ok) return fail(c, unliked.code);
      return c.json({ ok: true, channelId, liked: false, count: unliked.count } satisfies ChannelLikeChanged);
    },
  );
