/**
 * Channel boards under /api/cs: list and detail (public), delete (author or channel owner) and the
 * owner's important toggle. Writing and editing posts are in boards-write-routes.ts, comments and
 * likes in board-comments-routes.ts, settings in boards-settings-routes.ts.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/boards.ts';
import { BOARD_CATEGORIES } from '../../domain/categories.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import { boardImportantBody } from '../../domain/schemas/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc, type RouteDoc } from '../http/openapi.ts';
import { body, ids, idText, paging, params, query } from '../http/request.ts';
import { me, optionalMember, requireMember } from '../http/session.ts';
import { refuseBoard } from './board-refusals.ts';
import { boardDetail, boardList, deletePost, markImportant } from './boards.ts';
import { requireOwnerOfChannel } from './boards-access.ts';

const listQuery = v.object({
  channelId: idText,
  /** Empty: every category. */
  category: v.optional(v.union([v.literal(''), v.picklist(BOARD_CATEGORIES)]), ''),
  ...paging(PAGE_LIMIT_DEFAULT),
});

/** A malformed id names no post: 404, as an unknown one. */
const malformedIsMissing = { invalid: 'not_found' } as const;

const detailDoc = {
  tag: 'boards',
  summary: 'A post with its content, attachments and what the caller may do with it (canEdit, canDelete, isOwner)',
  responses: {
    200: {
      description:
        '{ boardId, channelId, category, title, content, important, likes, liked, author, createdAt, updatedAt, ' +
        'attachments, canEdit, canDelete, isOwner }',
      schema: answer.boardDetail,
    },
  },
  errors: ['not_found'],
} as const satisfies RouteDoc;

export const boardRoutes = new Hono<ApiEnv>()
  .get(
    '/board-list',
    doc({
      tag: 'boards',
      summary: "A channel's posts: important ones first, then newest",
      responses: {
        200: {
          description:
            '{ list: [{ boardId, channelId, category, title, important, likes, comments, author, createdAt }], ' +
            'total, offset, limit }',
          schema: answer.boardList,
        },
      },
    }),
    query(listQuery),
    async (c) => {
      const { channelId, category, ...page } = c.req.valid('query');
      const list = await boardList(c.get('deps').database.db, channelId, category, page);
      return c.json(list satisfies answer.BoardList);
    },
  )
  .get(
    '/board-detail',
    doc(detailDoc),
    optionalMember(),
    query(v.object({ boardId: idText }), malformedIsMissing),
    async (c) => {
      const { boardId } = c.req.valid('query');
      const found = await boardDetail(c.get('deps').database.db, boardId, c.get('member')?.id ?? null);
      return found.ok ? c.json(found.detail satisfies answer.BoardDetail) : refuseBoard(c, found.code);
    },
  )
  .get('/board-detail/:id', doc(detailDoc), optionalMember(), params(ids('id'), malformedIsMissing), async (c) => {
    const found = await boardDetail(c.get('deps').database.db, c.req.valid('param').id, c.get('member')?.id ?? null);
    return found.ok ? c.json(found.detail satisfies answer.BoardDetail) : refuseBoard(c, found.code);
  })
  .delete(
    '/board-delete/:id',
    doc({
      tag: 'boards',
      summary: 'Deletes a post (its author or the channel owner)',
      responses: { 200: { description: '{ deleted }', schema: answer.boardDeleted } },
      errors: ['not_found', 'forbidden'],
    }),
    requireMember(),
    params(ids('id'), malformedIsMissing),
    async (c) => {
      const done = await deletePost(c.get('deps').database.db, c.req.valid('param').id, me(c).id);
      return done.ok ? c.json({ deleted: done.deleted } satisfies answer.BoardDeleted) : refuseBoard(c, done.code);
    },
  )
  .put(
    '/board-important/:channelId/:boardId',
    doc({
      tag: 'boards',
      summary: 'Marks a post important (listed first) or not (the channel owner); an empty body toggles it',
      responses: { 200: { description: '{ boardId, channelId, important }', schema: answer.boardImportant } },
      errors: ['not_found'],
    }),
    requireMember(),
    params(ids('channelId', 'boardId'), malformedIsMissing),
    requireOwnerOfChannel('error_forbidden_board_important'),
    body(boardImportantBody),
    async (c) => {
      const { channelId, boardId } = c.req.valid('param');
      const { db } = c.get('deps').database;
      const done = await markImportant(db, channelId, boardId, c.req.valid('json').important);
      return done.ok ? c.json(done.marked satisfies answer.BoardImportant) : refuseBoard(c, done.code);
    },
  );
