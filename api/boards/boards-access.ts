/** Who owns a channel and which live board post an id names: the checks every board route starts from. */
import { and, eq, isNull } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { boardPosts, boardSettings, channels } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { documented, ERROR_CODES_KEY } from '../http/request.ts';
import { me } from '../http/session.ts';

export async function channelOwner(db: Db, channelId: number): Promise<number | null> {
  const [row] = await db.select({ ownerId: channels.ownerId }).from(channels).where(eq(channels.id, channelId));
  return row?.ownerId ?? null;
}

/**
 * The owner of the channel named by the path's `:channelId` only: 404 when there is no such
 * channel, 403 `forbidden` (in the words of `messageKey`) to anyone else. Goes after
 * requireMember() and params(), before any body is read.
 */
export function requireOwnerOfChannel(
  messageKey: string,
): MiddlewareHandler<ApiEnv, string, { out: { param: { channelId: number } } }> {
  return documented(
    async function requireOwnerOfChannelMiddleware(c, next) {
      const ownerId = await channelOwner(c.get('deps').database.db, c.req.valid('param').channelId);
      if (ownerId === null) return fail(c, 'not_found', { messageKey: 'error_not_found_channel' });
      if (ownerId !== me(c).id) return fail(c, 'forbidden', { messageKey });
      await next();
    },
    { [ERROR_CODES_KEY]: ['not_found', 'forbidden'] },
  );
}

export type LivePost = typeof boardPosts.$inferSelect & { channelOwnerId: number };

/** A post that is not deleted, with its channel's owner. */
export async function livePost(db: Db, boardId: number): Promise<LivePost | null> {
  const [row] = await db
    .select({ post: boardPosts, channelOwnerId: channels.ownerId })
    .from(boardPosts)
    .innerJoin(channels, eq(channels.id, boardPosts.channelId))
    .where(and(eq(boardPosts.id, boardId), isNull(boardPosts.deletedAt)));
  return row ? { ...row.post, channelOwnerId: row.channelOwnerId } : null;
}

export interface BoardSetting {
  writePermission: 'all' | 'owner';
  commentsEnabled: boolean;
}

export async function boardSetting(db: Db, channelId: number): Promise<BoardSetting> {
  const [row] = await db.select().from(boardSettings).where(eq(boardSettings.channelId, channelId));
  return {
    writePermission: row?.writePermission === 'owner' ? 'owner' : 'all',
    commentsEnabled: row?.commentsEnabled ?? true,
  };
}
