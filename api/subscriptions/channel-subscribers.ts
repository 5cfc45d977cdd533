/**
 * The paid subscribers of a channel (SPEC §7), newest change first, with each one's plan, status
 * (SPEC §4: 1 subscribed … 5 renewal cancelled) and period; `active` counts those running now (1 and 5).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { ChannelSubscribers } from '../../domain/answers/subscriptions.ts';
import type { Db } from '../db/client.ts';
import { members, subscriptions } from '../db/schema/index.ts';
import { subscriptionView } from './subscription-flow.ts';
import { runningSubscriptionCount } from './subscription-queries.ts';

/** A page of the channel's subscribers, all of them counted, and the running ones. */
export async function channelSubscribers(
  db: Db,
  channelId: number,
  page: { offset: number; limit: number },
): Promise<ChannelSubscribers> {
  const { offset, limit } = page;
  const rows = await db
    .select({ s: subscriptions, loginId: members.loginId, nickname: members.nickname })
    .from(subscriptions)
    .innerJoin(members, eq(members.id, subscriptions.memberId))
    .where(eq(subscriptions.channelId, channelId))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.channelId, channelId));
  return {
    list: rows.map((r) => ({ ...subscriptionView(r.s), loginId: r.loginId, nickname: r.nickname })),
    total: total?.n ?? 0,
    active: await runningSubscriptionCount(db, channelId),
    offset,
    limit,
  };
}
