/**
 * Comments and likes on board posts under /api/cs. Reading is public; commenting and liking need a
 * member; a comment is deleted by its author or the channel owner.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../app-env.ts';
import { boardComments, boardLikes, members } from '../../db/schema/index.ts';
import { boardSetting, livePost } from './boards-access.ts';
import { badPaging, forbidden, me, notFound, paging, parseId, readInput, textField } from './cs-http.ts';
import { optionalMember, requireMember } from '../session.ts';

export const boardCommentRoutes = new Hono<ApiEnv>();

boardCommentRoutes.get('/board-comment', optionalMember(), async (c) => {
  const page = paging(c);
  if (!page) return badPaging(c);
  const boardId = parseId(c.req.query('boardId'));
  const { db } = c.get('deps').database;
  const post = boardId ? await livePost(db, boardId) : null;
  if (!post) return notFound(c, 'post');
  const rows = await db
    .select({ comment: boardComments, loginId: members.loginId, nickname: members.nickname })
    .from(boardComments)
    .innerJoin(members, eq(members.id, boardComments.authorId))
    .where(eq(boardComments.boardId, post.id))
    .orderBy(desc(boardComments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(boardComments).where(eq(boardComments.boardId, post.id));
  const viewer = c.get('member');
  const list = rows.map((r) => ({
    commentId: r.comment.id,
    boardId: post.id,
    content: r.comment.content,
    author: { loginId: r.loginId, nickname: r.nickname },
    createdAt: r.comment.createdAt,
    canDelete: !!viewer && (viewer.id === r.comment.authorId || viewer.id === post.channelOwnerId),
  }));
  return c.json({ list, total: total?.n ?? 0, ...page });
});

/** Ids are Postgres `integer`s: anything larger would fail in the database instead of validation. */
const ID_MAX = 2 ** 31 - 1;
const commentSchema = v.object({ boardId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ID_MAX)), content: textField(1000) });

boardCommentRoutes.post('/board-comment', requireMember(), async (c) => {
  const input = await readInput(c, commentSchema);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const post = await livePost(db, input.data.boardId);
  if (!post) return notFound(c, 'post');
  if (!(await boardSetting(db, post.channelId)).commentsEnabled) return forbidden(c, 'Comments are closed on this board.');
  const [row] = await db
    .insert(boardComments)
    .values({ boardId: post.id, authorId: me(c).id, content: input.data.content })
    .returning({ id: boardComments.id });
  return c.json({ commentId: row!.id, boardId: post.id }, 201);
});

boardCommentRoutes.delete('/board-comment/:commentId', requireMember(), async (c) => {
  const commentId = parseId(c.req.param('commentId'));
  const { db } = c.get('deps').database;
  const [comment] = commentId ? await db.select().from(boardComments).where(eq(boardComments.id, commentId)) : [];
  const post = comment ? await livePost(db, comment.boardId) : null;
  if (!comment || !post) return notFound(c, 'comment');
  if (comment.authorId !== me(c).id && post.channelOwnerId !== me(c).id) return forbidden(c, 'Only the author or the channel owner can delete this comment.');
  await db.delete(boardComments).where(eq(boardComments.id, comment.id));
  return c.json({ deleted: comment.id });
});

boardCommentRoutes.get('/board-likeCount/:id', optionalMember(), async (c) => {
  const boardId = parseId(c.req.param('id'));
  const { db } = c.get('deps').database;
  const post = boardId ? await livePost(db, boardId) : null;
  if (!post) return notFound(c, 'post');
  const [likes] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, post.id));
  const viewer = c.get('member');
  const [liked] = viewer
    ? await db
        .select({ n: count() })
        .from(boardLikes)
        .where(and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, viewer.id)))
    : [];
  return c.json({ boardId: post.id, likeCount: likes?.n ?? 0, liked: (liked?.n ?? 0) > 0 });
});

boardCommentRoutes.get('/board-like-User/:id', async (c) => {
  const page = paging(c);
  if (!page) return badPaging(c);
  const boardId = parseId(c.req.param('id'));
  const { db } = c.get('deps').database;
  const post = boardId ? await livePost(db, boardId) : null;
  if (!post) return notFound(c, 'post');
  const rows = await db
    .select({ loginId: members.loginId, nickname: members.nickname, likedAt: boardLikes.createdAt })
    .from(boardLikes)
    .innerJoin(members, eq(members.id, boardLikes.memberId))
    .where(eq(boardLikes.boardId, post.id))
    .orderBy(desc(boardLikes.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, post.id));
  return c.json({ list: rows, total: total?.n ?? 0, ...page });
});

const likeSchema = v.object({
  boardId: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]), v.integer(), v.minValue(1), v.maxValue(ID_MAX)),
});

/** `POST /api/cs/board-like {boardId}` toggles the caller's like. */
boardCommentRoutes.post('/board-like', requireMember(), async (c) => {
  const input = await readInput(c, likeSchema);
  if (!input.ok) return input.res;
  const { db } = c.get('deps').database;
  const post = await livePost(db, input.data.boardId);
  if (!post) return notFound(c, 'post');
  const mine = and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, me(c).id));
  const removed = await db.delete(boardLikes).where(mine).returning({ boardId: boardLikes.boardId });
  if (removed.length === 0)
    await db
      .insert(boardLikes)
      .values({ boardId: post.id, memberId: me(c).id })
      .onConflictDoNothing();
  const [likes] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, post.id));
  return c.json({ boardId: post.id, liked: removed.length === 0, likeCount: likes?.n ?? 0 });
});
