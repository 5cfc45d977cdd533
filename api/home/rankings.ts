/** Channels ranked by followers (ties: the older channel first), and a member's own channel's rank. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Rankings } from '../../domain/answers/home.ts';
import type { Db } from '../db/client.ts';
import { channelFollows, channels, members } from '../db/schema/index.ts';

const followers = sql<number>`(select count(*)::int from ${channelFollows} where ${channelFollows.channelId} = ${channels.id})`;

/** One page of the ranking, and the rank of the channel `memberId` owns (null without one). */
export async function rankingsOf(db: Db, memberId: number, page: { offset: number; limit: number }): Promise<Rankings> {
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
  const rows = await db
    .select()
    .from(ranked)
    .orderBy(asc(ranked.rank), desc(ranked.followers))
    .limit(page.limit)
    .offset(page.offset);
  const [mine] = await db
    .select({ rank: ranked.rank, followers: ranked.followers, channelId: ranked.channelId })
    .from(ranked)
    .where(eq(ranked.ownerId, memberId));
  return {
    list: rows.map(({ ownerId: _owner, ...r }) => r),
    me: mine ?? null,
    ...page,
  };
}
