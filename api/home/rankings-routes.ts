/**
 * `GET /api/my/rankings?offset&limit`: channels ranked by followers (ties: older channel first), plus
 * the caller's own channel rank when they have one.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { rankings } from '../../domain/answers/home.ts';
import { RANKING_PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { rankingsOf } from './rankings.ts';

export const rankingRoutes = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: "Channels ranked by followers, and the caller's own channel rank",
    responses: {
      200: {
        description:
          '{ list: [{ rank, channelId, loginId, nickname, title, broadcasting, followers }], me: { rank, followers, ' +
          'channelId } | null, offset, limit }',
        schema: rankings,
      },
    },
  }),
  requireMember(),
  query(v.object({ ...paging(RANKING_PAGE_LIMIT_DEFAULT) })),
  async (c) => c.json(await rankingsOf(c.get('deps').database.db, me(c).id, c.req.valid('query'))),
);
