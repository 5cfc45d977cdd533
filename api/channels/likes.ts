/** Channel likes (the heart on a channel page): counts, the caller's own, and liking or unliking. */
import { and, count, eq } from 'drizzle-orm';
import type { ChannelLike } from '../../domain/answers/channels.ts';
import type { Db } from '../db/client.ts';
import { channelLikes, channels } from '../db/schema/index.ts';

async function likeCount(db: Db, channelId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(channelLikes).where(eq(channelLikes.channelId, channelId));
  return row?.n ?? 0;
}

async function channelExists(db: Db, channelId: number): Promise<boolean> {
  const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, channelId));
  return row !== undefined;
}

type NoChannel = { ok: false; code: 'channel_not_found' };

/** The channel's like count and whether `memberId` (null: a guest) likes it. */
export async function channelLikeOf(
  db: Db,
  channelId: number,
  memberId: number | null,
): Promise<({ ok: true } & ChannelLike) | NoChannel> {
  if (!(await channelExists(db, channelId))) return { ok: false, code: 'channel_not_found' };
  const [mine] =
    memberId !== null
      ? await db
          .select({ at: channelLikes.createdAt })
          .from(channelLikes)
          .where(and(eq(channelLikes.memberId, memberId), eq(channelLikes.channelId, channelId)))
      : [];
  return { ok: true, channelId, liked: mine !== undefined, count: await likeCount(db, channelId) };
}

/** Likes (`liked`) or unlikes the channel for `memberId` (idempotent); the count after the change. */
export async function setChannelLike(
  db: Db,
  channelId: number,
  memberId: number,
  liked: boolean,
): Promise<{ ok: true; count: number } | NoChannel> {
  if (!(await channelExists(db, channelId))) return { ok: false, code: 'channel_not_found' };
  if (liked) await db.insert(channelLikes).values({ memberId, channelId }).onConflictDoNothing();
  else
    await db
      .delete(channelLikes)
      .where(and(eq(channelLikes.memberId, memberId), eq(channelLikes.channelId, channelId)));
  return { ok: true, count: await likeCount(db, channelId) };
}
