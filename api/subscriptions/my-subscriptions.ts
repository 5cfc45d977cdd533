/**
 * A member's own subscriptions (/api/my/subscriptions): the list with the channel owners' names,
 * the channel a subscription would go to, cancelling renewal (1 → 5) and unsubscribing (→ 2).
 * Another member's subscription is as absent as a missing one.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Subscription } from '../../domain/answers/subscriptions.ts';
import type { Db } from '../db/client.ts';
import { channels, members, subscriptionEvents, subscriptions } from '../db/schema/index.ts';
import { subscriptionView, type SubscriptionRow } from './subscription-flow.ts';

export type OwnSubscriptionResult =
  | { ok: true; subscription: Subscription }
  | { ok: false; code: 'subscription_not_found' };
export type CancelRenewalResult = OwnSubscriptionResult | { ok: false; code: 'not_renewing' };

/** My subscriptions with the channel owner's loginId and nickname, latest change first. */
export async function mySubscriptions(db: Db, memberId: number): Promise<Subscription[]> {
  const rows = await db
    .select({ s: subscriptions, loginId: members.loginId, nickname: members.nickname })
    .from(subscriptions)
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(subscriptions.memberId, memberId))
    .orderBy(desc(subscriptions.updatedAt));
  return rows.map((r) => ({ ...subscriptionView(r.s), loginId: r.loginId, nickname: r.nickname }));
}

/** The owner of channel `channelId`, or null when there is no such channel. */
export async function channelOwnerOf(db: Db, channelId: number): Promise<number | null> {
  const [channel] = await db.select({ ownerId: channels.ownerId }).from(channels).where(eq(channels.id, channelId));
  return channel?.ownerId ?? null;
}

async function ownSubscription(db: Db, memberId: number, id: number): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.memberId, memberId)));
  return row ?? null;
}

/** Stops a running monthly subscription from renewing (5, event 2); one that stopped already is answered as it is. */
export async function cancelRenewal(db: Db, memberId: number, id: number): Promise<CancelRenewalResult> {
  const s = await ownSubscription(db, memberId, id);
  if (!s) return { ok: false, code: 'subscription_not_found' };
  if (s.status === 5) return { ok: true, subscription: subscriptionView(s) };
  if (s.status !== 1 || s.plan !== 'monthly') return { ok: false, code: 'not_renewing' };
  const [after] = await db.transaction(async (tx) => {
    const r = await tx
      .update(subscriptions)
      .set({ status: 5, updatedAt: new Date() })
      .where(and(eq(subscriptions.id, s.id), eq(subscriptions.status, 1)))
      .returning();
    if (r.length) await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, event: 2 });
    return r;
  });
  return { ok: true, subscription: subscriptionView(after ?? s) };
}

/** Ends my subscription now (2). */
export async function unsubscribe(db: Db, memberId: number, id: number): Promise<OwnSubscriptionResult> {
  const s = await ownSubscription(db, memberId, id);
  if (!s) return { ok: false, code: 'subscription_not_found' };
  const [after] = await db
    .update(subscriptions)
    .set({ status: 2, periodEnd: new Date(), updatedAt: new Date() })
    .where(eq(subscriptions.id, s.id))
    .returning();
  return { ok: true, subscription: subscriptionView(after!) };
}
