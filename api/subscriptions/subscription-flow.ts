/**
 * Channel subscriptions (SPEC §4, §9). Plans: monthly (3,300 won, renews itself), 1month (3,300)
 * and 3months (9,900), charged to the member's registered card (the gateway's billing key,
 * ./billing-keys.ts). Statuses move so:
 *   subscribe → 1 subscribed · cancel renewal → 5 (runs to the period's end; event 2)
 *   unsubscribe → 2 (ends now) · period over without renewal → 3 expired
 *   renewal charge ok → 1 with the next period (event 1)
 *   declined → event 3 at once, still 1 through RENEWAL_GRACE_MS (retried daily), then 3
 *   4 unused: reserved for subscription items (700–704) held but not yet started.
 * Each charged period is a `subscription_periods` row with a unique (subscription, period start) and
 * a payment id derived from both, which is also the gateway's idempotency key: a renewal run twice,
 * or in parallel, charges once, and a charge whose answer never came (a timeout) is tried again
 * under the same id. The renewal job is ./renewal.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments, subscriptionPeriods, subscriptions } from '../db/schema/index.ts';
import {
  SUBSCRIPTION_PRICE_1_MONTH_WON,
  SUBSCRIPTION_PRICE_3_MONTHS_WON,
  SUBSCRIPTION_PRICE_MONTHLY_WON,
} from '../../domain/limits.ts';
import type { SubscriptionPlan } from '../../domain/schemas/subscriptions.ts';
import type { PaymentGateway } from '../providers/payment/gateway.ts';
import { billingKeyOf } from './billing-keys.ts';
import type { Executor } from '../ledger/transfer.ts';

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

/** A declined renewal is tried again at most this often during the grace period. */
export const RENEWAL_RETRY_INTERVAL_MS = 24 * 3_600_000;

/**
 * `charged` now, `already` charged by an earlier run, `declined` now (or `no_card`: none
 * registered), `waiting`: declined earlier and not yet due for another try, `unavailable`: no
 * answer from the gateway (the payment stays 1 and the next run tries the same id again).
 */
export type ChargeOutcome = 'charged' | 'already' | 'declined' | 'no_card' | 'waiting' | 'unavailable';

/** Claims and charges one period inside the caller's transaction; `attempt` counts the charges of this period. */
export async function chargePeriodIn(
  tx: Executor,
  gateway: PaymentGateway,
  s: { id: number; memberId: number; priceWon: number },
  periodStart: Date,
  now = new Date(),
): Promise<{ outcome: ChargeOutcome; attempt: number }> {
  const base = `S${s.id}-${periodStart.getTime()}`;
  const [claimed] = await tx
    .insert(subscriptionPeriods)
    .values({ subscriptionId: s.id, periodStart, paymentId: base })
    .onConflictDoNothing()
    .returning();
  const [period] = claimed
    ? [claimed]
    : await tx
        .select()
        .from(subscriptionPeriods)
        .where(and(eq(subscriptionPeriods.subscriptionId, s.id), eq(subscriptionPeriods.periodStart, periodStart)))
        .for('update');
  let { attempt } = period!;
  let paymentId = period!.paymentId ?? base;
  const [last] = claimed ? [] : await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (last?.status === 9) return { outcome: 'already', attempt };
  if (last?.status === 8) {
    if (now.getTime() - last.updatedAt.getTime() < RENEWAL_RETRY_INTERVAL_MS) return { outcome: 'waiting', attempt };
    attempt += 1;
    paymentId = `${base}-${attempt}`;
    await tx.update(subscriptionPeriods).set({ attempt, paymentId }).where(eq(subscriptionPeriods.id, period!.id));
  }
  const card = await billingKeyOf(tx, s.memberId);
  const charge = await gateway.chargeBillingKey({
    paymentId,
    memberId: s.memberId,
    amountWon: s.priceWon,
    billingKey: card?.billingKey,
    orderName: 'subscription',
  });
  const status = charge.ok ? 9 : charge.code === 'gateway_unavailable' ? 1 : 8;
  const values = {
    status,
    approvedAt: charge.ok ? now : null,
    failureNote: charge.ok ? null : charge.note.slice(0, 200),
    updatedAt: now,
  };
  await tx
    .insert(payments)
    .values({
      id: paymentId,
      memberId: s.memberId,
      purpose: 'subscription',
      method: 'CARD',
      amountWon: s.priceWon,
      ...values,
    })
    .onConflictDoUpdate({ target: payments.id, set: values });
  if (charge.ok) return { outcome: 'charged', attempt };
  if (status === 1) return { outcome: 'unavailable', attempt };
  return { outcome: charge.code === 'billing_key_missing' ? 'no_card' : 'declined', attempt };
}

export type SubscribeResult =
  | { ok: true; subscription: ReturnType<typeof subscriptionView> }
  | { ok: false; code: 'already_subscribed' | 'payment_declined' | 'card_not_registered' | 'gateway_unavailable' };

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
  const values = {
    ...input,
    priceWon: p.priceWon,
    status: 1,
    periodStart: now,
    periodEnd: addMonths(now, p.months),
    updatedAt: now,
  };
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
  const { outcome } = await chargePeriodIn(tx, gateway, row!, now, now);
  if (outcome === 'no_card') return { ok: false, code: 'card_not_registered' };
  if (outcome === 'declined') return { ok: false, code: 'payment_declined' };
  if (outcome === 'unavailable') {
    // The refusal rolls the subscription back; a charge that went through unseen is given back.
    await gateway.cancel({
      paymentId: `S${row!.id}-${now.getTime()}`,
      amountWon: row!.priceWon,
      reason: 'the subscription did not start',
      requester: 'ADMIN',
    });
    return { ok: false, code: 'gateway_unavailable' };
  }
  return { ok: true, subscription: subscriptionView(row!) };
}

export { runRenewals } from './renewal.ts';
