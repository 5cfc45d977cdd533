import { demoChannelId } from '../db/seed.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, subscriptionEvents, subscriptionPeriods, subscriptions } from '../db/schema/index.ts';
import { RENEWAL_GRACE_MS } from './renewal.ts';
import { runRenewals } from './subscription-flow.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';

let t: TestApp;
let channelId: number;
beforeAll(async () => {
  t = await openTestApp();
  channelId = await demoChannelId(t.database.db);
});
afterAll(() => t.close());

const sub = async (id: number) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const later = (months: number) => new Date(Date.now() + months * 32 * 86_400_000);
const events = async (id: number) =>
  (await t.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id))).map(
    (e) => e.event,
  );

/** The member's card, as the simulator's window issues it and the site registers it. */
async function registerCard(loginId: string) {
  const billingKey = t.simulator.issueBillingKey(t.ids[loginId]!);
  expect((await t.as(loginId)('POST', '/api/shoppings/billing-key', { billingKey })).body).toMatchObject({
    registered: true,
  });
}

describe('subscriptions', () => {
  it('subscribes at the §9 prices, once per key, and refuses a second active subscription', async () => {
    const list = await t.as('viewer01')('GET', '/api/my/subscriptions');
    expect(list.body.prices).toEqual({ monthly: 3300, '1month': 3300, '3months': 9900 });
    const noCard = await t.as('viewer01')(
      'POST',
      '/api/my/subscriptions',
      { channelId, plan: 'monthly' },
      { 'idempotency-key': 's-0' },
    );
    expect([noCard.status, noCard.body.error]).toEqual([409, 'card_not_registered']);
    await registerCard('viewer01');
    const s = await t.as('viewer01')(
      'POST',
      '/api/my/subscriptions',
      { channelId, plan: 'monthly' },
      { 'idempotency-key': 's-1' },
    );
    expect(s.status).toBe(200);
    expect(s.body.subscription).toMatchObject({ status: 1, priceWon: 3300, plan: 'monthly' });
    expect(
      await t.as('viewer01')(
        'POST',
        '/api/my/subscriptions',
        { channelId, plan: 'monthly' },
        { 'idempotency-key': 's-1' },
      ),
    ).toEqual(s);
    expect(
      (
        await t.as('viewer01')(
          'POST',
          '/api/my/subscriptions',
          { channelId, plan: 'monthly' },
          { 'idempotency-key': 's-2' },
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await t.as('viewer01')(
          'POST',
          '/api/my/subscriptions',
          { channelId, plan: 'weekly' },
          { 'idempotency-key': 's-3' },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.as('bj0001')(
          'POST',
          '/api/my/subscriptions',
          { channelId, plan: 'monthly' },
          { 'idempotency-key': 's-4' },
        )
      ).status,
    ).toBe(400);
    const charged = await t.database.db.select().from(payments).where(eq(payments.memberId, t.ids.viewer01!));
    expect(charged.filter((p) => p.purpose === 'subscription')).toHaveLength(1);
  });

  it('renews a monthly subscription once per period, however often and however parallel the job runs', async () => {
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.memberId, t.ids.viewer01!));
    const gateway = t.simulator;
    const charges0 = gateway.charges.length;
    const now = later(1);
    const reports = await Promise.all([1, 2, 3].map(() => runRenewals(t.database.db, gateway, now)));
    await runRenewals(t.database.db, gateway, now);
    expect(reports.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    expect(gateway.charges.length - charges0).toBe(1);
    expect(
      await t.database.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.subscriptionId, row!.id)),
    ).toHaveLength(2);
    const after = await sub(row!.id);
    expect(after.status).toBe(1);
    expect(after.periodEnd!.getTime()).toBeGreaterThan(row!.periodEnd!.getTime());
    expect(
      (await t.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row!.id))).map(
        (e) => e.event,
      ),
    ).toEqual([1]);
  });

  it(
    'a declined renewal gives event 3 at once, keeps the subscription through the grace period, retries daily, ' +
      'then expires it (3)',
    async () => {
      await registerCard('viewer02');
      const s = await t.as('viewer02')(
        'POST',
        '/api/my/subscriptions',
        { channelId, plan: 'monthly' },
        { 'idempotency-key': 's-5' },
      );
      const id = s.body.subscription.subscriptionId;
      const end = (await sub(id)).periodEnd!.getTime();
      const gateway = t.simulator;
      gateway.failChargesFor.add(t.ids.viewer02!);
      try {
        expect(await runRenewals(t.database.db, gateway, new Date(end + 1000))).toMatchObject({
          failed: 1,
          expired: 0,
        });
        expect((await sub(id)).status).toBe(1);
        expect(await events(id)).toEqual([3]);
        // Within the day: no second try. A day later: tried again (a new payment), still no second event 3.
        expect(await runRenewals(t.database.db, gateway, new Date(end + 3_600_000))).toMatchObject({
          failed: 0,
          expired: 0,
        });
        expect(await runRenewals(t.database.db, gateway, new Date(end + 25 * 3_600_000))).toMatchObject({
          failed: 1,
          expired: 0,
        });
        expect(await events(id)).toEqual([3]);
        const attempts = await t.database.db.select().from(payments).where(eq(payments.memberId, t.ids.viewer02!));
        expect(attempts.filter((p) => p.purpose === 'subscription').map((p) => p.status)).toEqual([9, 8, 8]);
        expect(await runRenewals(t.database.db, gateway, new Date(end + RENEWAL_GRACE_MS + 1000))).toMatchObject({
          expired: 1,
        });
        expect((await sub(id)).status).toBe(3);
      } finally {
        gateway.failChargesFor.delete(t.ids.viewer02!);
      }
    },
  );

  it('a renewal without an answer (timeout) is tried again under the same payment id and renews once', async () => {
    await registerCard('bj0002');
    const s = await t.as('bj0002')(
      'POST',
      '/api/my/subscriptions',
      { channelId, plan: 'monthly' },
      { 'idempotency-key': 's-8' },
    );
    const id = s.body.subscription.subscriptionId;
    const end = (await sub(id)).periodEnd!;
    const gateway = t.simulator;
    gateway.unavailable = true;
    try {
      expect(await runRenewals(t.database.db, gateway, new Date(end.getTime() + 1000))).toMatchObject({
        retrying: 1,
        renewed: 0,
        failed: 0,
      });
    } finally {
      gateway.unavailable = false;
    }
    const [period] = await t.database.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.periodStart, end));
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.id, period!.paymentId!));
    expect(pending).toMatchObject({ status: 1, purpose: 'subscription' });
    expect(await runRenewals(t.database.db, gateway, new Date(end.getTime() + 2000))).toMatchObject({ renewed: 1 });
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.id, period!.paymentId!));
    expect(paid!.status).toBe(9);
    expect(gateway.charges.filter((c) => c === period!.paymentId)).toHaveLength(1);
    expect(await events(id)).toEqual([1]);
    expect((await sub(id)).periodStart!.getTime()).toBe(end.getTime());
  });

  it('runs a cancelled renewal to its end (status 5, event 2), then expires it; unsubscribe ends at once (2)', async () => {
    await registerCard('adult01');
    const s = await t.as('adult01')(
      'POST',
      '/api/my/subscriptions',
      { channelId, plan: 'monthly' },
      { 'idempotency-key': 's-6' },
    );
    const id = s.body.subscription.subscriptionId;
    expect((await t.as('adult01')('POST', `/api/my/subscriptions/${id}/cancel-renewal`)).body.subscription.status).toBe(
      5,
    );
    expect((await t.as('viewer01')('POST', `/api/my/subscriptions/${id}/cancel-renewal`)).status).toBe(404);
    const report = await runRenewals(t.database.db, t.simulator, later(1));
    expect(report.renewed).toBe(0);
    expect((await sub(id)).status).toBe(3);
    const again = await t.as('adult01')(
      'POST',
      '/api/my/subscriptions',
      { channelId, plan: '3months' },
      { 'idempotency-key': 's-7' },
    );
    expect(again.body.subscription).toMatchObject({ status: 1, priceWon: 9900 });
    expect((await t.as('adult01')('DELETE', `/api/my/subscriptions/${id}`)).body.subscription.status).toBe(2);
  });
});
