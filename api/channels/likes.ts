/**
 * Channel likes (the heart on a channel page; the LIKE list is `GET /api/my/likes`, api/home/liked-channels.ts):
 * `GET /api/channels/{id}/like` → `{ channelId, liked, count }` (guests: liked false);
 * `PUT` likes and `DELETE` unlikes (members; both idempotent, 404 for an unknown channel).
 */
import { and, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channelLikes, channels } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { channelParam } from './channels.ts';

async function likeCount(db: Db, channelId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(channelLikes).where(eq(channelLikes.channelId, channelId));
  return row?.n ?? 0;
}

async function channelExists(db: Db, channelId: number): Promise<boolean> {
  const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId));
  return row !== undefined;
}

export const channelLike = new Hono<ApiEnv>()
  .get(
    '/:channelId/like',
    doc({ tag: 'channels', summary: "The channel's like count and whether the caller likes it: { channelId, liked, count }", errors: ['channel_not_found'] }),
    optionalMember(),
    channelParam(),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const { db } = c.get('deps').database;
      if (!(await channelExists(db, channelId))) return fail(c, 'channel_not_found');
      const member = c.get('member');
      const [mine] = member
        ? await db
            .select({ at: channelLikes.createdAt })
            .from(channelLikes)
            .where(and(eq(channelLikes.memberId, member.id), eq(channelLikes.channelId, channelId)))
        : [];
      return c.json({ channelId, liked: mine !== undefined, count: await likeCount(db, channelId) });
    },
  )
  .put(
    '/:channelId/like',
    doc({ tag: 'channels', summary: 'Likes the channel (idempotent): { ok, channelId, liked: true, count }', errors: ['channel_not_found'] }),
    requireMember(),
    channelParam(),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const { db } = c.get('deps').database;
      if (!(await channelExists(db, channelId))) return fail(c, 'channel_not_found');
      await db
        .insert(channelLikes)
        .values({ memberId: me(c).id, channelId })
        .onConflictDoNothing();
      return c.json({ ok: true, channelId, liked: true, count: await likeCount(db, channelId) });
    },
  )
  .delete(
    '/:channelId/like',
    doc({ tag: 'channels', summary: 'Unlikes the channel (idempotent): { ok, channelId, liked: false, count }', errors: ['channel_not_found'] }),
    requireMember(),
    channelParam(),
    async (c) => {
      const { channelId } = c.req.valid('param');
      const { db } = c.get('deps').database;
      if (!(await channelExists(db, channelId))) return fail(c, 'channel_not_found');
      await db.delete(channelLikes).where(and(eq(channelLikes.memberId, me(c).id), eq(channelLikes.channelId, channelId)));
      return c.json({ ok: true, channelId, liked: false, count: await likeCount(db, channelId) });
    },
  );
