/**
 * `GET /api/my/rankings?offset&limit`: channels ranked by followers (ties: older channel first), plus
 * the caller's own channel rank when they have one.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { RANKING_PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { channelFollows, channels, members } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

const followers = sql<number>`(select count(*)::int from ${channelFollows} where ${channelFollows.channelId} = ${channels.id})`;

export const rankingRoutes = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: "Channels ranked by followers, and the caller's own channel rank",
    responses: {
      200: '{ list: [{ rank, channelId, loginId, nickname, title, broadcasting, followers }], me: { rank, followers, channelId } | null, offset, limit }',
    },
  }),
  requireMember(),
  query(v.object({ ...paging(RANKING_PAGE_LIMIT_DEFAULT) })),
  async (c) => {
    const page = c.req.valid('query');
    const { db } = c.get('deps').database;
    const ranked = db
      .select({
        channelId: channels.id,
        ownerId: channels.ownerId,
        loginId: members.loginId,
        nickname: members.nickname,
        title: channels.title,
        broadcasting: channels.broadcasting,
        followers: followers.as('followers'),
        rank: sql<number>`(rank() over (order by ${followers} desc, ${channels.id} asc))::int`.as('rank'),
      })
      .from(channels)
      .innerJoin(members, eq(members.id, channels.ownerId))
      .as('ranked');
    const rows = await db.select().from(ranked).orderBy(asc(ranked.rank), desc(ranked.followers)).limit(page.limit).offset(page.offset);
    const [mine] = await db
      .select({ rank: ranked.rank, followers: ranked.followers, channelId: ranked.channelId })
      .from(ranked)
      .where(eq(ranked.ownerId, me(c).id));
    return c.json({
      list: rows.map(({ ownerId: _owner, ...r }) => r),
      me: mine ?? null,
      ...page,
    });
  },
);
