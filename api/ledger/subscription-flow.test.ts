import { demoChannelId } from '../db/seed.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, subscriptionEvents, subscriptionPeriods, subscriptions } from '../db/schema/index.ts';
import { developmentGateway } from '../providers/payment/index.ts';
import { runRenewals } from './subscription-flow.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';

let t: TestApp;
let channelId: number;
beforeAll(async () => {
  t = await openTestApp();
  channelId = await demoChannelId(t.database.db);
});
afterAll(() => t.close());

const sub = async (id: number) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const later = (months: number) => new Date(Date.now() + months * 32 * 86_400_000);

describe('subscriptions', () => {
  it('subscribes at the §9 prices, once per key, and refuses a second active subscription', async () => {
    const list = await t.as('viewer01')('GET', '/api/my/subscriptions');
    expect(list.body.prices).toEqual({ monthly: 3300, '1month': 3300, '3months': 9900 });
    const s = await t.as('viewer01')('POST', '/api/my/subscriptions', { channelId, plan: 'monthly' }, { 'idempotency-key': 's-1' });
    expect(s.status).toBe(200);
    expect(s.body.subscription).toMatchObject({ status: 1, priceWon: 3300, plan: 'monthly' });
    expect(await t.as('viewer01')('POST', '/api/my/subscriptions', { channelId, plan: 'monthly' }, { 'idempotency-key': 's-1' })).toEqual(s);
    expect((await t.as('viewer01')('POST', '/api/my/subscriptions', { channelId, plan: 'monthly' }, { 'idempotency-key': 's-2' })).status).toBe(409);
    expect((await t.as('viewer01')('POST', '/api/my/subscriptions', { channelId, plan: 'weekly' }, { 'idempotency-key': 's-3' })).status).toBe(400);
    expect((await t.as('bj0001')('POST', '/api/my/subscriptions', { channelId, plan: 'monthly' }, { 'idempotency-key': 's-4' })).status).toBe(400);
    const charged = await t.database.db.select().from(payments).where(eq(payments.memberId, t.ids.viewer01!));
    expect(charged.filter((p) => p.purpose === 'subscription')).toHaveLength(1);
  });

  it('renews a monthly subscription once per period, however often and however parallel the job runs', async () => {
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.memberId, t.ids.viewer01!));
    const gateway = developmentGateway();
    const charges0 = gateway.charges.length;
    const now = later(1);
    const reports = await Promise.all([1, 2, 3].map(() => runRenewals(t.database.db, gateway, now)));
    await runRenewals(t.database.db, gateway, now);
    expect(reports.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    expect(gateway.charges.length - charges0).toBe(1);
    expect(await t.database.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.subscriptionId, row!.id))).toHaveLength(2);
    const after = await sub(row!.id);
    expect(after.status).toBe(1);
    expect(after.periodEnd!.getTime()).toBeGreaterThan(row!.periodEnd!.getTime());
    expect((await t.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, row!.id))).map((e) => e.event)).toEqual([1]);
  });

  it('expires with event 3 when the renewal charge is declined', async () => {
    const s = await t.as('viewer02')('POST', '/api/my/subscriptions', { channelId, plan: 'monthly' }, { 'idempotency-key': 's-5' });
    const id = s.body.subscription.subscriptionId;
    developmentGateway().failChargesFor.add(t.ids.viewer02!);
    await runRenewals(t.database.db, developmentGateway(), later(1));
    developmentGateway().failChargesFor.delete(t.ids.viewer02!);
    expect((await sub(id)).status).toBe(3);
    expect((await t.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id))).map((e) => e.event)).toEqual([3]);
  });

  it('runs a cancelled renewal to its end (status 5, event 2), then expires it; unsubscribe ends at once (2)', async () => {
    const s = await t.as('adult01')('POST', '/api/my/subscriptions', { channelId, plan: 'monthly' }, { 'idempotency-key': 's-6' });
    const id = s.body.subscription.subscriptionId;
    expect((await t.as('adult01')('POST', `/api/my/subscriptions/${id}/cancel-renewal`)).body.subscription.status).toBe(5);
    expect((await t.as('viewer01')('POST', `/api/my/subscriptions/${id}/cancel-renewal`)).status).toBe(404);
    const report = await runRenewals(t.database.db, developmentGateway(), later(1));
    expect(report.renewed).toBe(0);
    expect((await sub(id)).status).toBe(3);
    const again = await t.as('adult01')('POST', '/api/my/subscriptions', { channelId, plan: '3months' }, { 'idempotency-key': 's-7' });
    expect(again.body.subscription).toMatchObject({ status: 1, priceWon: 9900 });
    expect((await t.as('adult01')('DELETE', `/api/my/subscriptions/${id}`)).body.subscription.status).toBe(2);
  });
});
