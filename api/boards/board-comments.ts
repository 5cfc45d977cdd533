/**
 * Comments and likes on board posts under /api/cs. Reading is public; commenting and liking need a
 * member; a comment is deleted by its author or the channel owner.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { boardCommentContent } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { boardComments, boardLikes, members } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, idNumber, ids, idText, paging, params, query } from '../http/request.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { boardSetting, livePost } from './boards-access.ts';

/** A malformed id names no post: 404, as an unknown one. */
const malformedIsMissing = { invalid: 'not_found' } as const;
const postMissing = (c: Context<ApiEnv>) => fail(c, 'not_found', { messageKey: 'error_not_found_post' });
const pageOf = { ...paging(PAGE_LIMIT_DEFAULT) };

const commentBody = v.object({ boardId: idNumber, content: boardCommentContent });
/** Clients send the id as a number or as text. */
const likeBody = v.object({ boardId: v.union([idNumber, idText]) });

async function likesOf(c: Context<ApiEnv>, boardId: number) {
  const { db } = c.get('deps').database;
  const [likes] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, boardId));
  return likes?.n ?? 0;
}

export const boardCommentRoutes = new Hono<ApiEnv>()
  .get(
    '/board-comment',
    doc({
      tag: 'boards',
      summary: "A post's comments, newest first, with canDelete for the caller",
      responses: { 200: '{ list: [{ commentId, boardId, content, author, createdAt, canDelete }], total, offset, limit }' },
      errors: ['not_found'],
    }),
    optionalMember(),
    query(v.object({ boardId: idText, ...pageOf }), { fields: { boardId: 'not_found' } }),
    async (c) => {
      const { boardId, ...page } = c.req.valid('query');
      const { db } = c.get('deps').database;
      const post = await livePost(db, boardId);
      if (!post) return postMissing(c);
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
    },
  )
  .post(
    '/board-comment',
    doc({
      tag: 'boards',
      summary: 'Comments on a post (403 when the owner closed comments)',
      responses: { 201: '{ commentId, boardId }' },
      errors: ['not_found', 'forbidden'],
    }),
    requireMember(),
    body(commentBody),
    async (c) => {
      const input = c.req.valid('json');
      const { db } = c.get('deps').database;
      const post = await livePost(db, input.boardId);
      if (!post) return postMissing(c);
      if (!(await boardSetting(db, post.channelId)).commentsEnabled) return fail(c, 'forbidden', { messageKey: 'error_forbidden_comments_closed' });
      const [row] = await db
        .insert(boardComments)
        .values({ boardId: post.id, authorId: me(c).id, content: input.content })
        .returning({ id: boardComments.id });
      return c.json({ commentId: row!.id, boardId: post.id }, 201);
    },
  )
  .delete(
    '/board-comment/:commentId',
    doc({
      tag: 'boards',
      summary: 'Deletes a comment (its author or the channel owner)',
      responses: { 200: '{ deleted }' },
      errors: ['not_found', 'forbidden'],
    }),
    requireMember(),
    params(ids('commentId'), malformedIsMissing),
    async (c) => {
      const { db } = c.get('deps').database;
      const [comment] = await db
        .select()
        .from(boardComments)
        .where(eq(boardComments.id, c.req.valid('param').commentId));
      const post = comment ? await livePost(db, comment.boardId) : null;
      if (!comment || !post) return fail(c, 'not_found', { messageKey: 'error_not_found_comment' });
      if (comment.authorId !== me(c).id && post.channelOwnerId !== me(c).id) return fail(c, 'forbidden', { messageKey: 'error_forbidden_comment_delete' });
      await db.delete(boardComments).where(eq(boardComments.id, comment.id));
      return c.json({ deleted: comment.id });
    },
  )
  .get(
    '/board-likeCount/:id',
    doc({
      tag: 'boards',
      summary: "A post's like count, and whether the caller likes it",
      responses: { 200: '{ boardId, likeCount, liked }' },
      errors: ['not_found'],
    }),
    optionalMember(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const { db } = c.get('deps').database;
      const post = await livePost(db, c.req.valid('param').id);
      if (!post) return postMissing(c);
      const viewer = c.get('member');
      const [liked] = viewer
        ? await db
            .select({ n: count() })
            .from(boardLikes)
            .where(and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, viewer.id)))
        : [];
      return c.json({ boardId: post.id, likeCount: await likesOf(c, post.id), liked: (liked?.n ?? 0) > 0 });
    },
  )
  .get(
    '/board-like-User/:id',
    doc({
      tag: 'boards',
      summary: 'Who liked a post, newest first',
      responses: { 200: '{ list: [{ loginId, nickname, likedAt }], total, offset, limit }' },
      errors: ['not_found'],
    }),
    params(ids('id'), malformedIsMissing),
    query(v.object(pageOf)),
    async (c) => {
      const page = c.req.valid('query');
      const { db } = c.get('deps').database;
      const post = await livePost(db, c.req.valid('param').id);
      if (!post) return postMissing(c);
      const rows = await db
        .select({ loginId: members.loginId, nickname: members.nickname, likedAt: boardLikes.createdAt })
        .from(boardLikes)
        .innerJoin(members, eq(members.id, boardLikes.memberId))
        .where(eq(boardLikes.boardId, post.id))
        .orderBy(desc(boardLikes.createdAt))
        .limit(page.limit)
        .offset(page.offset);
      return c.json({ list: rows, total: await likesOf(c, post.id), ...page });
    },
  )
  .post(
    '/board-like',
    doc({ tag: 'boards', summary: "Toggles the caller's like of a post", responses: { 200: '{ boardId, liked, likeCount }' }, errors: ['not_found'] }),
    requireMember(),
    body(likeBody),
    async (c) => {
      const { db } = c.get('deps').database;
      const post = await livePost(db, c.req.valid('json').boardId);
      if (!post) return postMissing(c);
      const mine = and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, me(c).id));
      const removed = await db.delete(boardLikes).where(mine).returning({ boardId: boardLikes.boardId });
      if (removed.length === 0)
        await db
          .insert(boardLikes)
          .values({ boardId: post.id, memberId: me(c).id })
          .onConflictDoNothing();
      return c.json({ boardId: post.id, liked: removed.length === 0, likeCount: await likesOf(c, post.id) });
    },
  );
