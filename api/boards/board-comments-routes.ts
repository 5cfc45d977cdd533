/**
 * Comments and likes on board posts under /api/cs. Reading is public; commenting and liking need a
 * member; a comment is deleted by its author or the channel owner.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/boards.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { boardCommentContent } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { body, idNumber, ids, idText, paging, params, query } from '../http/request.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { refuseBoard } from './board-refusals.ts';
import { addComment, commentPage, deleteComment, likeCount, likers, toggleLike } from './board-comments.ts';

/** A malformed id names no post: 404, as an unknown one. */
const malformedIsMissing = { invalid: 'not_found' } as const;
const pageOf = { ...paging(PAGE_LIMIT_DEFAULT) };

const commentBody = v.object({ boardId: idNumber, content: boardCommentContent });
/** Clients send the id as a number or as text. */
const likeBody = v.object({ boardId: v.union([idNumber, idText]) });

export const boardCommentRoutes = new Hono<ApiEnv>()
  .get(
    '/board-comment',
    doc({
      tag: 'boards',
      summary: "A post's comments, newest first, with canDelete for the caller",
      responses: {
        200: {
          description:
            '{ list: [{ commentId, boardId, content, author, createdAt, canDelete }], total, offset, limit }',
          schema: answer.boardComments,
        },
      },
      errors: ['not_found'],
    }),
    optionalMember(),
    query(v.object({ boardId: idText, ...pageOf }), { fields: { boardId: 'not_found' } }),
    async (c) => {
      const { boardId, ...page } = c.req.valid('query');
      const found = await commentPage(c.get('deps').database.db, boardId, c.get('member')?.id ?? null, page);
      return found.ok ? c.json(found.comments satisfies answer.BoardComments) : refuseBoard(c, found.code);
    },
  )
  .post(
    '/board-comment',
    doc({
      tag: 'boards',
      summary: 'Comments on a post (403 when the owner closed comments)',
      responses: { 201: { description: '{ commentId, boardId }', schema: answer.boardCommented } },
      errors: ['not_found', 'forbidden'],
    }),
    requireMember(),
    body(commentBody),
    async (c) => {
      const { boardId, content } = c.req.valid('json');
      const added = await addComment(c.get('deps').database.db, me(c).id, boardId, content);
      return added.ok ? c.json(added.commented satisfies answer.BoardCommented, 201) : refuseBoard(c, added.code);
    },
  )
  .delete(
    '/board-comment/:commentId',
    doc({
      tag: 'boards',
      summary: 'Deletes a comment (its author or the channel owner)',
      responses: { 200: { description: '{ deleted }', schema: answer.boardDeleted } },
      errors: ['not_found', 'forbidden'],
    }),
    requireMember(),
    params(ids('commentId'), malformedIsMissing),
    async (c) => {
      const done = await deleteComment(c.get('deps').database.db, me(c).id, c.req.valid('param').commentId);
      return done.ok ? c.json({ deleted: done.deleted } satisfies answer.BoardDeleted) : refuseBoard(c, done.code);
    },
  )
  .get(
    '/board-likeCount/:id',
    doc({
      tag: 'boards',
      summary: "A post's like count, and whether the caller likes it",
      responses: { 200: { description: '{ boardId, likeCount, liked }', schema: answer.boardLikeCount } },
      errors: ['not_found'],
    }),
    optionalMember(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const found = await likeCount(c.get('deps').database.db, c.req.valid('param').id, c.get('member')?.id ?? null);
      return found.ok ? c.json(found.likes satisfies answer.BoardLikeCount) : refuseBoard(c, found.code);
    },
  )
  .get(
    '/board-like-User/:id',
    doc({
      tag: 'boards',
      summary: 'Who liked a post, newest first',
      responses: {
        200: {
          description: '{ list: [{ loginId, nickname, likedAt }], total, offset, limit }',
          schema: answer.boardLikers,
        },
      },
      errors: ['not_found'],
    }),
    params(ids('id'), malformedIsMissing),
    query(v.object(pageOf)),
    async (c) => {
      const found = await likers(c.get('deps').database.db, c.req.valid('param').id, c.req.valid('query'));
      return found.ok ? c.json(found.likers satisfies answer.BoardLikers) : refuseBoard(c, found.code);
    },
  )
  .post(
    '/board-like',
    doc({
      tag: 'boards',
      summary: "Toggles the caller's like of a post",
      responses: { 200: { description: '{ boardId, liked, likeCount }', schema: answer.boardLikeToggled } },
      errors: ['not_found'],
    }),
    requireMember(),
    body(likeBody),
    async (c) => {
      const toggled = await toggleLike(c.get('deps').database.db, me(c).id, c.req.valid('json').boardId);
      return toggled.ok ? c.json(toggled.likes satisfies answer.BoardLikeToggled) : refuseBoard(c, toggled.code);
    },
  );
