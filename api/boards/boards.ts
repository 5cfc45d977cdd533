/**
 * Channel boards under /api/cs: list and detail (public), delete (author or channel owner) and the
 * owner's important toggle. Writing and editing posts are in boards-write.ts, comments and likes
 * in board-comments.ts, settings in boards-settings.ts.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { BOARD_CATEGORIES } from '../../domain/categories.ts';
import { boardImportantBody } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { boardComments, boardLikes, boardPosts, members } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, idText, paging, params, query } from '../http/request.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { livePost, requireOwnerOfChannel } from './boards-access.ts';
import { attachmentsOf } from '../attachments/attachments.ts';

const likeCount = sql<number>`(select count(*)::int from ${boardLikes} where ${boardLikes.boardId} = ${boardPosts.id})`;
const commentCount = sql<number>`(select count(*)::int from ${boardComments} where ${boardComments.boardId} = ${boardPosts.id})`;

const listQuery = v.object({
  channelId: idText,
  /** Empty: every category. */
  category: v.optional(v.union([v.literal(''), v.picklist(BOARD_CATEGORIES)]), ''),
  ...paging(PAGE_LIMIT_DEFAULT),
});

/** A malformed id names no post: 404, as an unknown one. */
const malformedIsMissing = { invalid: 'not_found' } as const;
const postMissing = (c: Context<ApiEnv>) => fail(c, 'not_found', { messageKey: 'error_not_found_post' });

async function detail(c: Context<ApiEnv>, boardId: number) {
  const { db } = c.get('deps').database;
  const post = await livePost(db, boardId);
  if (!post) return postMissing(c);
  const [author] = await db.select({ loginId: members.loginId, nickname: members.nickname }).from(members).where(eq(members.id, post.authorId));
  const [likes] = await db.select({ n: count() }).from(boardLikes).where(eq(boardLikes.boardId, post.id));
  const viewer = c.get('member');
  const [liked] = viewer
    ? await db
        .select({ n: count() })
        .from(boardLikes)
        .where(and(eq(boardLikes.boardId, post.id), eq(boardLikes.memberId, viewer.id)))
    : [];
  const files = await attachmentsOf(db, 'board', [post.id]);
  return c.json({
    boardId: post.id,
    channelId: post.channelId,
    category: post.category,
    title: post.title,
    content: post.content,
    important: post.important,
    likes: likes?.n ?? 0,
    liked: (liked?.n ?? 0) > 0,
    author,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    attachments: files.get(post.id) ?? [],
    canEdit: viewer?.id === post.authorId,
    canDelete: viewer?.id === post.authorId || viewer?.id === post.channelOwnerId,
    isOwner: viewer?.id === post.channelOwnerId,
  });
}

const detailDoc = {
  tag: 'boards',
  summary: 'A post with its content, attachments and what the caller may do with it (canEdit, canDelete, isOwner)',
  responses: {
    200: '{ boardId, channelId, category, title, content, important, likes, liked, author, createdAt, updatedAt, attachments, canEdit, canDelete, isOwner }',
  },
  errors: ['not_found'],
} as const;

export const boardRoutes = new Hono<ApiEnv>()
  .get(
    '/board-list',
    doc({
      tag: 'boards',
      summary: "A channel's posts: important ones first, then newest",
      responses: { 200: '{ list: [{ boardId, channelId, category, title, important, likes, comments, author, createdAt }], total, offset, limit }' },
    }),
    query(listQuery),
    async (c) => {
      const { channelId, category, ...page } = c.req.valid('query');
      const { db } = c.get('deps').database;
      const where = and(eq(boardPosts.channelId, channelId), isNull(boardPosts.deletedAt), category ? eq(boardPosts.category, category) : undefined);
      const rows = await db
        .select({ post: boardPosts, loginId: members.loginId, nickname: members.nickname, likes: likeCount, comments: commentCount })
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
        createdAt: r.post.createdAt,
      }));
      return c.json({ list, total: total?.n ?? 0, ...page });
    },
  )
  .get('/board-detail', doc(detailDoc), optionalMember(), query(v.object({ boardId: idText }), malformedIsMissing), (c) =>
    detail(c, c.req.valid('query').boardId),
  )
  .get('/board-detail/:id', doc(detailDoc), optionalMember(), params(ids('id'), malformedIsMissing), (c) => detail(c, c.req.valid('param').id))
  .delete(
    '/board-delete/:id',
    doc({ tag: 'boards', summary: 'Deletes a post (its author or the channel owner)', responses: { 200: '{ deleted }' }, errors: ['not_found', 'forbidden'] }),
    requireMember(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const { db } = c.get('deps').database;
      const post = await livePost(db, c.req.valid('param').id);
      if (!post) return postMissing(c);
      if (post.authorId !== me(c).id && post.channelOwnerId !== me(c).id) return fail(c, 'forbidden', { messageKey: 'error_forbidden_board_delete' });
      await db.update(boardPosts).set({ deletedAt: new Date() }).where(eq(boardPosts.id, post.id));
      return c.json({ deleted: post.id });
    },
  )
  .put(
    '/board-important/:channelId/:boardId',
    doc({
      tag: 'boards',
      summary: 'Marks a post important (listed first) or not (the channel owner); an empty body toggles it',
      responses: { 200: '{ boardId, channelId, important }' },
      errors: ['not_found'],
    }),
    requireMember(),
    params(ids('channelId', 'boardId'), malformedIsMissing),
    requireOwnerOfChannel('error_forbidden_board_important'),
    body(boardImportantBody),
    async (c) => {
      const { channelId, boardId } = c.req.valid('param');
      const { db } = c.get('deps').database;
      const post = await livePost(db, boardId);
      if (!post || post.channelId !== channelId) return postMissing(c);
      const important = c.req.valid('json').important ?? !post.important;
      await db.update(boardPosts).set({ important }).where(eq(boardPosts.id, post.id));
      return c.json({ boardId: post.id, channelId, important });
    },
  );
