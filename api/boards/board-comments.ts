/**
 * Comments and likes on live board posts: a comment is deleted by its author or the channel
 * owner; comments are written only while the board keeps them open. Refusals are result codes
 * (board-refusals.ts answers them).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type {
  BoardCommented,
  BoardComments,
  BoardLikeCount,
  BoardLikers,
  BoardLikeToggled,
} from '../../domain/answers/boards.ts';
import type { Db } from '../db/client.ts';
import { boardComments, boardLikes, members } from '../db/schema/index.ts';
import { boardSetting, livePost } from './boards-access.ts';

type Page = { offset: number; limit: number };
type PostMissing = { ok: false; code: 'post_not_found' };

async function likesOf(db: Db, boardId: number) {
  const [likes] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, boardId));
  return likes?.n ?? 0;
}

/** A page of a live post's comments, newest first, with what `viewerId` (null: signed out) may delete. */
export async function commentPage(
  db: Db,
  boardId: number,
  viewerId: number | null,
  page: Page,
): Promise<{ ok: true; comments: BoardComments } | PostMissing> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  const rows = await db
    .select({ comment: boardComments, loginId: members.loginId, nickname: members.nickname })
    .from(boardComments)
    .innerJoin(members, eq(members.id, boardComments.authorId))
    .where(eq(boardComments.boardId, post.id))
    .orderBy(desc(boardComments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(boardComments).where(eq(boardComments.boardId, post.id));
  const list = rows.map((r) => ({
    commentId: r.comment.id,
    boardId: post.id,
    content: r.comment.content,
    author: { loginId: r.loginId, nickname: r.nickname },
    createdAt: r.comment.createdAt.toISOString(),
    canDelete: viewerId !== null && (viewerId === r.comment.authorId || viewerId === post.channelOwnerId),
  }));
  return { ok: true, comments: { list, total: total?.n ?? 0, ...page } };
}

/** Comments on a live post while its board keeps comments open. */
export async function addComment(
  db: Db,
  memberId: number,
  boardId: number,
  content: string,
): Promise<{ ok: true; commented: BoardCommented } | { ok: false; code: 'post_not_found' | 'comments_closed' }> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  if (!(await boardSetting(db, post.channelId)).commentsEnabled) return { ok: false, code: 'comments_closed' };
  const [row] = await db
    .insert(boardComments)
    .values({ boardId: post.id, authorId: memberId, content })
    .returning({ id: boardComments.id });
  return { ok: true, commented: { commentId: row!.id, boardId: post.id } };
}

/** Deletes a comment of a live post for its author or the channel owner. */
export async function deleteComment(
  db: Db,
  memberId: number,
  commentId: number,
): Promise<{ ok: true; deleted: number } | { ok: false; code: 'comment_not_found' | 'comment_delete_forbidden' }> {
  const [comment] = await db.select().from(boardComments).where(eq(boardComments.id, commentId));
  const post = comment ? await livePost(db, comment.boardId) : null;
  if (!comment || !post) return { ok: false, code: 'comment_not_found' };
  if (comment.authorId !== memberId && post.channelOwnerId !== memberId) {
    return { ok: false, code: 'comment_delete_forbidden' };
  }
  await db.delete(boardComments).where(eq(boardComments.id, comment.id));
  return { ok: true, deleted: comment.id };
}

/** A live post's like count, and whether `viewerId` (null: signed out) likes it. */
export async function likeCount(
  db: Db,
  boardId: number,
  viewerId: number | null,
): Promise<{ ok: true; likes: BoardLikeCount } | PostMissing> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  const [liked] =
    viewerId !== null
      ? await db
          .select({ n: count() })
          .from(boardLikes)
          .where(and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, viewerId)))
      : [];
  return { ok: true, likes: { boardId: post.id, likeCount: await likesOf(db, post.id), liked: (liked?.n ?? 0) > 0 } };
}

/** A page of who liked a live post, newest like first. */
export async function likers(
  db: Db,
  boardId: number,
  page: Page,
): Promise<{ ok: true; likers: BoardLikers } | PostMissing> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  const rows = await db
    .select({ loginId: members.loginId, nickname: members.nickname, likedAt: boardLikes.createdAt })
    .from(boardLikes)
    .innerJoin(members, eq(members.id, boardLikes.memberId))
    .where(eq(boardLikes.boardId, post.id))
    .orderBy(desc(boardLikes.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  const list = rows.map((r) => ({ ...r, likedAt: r.likedAt.toISOString() }));
  return { ok: true, likers: { list, total: await likesOf(db, post.id), ...page } };
}

/** Likes a live post, or takes the member's like back. */
export async function toggleLike(
  db: Db,
  memberId: number,
  boardId: number,
): Promise<{ ok: true; likes: BoardLikeToggled } | PostMissing> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  const mine = and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, memberId));
  const removed = await db.delete(boardLikes).where(mine).returning({ boardId: boardLikes.boardId });
  if (removed.length === 0) {
    await db.insert(boardLikes).values({ boardId: post.id, memberId }).onConflictDoNothing();
  }
  return { ok: true, likes: { boardId: post.id, liked: removed.length === 0, likeCount: await likesOf(db, post.id) } };
}
