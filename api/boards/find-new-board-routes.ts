/**
 * `GET /api/guest/find-new-board?channelId&lastBoardId` (public): is there a post newer than the
 * one the visitor last saw.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import * as answer from '../../domain/answers/boards.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { idText, query } from '../http/request.ts';
import { boardNews } from './boards.ts';

const findNewBoardQuery = v.object({
  channelId: idText,
  /** The newest post the visitor has seen; empty: none. */
  lastBoardId: v.optional(
    v.pipe(
      v.union([v.literal(''), idText]),
      v.transform((id) => (id === '' ? 0 : id)),
    ),
    '',
  ),
});

export const findNewBoard = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'boards',
    summary: "Whether a channel's board has a post newer than lastBoardId",
    responses: { 200: { description: '{ channelId, hasNew, latestBoardId, latestAt }', schema: answer.boardNews } },
  }),
  query(findNewBoardQuery),
  async (c) => {
    const { channelId, lastBoardId } = c.req.valid('query');
    const news = await boardNews(c.get('deps').database.db, channelId, lastBoardId);
    return c.json(news satisfies answer.BoardNewsAnswer);
  },
);
