/**
 * The refund's races and its sweep, against the development gateway: PortOne's Transaction.Cancelled
 * webhook settling a held refund before the request's own step 3, and a stale hold the gateway
 * refuses released by the expiry job. The flows through the routes and the local PortOne are in
 * tests/contract/portone-production.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts, ledgerTransfers, paymentEvents, payments } from '../db/schema/index.ts';
import type { PaymentGateway } from '../providers/payment/gateway.ts';
import type { DevelopmentGateway } from '../providers/payment/development.ts';
import { useTestApp } from '../testing/app.ts';
import { AccountKind, TransferCode } from '../ledger/accounts.ts';
import { cancelByMember, finishStaleRefunds, REFUND_HOLD_STALE_MS } from './payment-refund.ts';
import { settlePayment } from './payment-settle.ts';

const t = useTestApp({ checkLedger: true });
let dev: DevelopmentGateway;
beforeAll(() => {
  dev = t.simulator;
});

const balance = async (loginId: string) => (await t.as(loginId)('GET', '/api/my/luv/luv-sum')).body.luv as number;
const row = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** A payment of 100 luv bought and approved for `loginId`. */
async function paid(loginId: string, key: string): Promise<{ id: string; memberId: number }> {
  const started = await t.as(loginId)(
    'POST',
    '/api/shoppings/luv/payments',
    { productId: 1, method: 'kakaopay' },
    { 'idempotency-key': key },
  );
  const id = started.body.paymentId as string;
  dev.simulate(id, { kind: 'pay' });
  await settlePayment(t.database.db, dev, id, 'test');
  const p = await row(id);
  expect(p.status).toBe(9);
  return { id, memberId: p.memberId };
}

/** The development gateway with another `cancel`. */
const withCancel = (cancel: PaymentGateway['cancel']): PaymentGateway =>
  Object.assign(Object.create(dev) as PaymentGateway, { cancel });

describe('a member’s refund', () => {
  it('PortOne’s cancellation notice arriving before the request’s own step settles from the hold, once', async () => {
    const before = await balance('viewer02');
    const { id, memberId } = await paid('viewer02', 'race-1');
    // PortOne cancels, and its webhook is handled before the request hears the answer.
    const gateway = withCancel(async (input) => {
      const answer = await dev.cancel(input);
      expect(await settlePayment(t.database.db, dev, input.paymentId, 'webhook:Transaction.Cancelled')).toMatchObject({
        ok: true,
        changed: true,
      });
      return answer;
    });
    expect(await cancelByMember(t.database.db, gateway, memberId, id)).toMatchObject({
      ok: true,
      changed: false,
      payment: { status: 7, refundPending: false },
    });
    expect(await balance('viewer02')).toBe(before);
    const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id));
    expect(events.filter((e) => e.toStatus === 7).map((e) => e.source)).toEqual(['webhook:Transaction.Cancelled']);
    // The luv left the wallet once, into the hold, and the hold went to the clearing account.
    const refund = await t.database.db
      .select({ code: ledgerTransfers.code, debitKind: ledgerAccounts.kind })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
      .where(eq(ledgerTransfers.ref, `payment:${id}`));
    expect(refund.map((r) => `${r.code} from ${r.debitKind}`)).toEqual([
      `${TransferCode.purchase} from ${AccountKind.paymentClearing}`,
      `${TransferCode.refundHold} from ${AccountKind.wallet}`,
      `${TransferCode.purchaseRefund} from ${AccountKind.refundPending}`,
    ]);
    expect(await row(id)).toMatchObject({ refundHoldTransferId: null, refundHeldAt: null });
  });

  it('a stale hold the gateway refuses is released by the sweep; a fresh one is left to its request', async () => {
    const before = await balance('viewer02');
    const { id, memberId } = await paid('viewer02', 'sweep-1');
    // The request's PortOne call never answers: the hold stays.
    dev.unavailable = true;
    try {
      expect(await cancelByMember(t.database.db, dev, memberId, id)).toEqual({
        ok: false,
        code: 'gateway_unavailable',
      });
    } finally {
      dev.unavailable = false;
    }
    expect(await balance('viewer02')).toBe(before);
    const heldAt = (await row(id)).refundHeldAt!.getTime();
    const refusing = withCancel(async () => ({
      ok: false,
      code: 'gateway_refused',
      note: 'the PG refused the cancellation',
    }));
    expect(await finishStaleRefunds(t.database.db, refusing, new Date(heldAt + REFUND_HOLD_STALE_MS - 1_000))).toEqual({
      refunded: 0,
      released: 0,
      unreachable: 0,
    });
    expect(await balance('viewer02')).toBe(before);
    expect(await finishStaleRefunds(t.database.db, refusing, new Date(heldAt + REFUND_HOLD_STALE_MS + 1_000))).toEqual({
      refunded: 0,
      released: 1,
      unreachable: 0,
    });
    expect(await balance('viewer02')).toBe(before + 100);
    expect(await row(id)).toMatchObject({ status: 9, refundHoldTransferId: null, refundHeldAt: null });
    const hold = await t.database.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, AccountKind.refundPending), eq(ledgerAccounts.ownerId, memberId)));
    expect(hold).toEqual([{ balance: 0 }]);
    // Released, the payment may be refunded again.
    expect(await cancelByMember(t.database.db, dev, memberId, id)).toMatchObject({
      ok: true,
      changed: true,
      payment: { status: 7, failureCode: 'refunded' },
    });
    expect(await balance('viewer02')).toBe(before);
  });
});
