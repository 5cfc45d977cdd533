/**
 * The renewal job's work (api/jobs/subscription-renewal.ts runs it): every subscription whose period
 * ended by `now` is renewed (a monthly one in status 1) or expired (5, or a plan that does not
 * renew). A declined renewal records event 3 once, keeps the subscription for RENEWAL_GRACE_MS after
 * its period's end while the charge is tried again daily, then expires it (3). A charge without an
 * answer is tried again on the next run under the same payment id. Safe to run twice or in parallel.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { subscriptionEvents, subscriptions } from '../db/schema/index.ts';
import type { PaymentGateway } from '../providers/payment/gateway.ts';
import {
  PLANS,
  addMonths,
  chargePeriodIn,
  type ChargeOutcome,
  type Plan,
  type SubscriptionRow,
} from './subscription-flow.ts';

/** How long a subscription whose renewal was declined keeps running while the charge is retried. */
export const RENEWAL_GRACE_MS = 3 * 24 * 3_600_000;

export interface RenewalReport {
  renewed: number;
  expired: number;
  /** Declined this run (event 3 on the first decline of a period). */
  failed: number;
  /** No answer from the gateway: tried again next run. */
  retrying: number;
}

export async function runRenewals(db: Db, gateway: PaymentGateway, now: Date): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, expired: 0, failed: 0, retrying: 0 };
  const due = await db
    .select()
    .from(subscriptions)
    .where(and(lte(subscriptions.periodEnd, now), inArray(subscriptions.status, [1, 5])));
  for (const s of due) {
    const plan = PLANS[s.plan as Plan];
    if (s.status === 1 && plan?.renews) await renew(db, gateway, s, plan.months, now, report);
    else if (await expire(db, s, now)) report.expired++;
  }
  return report;
}

async function expire(db: Db, s: SubscriptionRow, now: Date): Promise<boolean> {
  const [done] = await db
    .update(subscriptions)
    .set({ status: 3, updatedAt: now })
    .where(and(eq(subscriptions.id, s.id), eq(subscriptions.status, s.status)))
    .returning({ id: subscriptions.id });
  return Boolean(done);
}

async function renew(
  db: Db,
  gateway: PaymentGateway,
  s: SubscriptionRow,
  months: number,
  now: Date,
  report: RenewalReport,
): Promise<void> {
  const periodEnd = s.periodEnd!;
  const { outcome, attempt } = await db.transaction((tx) => chargePeriodIn(tx, gateway, s, periodEnd, now));
  if (outcome === 'unavailable') {
    report.retrying++;
    return;
  }
  const declined: ChargeOutcome[] = ['declined', 'no_card', 'waiting'];
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, s.id)).for('update');
    // Another run moved it on (renewed, cancelled, unsubscribed) meanwhile.
    if (!locked || locked.status !== 1 || locked.periodEnd?.getTime() !== periodEnd.getTime()) return;
    if (outcome === 'charged' || outcome === 'already') {
      await tx
        .update(subscriptions)
        .set({ periodStart: periodEnd, periodEnd: addMonths(periodEnd, months), updatedAt: now })
        .where(eq(subscriptions.id, s.id));
      await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, event: 1 });
      report.renewed++;
      return;
    }
    if (!declined.includes(outcome)) return;
    if (outcome !== 'waiting') {
      report.failed++;
      if (attempt === 1) await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, event: 3 });
    }
    if (now.getTime() >= periodEnd.getTime() + RENEWAL_GRACE_MS) {
      await tx.update(subscriptions).set({ status: 3, updatedAt: now }).where(eq(subscriptions.id, s.id));
      report.expired++;
    }
  });
}
