/** `GET /api/guest/find-new-board?channelId&lastBoardId` (public): is there a post newer than the one the visitor last saw. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../app-env.ts';
import { boardPosts } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { idText, query } from '../http/request.ts';

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
    responses: { 200: '{ channelId, hasNew, latestBoardId, latestAt }' },
  }),
  query(findNewBoardQuery),
  async (c) => {
    const { channelId, lastBoardId } = c.req.valid('query');
    const [latest] = await c
      .get('deps')
      .database.db.select({ id: boardPosts.id, createdAt: boardPosts.createdAt })
      .from(boardPosts)
      .where(and(eq(boardPosts.channelId, channelId), isNull(boardPosts.deletedAt)))
      .orderBy(desc(boardPosts.id))
      .limit(1);
    return c.json({ channelId, hasNew: !!latest && latest.id > lastBoardId, latestBoardId: latest?.id ?? null, latestAt: latest?.createdAt ?? null });
  },
);
