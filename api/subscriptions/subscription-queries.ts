/** Reads of channel subscriptions shared by the channel page and the broadcaster's list. */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { subscriptions } from '../db/schema/index.ts';
import { subscriptionView } from './subscription-flow.ts';

/** Statuses of a subscription that is running now: 1 subscribed, 5 renewal cancelled (to the period's end). */
export const RUNNING_SUBSCRIPTION_STATUSES = [1, 5];

/** How many members hold a running subscription to the channel. */
export async function runningSubscriptionCount(db: Db, channelId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.channelId, channelId), inArray(subscriptions.status, RUNNING_SUBSCRIPTION_STATUSES)));
  return row?.n ?? 0;
}

/**
 * How many channels the member holds a running subscription to: the entries of their list
 * (`GET /api/my/subscriptions`) in a running status, so My page's count and the list agree.
 */
export async function memberRunningSubscriptionCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, memberId), inArray(subscriptions.status, RUNNING_SUBSCRIPTION_STATUSES)));
  return row?.n ?? 0;
}

/** The member's subscription to the channel in any status, or null. */
export async function memberSubscription(db: Db, memberId: number, channelId: number) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, memberId), eq(subscriptions.channelId, channelId)));
  return row ? subscriptionView(row) : null;
}
