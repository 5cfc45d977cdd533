/**
 * A channel's board posts: the list (important ones first, then newest), one post with what the
 * viewer may do with it, deleting (the author or the channel owner) and the owner's important
 * flag. Refusals are result codes (board-refusals.ts answers them).
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BoardDetail, BoardImportant, BoardList, BoardNewsAnswer } from '../../domain/answers/boards.ts';
import type { Db } from '../db/client.ts';
import { boardComments, boardLikes, boardPosts, members } from '../db/schema/index.ts';
import { attachmentsOf } from '../attachments/attachments.ts';
import { livePost } from './boards-access.ts';

type Page = { offset: number; limit: number };

const likeCount = sql<number>`(select count(*)::int from ${boardLikes} where ${boardLikes.boardId} = ${boardPosts.id})`;
const commentCount = sql<number>`(select count(*)::int from ${boardComments}
  where ${boardComments.boardId} = ${boardPosts.id})`;

/** A page of the channel's live posts in `category` ('' for every category). */
export async function boardList(db: Db, channelId: number, category: string, page: Page): Promise<BoardList> {
  const where = and(
    eq(boardPosts.channelId, channelId),
    isNull(boardPosts.deletedAt),
    category ? eq(boardPosts.category, category) : undefined,
  );
  const rows = await db
    .select({
      post: boardPosts,
      loginId: members.loginId,
      nickname: members.nickname,
      likes: likeCount,
      comments: commentCount,
    })
    .from(boardPosts)
    .innerJoin(members, eq(members.id, boardPosts.authorId))
    .where(where)
    .orderBy(desc(boardPosts.important), desc(boardPosts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(boardPosts).where(where);
  const list = rows.map((r) => ({
    boardId: r.post.id,
    channelId: r.post.channelId,
    category: r.post.category,
    title: r.post.title,
    important: r.post.important,
    likes: r.likes,
    comments: r.comments,
    author: { loginId: r.loginId, nickname: r.nickname },
    createdAt: r.post.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, ...page };
}

export type DetailResult = { ok: true; detail: BoardDetail } | { ok: false; code: 'post_not_found' };

/** A live post with its likes and files, and what `viewerId` (null: signed out) may do with it. */
export async function boardDetail(db: Db, boardId: number, viewerId: number | null): Promise<DetailResult> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  const [author] = await db
    .select({ loginId: members.loginId, nickname: members.nickname })
    .from(members)
    .where(eq(members.id, post.authorId));
  const [likes] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, post.id));
  const [liked] =
    viewerId !== null
      ? await db
          .select({ n: count() })
          .from(boardLikes)
          .where(and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, viewerId)))
      : [];
  const files = await attachmentsOf(db, 'board', [post.id]);
  const detail = {
    boardId: post.id,
    channelId: post.channelId,
    category: post.category,
    title: post.title,
    content: post.content,
    important: post.important,
    likes: likes?.n ?? 0,
    liked: (liked?.n ?? 0) > 0,
    // board_posts.author_id is a not-null reference to members: the author's row exists.
    author: author!,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    attachments: files.get(post.id) ?? [],
    canEdit: viewerId === post.authorId,
    canDelete: viewerId === post.authorId || viewerId === post.channelOwnerId,
    isOwner: viewerId === post.channelOwnerId,
  };
  return { ok: true, detail };
}

/** Deletes a live post for its author or the channel owner. */
export async function deletePost(
  db: Db,
  boardId: number,
  memberId: number,
): Promise<{ ok: true; deleted: number } | { ok: false; code: 'post_not_found' | 'delete_forbidden' }> {
  const post = await livePost(db, boardId);
  if (!post) return { ok: false, code: 'post_not_found' };
  if (post.authorId !== memberId && post.channelOwnerId !== memberId) return { ok: false, code: 'delete_forbidden' };
  await db.update(boardPosts).set({ deletedAt: new Date() }).where(eq(boardPosts.id, post.id));
  return { ok: true, deleted: post.id };
}

/** Marks a live post of the channel important or not; `important` undefined toggles it. */
export async function markImportant(
  db: Db,
  channelId: number,
  boardId: number,
  important: boolean | undefined,
): Promise<{ ok: true; marked: BoardImportant } | { ok: false; code: 'post_not_found' }> {
  const post = await livePost(db, boardId);
  if (!post || post.channelId !== channelId) return { ok: false, code: 'post_not_found' };
  const next = important ?? !post.important;
  await db.update(boardPosts).set({ important: next }).where(eq(boardPosts.id, post.id));
  return { ok: true, marked: { boardId: post.id, channelId, important: next } };
}

/** Whether the channel's board has a live post newer than `lastBoardId` (0: the visitor saw none). */
export async function boardNews(db: Db, channelId: number, lastBoardId: number): Promise<BoardNewsAnswer> {
  const [latest] = await db
    .select({ id: boardPosts.id, createdAt: boardPosts.createdAt })
    .from(boardPosts)
    .where(and(eq(boardPosts.channelId, channelId), isNull(boardPosts.deletedAt)))
    .orderBy(desc(boardPosts.id))
    .limit(1);
  return {
    channelId,
    hasNew: !!latest && latest.id > lastBoardId,
    latestBoardId: latest?.id ?? null,
    latestAt: latest?.createdAt.toISOString() ?? null,
  };
}
