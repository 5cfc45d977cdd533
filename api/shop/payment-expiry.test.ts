import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/index.ts';
import type { DevelopmentGateway } from '../providers/payment/development.ts';
import { useTestApp } from '../testing/app.ts';
import { PAYMENT_WINDOW_TTL_MS, VIRTUAL_ACCOUNT_GRACE_MS, expireAbandoned } from './payment-expiry.ts';
import { settlePayment } from './payment-settle.ts';

const t = useTestApp({ checkLedger: true });
let gateway: DevelopmentGateway;
beforeAll(() => {
  gateway = t.simulator;
});

const balance = async (loginId: string) => (await t.as(loginId)('GET', '/api/my/luv/luv-sum')).body.luv as number;
const buy = async (key: string, method = 'creditcard') =>
  (await t.as('viewer01')('POST', '/api/shoppings/luv/payments', { productId: 1, method }, { 'idempotency-key': key }))
    .body.paymentId as string;
const row = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const at = (id: string, ms: number) => row(id).then((p) => new Date(p.createdAt.getTime() + ms));

describe('abandoned payments expire', () => {
  it(
    'a window nobody finished is cancelled (7, expired) after the window time, once, whichever processes run the ' +
      'job',
    async () => {
      const id = await buy('exp-1');
      expect(await expireAbandoned(t.database.db, gateway, await at(id, PAYMENT_WINDOW_TTL_MS - 1000))).toMatchObject({
        expired: 0,
      });
      expect((await row(id)).status).toBe(1);
      const later = await at(id, PAYMENT_WINDOW_TTL_MS + 1000);
      const runs = await Promise.all([1, 2, 3].map(() => expireAbandoned(t.database.db, gateway, later)));
      expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(1);
      expect(await row(id)).toMatchObject({ status: 7, failureCode: 'expired' });
      const moves = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id));
      expect(moves.filter((e) => e.toStatus === 7)).toHaveLength(1);
    },
  );

  it('a payment paid at the gateway whose notice never came is credited by the job, not expired', async () => {
    const before = await balance('viewer01');
    const id = await buy('exp-2');
    gateway.simulate(id, { kind: 'pay' });
    expect(await expireAbandoned(t.database.db, gateway, await at(id, PAYMENT_WINDOW_TTL_MS + 1000))).toMatchObject({
      settled: 1,
      expired: 0,
    });
    expect((await row(id)).status).toBe(9);
    expect(await balance('viewer01')).toBe(before + 100);
  });

  it('a virtual account waits for its deadline, then is closed at the gateway and cancelled', async () => {
    const id = await buy('exp-3', 'virtualaccount');
    gateway.simulate(id, { kind: 'issue' });
    await settlePayment(t.database.db, gateway, id, 'test');
    const va = (await row(id)).virtualAccount as { expiresAt: string };
    expect((await row(id)).status).toBe(2);
    expect(await expireAbandoned(t.database.db, gateway, await at(id, PAYMENT_WINDOW_TTL_MS + 1000))).toMatchObject({
      expired: 0,
    });
    const deadline = Date.parse(va.expiresAt) + VIRTUAL_ACCOUNT_GRACE_MS;
    expect(await expireAbandoned(t.database.db, gateway, new Date(deadline + 1000))).toMatchObject({ expired: 1 });
    expect(await row(id)).toMatchObject({ status: 7, failureCode: 'expired' });
    expect(gateway.simulated(id)!.status).toBe('CANCELLED');
  });

  it('money paid into a payment after it expired goes back at the gateway; nothing is credited', async () => {
    const before = await balance('viewer01');
    const id = await buy('exp-4');
    await expireAbandoned(t.database.db, gateway, await at(id, PAYMENT_WINDOW_TTL_MS + 1000));
    gateway.simulate(id, { kind: 'pay' });
    expect(await settlePayment(t.database.db, gateway, id, 'webhook')).toMatchObject({
      ok: true,
      payment: { status: 7 },
    });
    expect(gateway.simulated(id)!.status).toBe('CANCELLED');
    expect(await balance('viewer01')).toBe(before);
  });

  it('leaves payments alone while the gateway cannot be asked', async () => {
    const id = await buy('exp-5');
    gateway.unavailable = true;
    try {
      expect(await expireAbandoned(t.database.db, gateway, await at(id, PAYMENT_WINDOW_TTL_MS + 1000))).toMatchObject({
        expired: 0,
        unreachable: 1,
      });
    } finally {
      gateway.unavailable = false;
    }
    expect((await row(id)).status).toBe(1);
  });
});
