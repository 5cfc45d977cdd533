/**
 * The luv shop under /api/shoppings: products, starting a payment, payment history, member
 * cancellation, coupons, and buying items with luv. Every mutating call takes an Idempotency-Key.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { PaymentMethod } from '../../../domain/enums.ts';
import { coupons, ledgerAccounts, luvProducts, paymentEvents, payments } from '../../db/schema/index.ts';
import { AccountKind, LUV, SYSTEM, TransferCode, accountId } from '../../ledger/accounts.ts';
import { checkBuyCap } from '../../ledger/caps.ts';
import { applyOutcome, paymentView } from '../../ledger/payment-flow.ts';
import { postTransfers } from '../../ledger/transfer.ts';
import { paymentGateway } from '../../providers/payment/index.ts';
import { answer, fail, idempotent, readObject, reason, refusal, memberOnce } from './luv-http.ts';
import { listPage } from './luv-lists.ts';

const METHODS: readonly string[] = Object.values(PaymentMethod);

export const shop = new Hono<ApiEnv>();

shop.get('/luv/products', async (c) => {
  const rows = await c.get('deps').database.db.select().from(luvProducts).orderBy(luvProducts.sort);
  return c.json({ products: rows.map((p) => ({ productId: p.id, luv: p.luv, priceWon: p.priceWon })) });
});

shop.post('/luv/payments', memberOnce(), async (c) => {
  const body = await readObject(c);
  if (!body) return fail(c, 400, 'invalid_body', 'Send a JSON object.');
  const { productId, method } = body;
  if (typeof method !== 'string' || !METHODS.includes(method)) return fail(c, 400, 'invalid_method', `method must be one of ${METHODS.join(', ')}.`);
  if (typeof productId !== 'number' || !Number.isSafeInteger(productId) || productId < 1 || productId > 2_147_483_647)
    return fail(c, 400, 'invalid_product', 'productId must be a product number.');
  const { database, config } = c.get('deps');
  const gateway = paymentGateway(config);
  if (!gateway) return fail(c, 503, 'gateway_unavailable', 'Payments are not available right now.');
  const [product] = await database.db.select().from(luvProducts).where(eq(luvProducts.id, productId));
  if (!product) return fail(c, 404, 'product_not_found', 'No such luv product.');
  const member = c.get('member')!;
  const wallet = await accountId(database.db, AccountKind.wallet, member.id, LUV);
  return idempotent(c, 'luv-payment', { productId, method }, async (tx) => {
    // Serialises one member's purchases so the buying cap counts them one after the other.
    await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.id, wallet)).for('update');
    const paymentId = `P${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
    await tx.insert(payments).values({ id: paymentId, memberId: member.id, productId, method, luv: product.luv, amountWon: product.priceWon, status: 0 });
    const cap = await checkBuyCap(tx, member.id, new Date());
    if (!cap.ok)
      return refusal(409, 'spending_cap_exceeded', reason(c, cap.period === 'daily' ? 'spending_cap_daily' : 'spending_cap_monthly'), {
        period: cap.period,
        capLuv: cap.capLuv,
      });
    // PortOne pre-registration is idempotent by paymentId, so calling it inside the transaction is safe to retry.
    const prepared = await gateway.prepare({ paymentId, amountWon: product.priceWon, method });
    await tx.update(payments).set({ status: prepared.status, providerTxId: prepared.providerTxId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
    await tx.insert(paymentEvents).values({ paymentId, fromStatus: 0, toStatus: prepared.status, source: gateway.name, detail: { kind: 'prepare' } });
    return answer(200, { paymentId, status: prepared.status, luv: product.luv, amountWon: product.priceWon, gateway: gateway.name });
  });
});

shop.get('/luv/payments', memberOnce(), async (c) => {
  return listPage(c, async (db, offset, limit) => {
    const rows = await db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, c.get('member')!.id), eq(payments.purpose, 'luv')))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .offset(offset)
      .limit(limit);
    return rows.map(paymentView);
  });
});

shop.get('/luv/payments/:paymentId', memberOnce(), async (c) => {
  const [p] = await c
    .get('deps')
    .database.db.select()
    .from(payments)
    .where(and(eq(payments.id, c.req.param('paymentId').slice(0, 64)), eq(payments.memberId, c.get('member')!.id)));
  if (!p) return fail(c, 404, 'payment_not_found', 'No such payment.');
  // SPEC §7 conversion tracking: the page sends `purchase` with these once it sees status 9.
  return c.json({ payment: paymentView(p), purchase: p.status === 9 ? { transactionId: p.id, value: p.amountWon, currency: 'KRW' } : null });
});

shop.get('/flax/payments', memberOnce(), async (c) => {
  return listPage(c, async (db, offset, limit) => {
    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.memberId, c.get('member')!.id))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .offset(offset)
      .limit(limit);
    return rows.map((p) => ({ ...paymentView(p), purpose: p.purpose }));
  });
});

shop.get('/flax/payments-cancel', memberOnce(), async (c) => {
  return listPage(c, async (db, offset, limit) => {
    const rows = await db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, c.get('member')!.id), eq(payments.status, 7)))
      .orderBy(desc(payments.cancelledAt))
      .offset(offset)
      .limit(limit);
    return rows.map(paymentView);
  });
});

/** The member cancels their own payment: an open one closes; an approved one is refunded while its luv is unspent. */
shop.post('/flax/payments-cancel', memberOnce(), async (c) => {
  const body = await readObject(c);
  const paymentId = body?.paymentId;
  if (typeof paymentId !== 'string' || paymentId.length > 64) return fail(c, 400, 'invalid_payment', 'paymentId must be a payment id.');
  const { database, config } = c.get('deps');
  const [p] = await database.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.memberId, c.get('member')!.id)));
  if (!p) return fail(c, 404, 'payment_not_found', 'No such payment.');
  const gateway = paymentGateway(config);
  if (!gateway) return fail(c, 503, 'gateway_unavailable', 'Payments are not available right now.');
  if (p.status === 9) {
    const refunded = await gateway.refund({ paymentId, amountWon: p.amountWon });
    if (!refunded.ok) return fail(c, 409, 'refund_refused', 'The payment gateway refused the refund.');
  }
  const result = await applyOutcome(database.db, paymentId, { kind: 'cancel' }, 'member');
  return c.json(result.body, result.status as 200);
});

shop.post('/useCoupon', memberOnce(), async (c) => {
  const body = await readObject(c);
  const code = typeof body?.couponNumber === 'string' ? body.couponNumber.trim().toUpperCase() : null;
  if (!code || code.length > 64) return fail(c, 400, 'invalid_coupon', 'couponNumber must be a coupon number.');
  const { database } = c.get('deps');
  const member = c.get('member')!;
  const wallet = await accountId(database.db, AccountKind.wallet, member.id, LUV);
  const issuance = await accountId(database.db, AccountKind.issuance, SYSTEM, LUV);
  return idempotent(c, 'use-coupon', { code }, async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(coupons)
      .set({ usedBy: member.id, usedAt: now })
      .where(and(eq(coupons.code, code), isNull(coupons.usedBy), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now))))
      .returning();
    if (!claimed) {
      const [exists] = await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code));
      return exists ? refusal(409, 'coupon_used', 'This coupon was already used or has expired.') : refusal(404, 'coupon_not_found', 'No such coupon.');
    }
    const posted = await postTransfers(tx, [
      { debit: issuance, credit: wallet, amount: claimed.luv, asset: LUV, code: TransferCode.coupon, ref: `coupon:${code}` },
    ]);
    if (!posted.ok) throw new Error('ledger: issuance cannot run out');
    return answer(200, { luv: claimed.luv, balance: posted.balances.get(wallet)! });
  });
});
