/**
 * Channel subscriptions (SPEC §4, §9). Plans: monthly (3,300 won, renews itself), 1month (3,300)
 * and 3months (9,900), charged through the gateway's billing key. Statuses move so:
 *   subscribe → 1 subscribed · cancel renewal → 5 (runs to the period's end; event 2)
 *   unsubscribe → 2 (ends now) · period over without renewal → 3 expired
 *   renewal charge ok → 1 with the next period (event 1) · declined → 3 (event 3)
 *   4 unused: reserved for subscription items (700–704) held but not yet started.
 * Each charged period is a `subscription_periods` row with a unique (subscription, period start) and
 * a payment id derived from both, which is also the gateway's idempotency key: a renewal run twice,
 * or in parallel, charges once.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments, subscriptionEvents, subscriptionPeriods, subscriptions } from '../db/schema/index.ts';
import { SUBSCRIPTION_PRICE_1_MONTH_WON, SUBSCRIPTION_PRICE_3_MONTHS_WON, SUBSCRIPTION_PRICE_MONTHLY_WON } from '../../domain/limits.ts';
import type { SubscriptionPlan } from '../../domain/schemas/subscriptions.ts';
import type { PaymentGateway } from '../providers/payment/gateway.ts';
import type { Executor } from './transfer.ts';

export const PLANS = {
  monthly: { priceWon: SUBSCRIPTION_PRICE_MONTHLY_WON, months: 1, renews: true },
  '1month': { priceWon: SUBSCRIPTION_PRICE_1_MONTH_WON, months: 1, renews: false },
  '3months': { priceWon: SUBSCRIPTION_PRICE_3_MONTHS_WON, months: 3, renews: false },
} as const satisfies Record<SubscriptionPlan, { priceWon: number; months: number; renews: boolean }>;
export type Plan = SubscriptionPlan;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

export const subscriptionView = (s: SubscriptionRow) => ({
  subscriptionId: s.id,
  channelId: s.channelId,
  plan: s.plan,
  priceWon: s.priceWon,
  status: s.status,
  periodStart: s.periodStart?.toISOString() ?? null,
  periodEnd: s.periodEnd?.toISOString() ?? null,
});

/** Claims and charges one period inside the caller's transaction. */
export async function chargePeriodIn(
  tx: Executor,
  gateway: PaymentGateway,
  s: { id: number; memberId: number; priceWon: number },
  periodStart: Date,
): Promise<'charged' | 'already' | 'declined'> {
  const paymentId = `S${s.id}-${periodStart.getTime()}`;
  const claimed = await tx
    .insert(subscriptionPeriods)
    .values({ subscriptionId: s.id, periodStart, paymentId })
    .onConflictDoNothing()
    .returning({ id: subscriptionPeriods.id });
  if (claimed.length === 0) return 'already';
  const charge = await gateway.chargeBillingKey({ paymentId, memberId: s.memberId, amountWon: s.priceWon });
  await tx
    .insert(payments)
    .values({
      id: paymentId,
      memberId: s.memberId,
      purpose: 'subscription',
      method: 'CARD',
      amountWon: s.priceWon,
      status: charge.ok ? 9 : 8,
      approvedAt: charge.ok ? new Date() : null,
      failureNote: charge.ok ? null : charge.note,
    })
    .onConflictDoNothing();
  return charge.ok ? 'charged' : 'declined';
}

export type SubscribeResult =
  { ok: true; subscription: ReturnType<typeof subscriptionView> } | { ok: false; code: 'already_subscribed' } | { ok: false; code: 'payment_declined' };

/**
 * Subscribes the member to a channel and charges the first period, inside the caller's transaction.
 * An ended subscription (2, 3) of the same pair starts again; a running one (1, 5) is refused.
 */
export async function subscribe(
  tx: Executor,
  gateway: PaymentGateway,
  input: { memberId: number; channelId: number; plan: Plan },
  now: Date,
): Promise<SubscribeResult> {
  const p = PLANS[input.plan];
  const values = { ...input, priceWon: p.priceWon, status: 1, periodStart: now, periodEnd: addMonths(now, p.months), updatedAt: now };
  // Insert first: a concurrent subscribe of the same member to the same channel waits on the
  // unique index here instead of both finding no row and one failing on insert.
  let [row] = await tx.insert(subscriptions).values(values).onConflictDoNothing().returning();
  if (!row) {
    const [existing] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.memberId, input.memberId), eq(subscriptions.channelId, input.channelId)))
      .for('update');
    if (!existing || existing.status === 1 || existing.status === 5) return { ok: false, code: 'already_subscribed' };
    [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id)).returning();
  }
  if ((await chargePeriodIn(tx, gateway, row!, now)) === 'declined') return { ok: false, code: 'payment_declined' };
  return { ok: true, subscription: subscriptionView(row!) };
}

export function chargePeriod(db: Db, gateway: PaymentGateway, s: { id: number; memberId: number; priceWon: number }, periodStart: Date) {
  return db.transaction((tx) => chargePeriodIn(tx, gateway, s, periodStart));
}

export interface RenewalReport {
  renewed: number;
  expired: number;
  failed: number;
}

/** The scheduled job: renews or expires every subscription whose period ended by `now`. Safe to run twice or in parallel. */
export async function runRenewals(db: Db, gateway: PaymentGateway, now: Date): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, expired: 0, failed: 0 };
  const due = await db
    .select()
    .from(subscriptions)
    .where(and(lte(subscriptions.periodEnd, now)));
  for (const s of due) {
    if (s.status !== 1 && s.status !== 5) continue;
    const plan = PLANS[s.plan as Plan];
    if (s.status === 1 && plan?.renews) {
      const result = await chargePeriod(db, gateway, s, s.periodEnd!);
      if (result === 'already') continue;
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, s.id)).for('update');
        if (!locked || locked.periodEnd?.getTime() !== s.periodEnd!.getTime()) return;
        if (result === 'charged') {
          await tx
            .update(subscriptions)
            .set({ periodStart: s.periodEnd, periodEnd: addMonths(s.periodEnd!, plan.months), updatedAt: now })
            .where(eq(subscriptions.id, s.id));
          await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, event: 1 });
        } else {
          await tx.update(subscriptions).set({ status: 3, updatedAt: now }).where(eq(subscriptions.id, s.id));
          await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, event: 3 });
        }
      });
      if (result === 'charged') report.renewed++;
      else report.failed++;
    } else {
      const [done] = await db
        .update(subscriptions)
        .set({ status: 3, updatedAt: now })
        .where(and(eq(subscriptions.id, s.id), eq(subscriptions.status, s.status)))
        .returning({ id: subscriptions.id });
      if (done) report.expired++;
    }
  }
  return report;
}
