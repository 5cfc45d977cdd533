/** Who owns a channel and which live board post an id names: the checks every board route starts from. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boardPosts, boardSettings, channels } from '../../db/schema/index.ts';

export const BOARD_CATEGORIES = ['free', 'fan', 'question', 'notice'] as const;
/** Only the channel owner posts in this category. */
export const OWNER_ONLY_CATEGORY = 'notice';

export async function channelOwner(db: Db, channelId: number): Promise<number | null> {
  const [row] = await db.select({ ownerId: channels.ownerId }).from(channels).where(eq(channels.id, channelId));
  return row?.ownerId ?? null;
}

/** The member's own channel id, or null when they have none. */
export async function ownChannelId(db: Db, memberId: number): Promise<number | null> {
  const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, memberId));
  return row?.id ?? null;
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
  return { writePermission: row?.writePermission === 'owner' ? 'owner' : 'all', commentsEnabled: row?.commentsEnabled ?? true };
}
