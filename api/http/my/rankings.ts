/**
 * `GET /api/my/rankings?limit`: channels ranked by followers (ties: older channel first), plus the
 * caller's own channel rank when they have one.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { channelFollows, channels, members } from '../../db/schema/index.ts';
import { badPaging, me, paging } from '../cs/cs-http.ts';
import { requireMember } from '../session.ts';

const followers = sql<number>`(select count(*)::int from ${channelFollows} where ${channelFollows.channelId} = ${channels.id})`;

export const rankingRoutes = new Hono<ApiEnv>();

rankingRoutes.get('/', requireMember(), async (c) => {
  const page = paging(c, 10);
  if (!page) return badPaging(c);
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
});
