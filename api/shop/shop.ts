/**
 * The luv shop under /api/shoppings: products, starting a payment, payment history and coupons
 * (completing and cancelling a payment are ./checkout.ts, items api/items/items.ts). Every call that
 * moves money takes an Idempotency-Key; outcomes of payments come only from the gateway.
 */
import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { couponBody, paymentBody, paymentId } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { luvProducts, payments } from '../db/schema/index.ts';
import { AccountKind, LUV, accountId } from '../ledger/accounts.ts';
import { couponAccounts, redeemCoupon } from './coupon-flow.ts';
import { paymentView, startPayment } from './payment-flow.ts';
import { paymentGateway } from '../providers/payment/index.ts';
import { fail, requestBrand } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { purchaseOf } from './checkout.ts';
import { listPage, pageQuery } from '../http/luv-lists.ts';
import { brandOffers } from '../http/features.ts';

const LIST = '{ list: [payment], offset, limit }';

export const shop = new Hono<ApiEnv>()
  .get(
    '/luv/products',
    doc({
      tag: 'shop',
      summary: 'Luv products on sale, and whether this deployment takes payments (a payment gateway is configured)',
      responses: { 200: '{ products: [{ productId, luv, priceWon }], payments: { available, gateway } }' },
    }),
    brandOffers('shop'),
    async (c) => {
      const { database, config } = c.get('deps');
      const rows = await database.db.select().from(luvProducts).orderBy(luvProducts.sort);
      const gateway = paymentGateway(config);
      return c.json({
        products: rows.map((p) => ({ productId: p.id, luv: p.luv, priceWon: p.priceWon })),
        payments: { available: gateway !== null, gateway: gateway?.name ?? null },
      });
    },
  )
  .post(
    '/luv/payments',
    doc({
      tag: 'shop',
      summary: 'Starts buying a luv product: the amount is registered with the gateway (status 1) and the answer is what the browser SDK needs',
      description:
        '`checkout` is the argument of `PortOne.requestPayment()` (`@portone/browser-sdk/v2`: storeId, channelKey, paymentId, orderName, totalAmount, currency, payMethod …); the site adds its redirectUrl, then calls `POST /api/shoppings/luv/payments/{paymentId}/complete`. `browserSdkUrl` (development only) is where the SDK script loads from instead of PortOne’s CDN: the simulator.',
      responses: { 200: '{ paymentId, status: 1, luv, amountWon, gateway, checkout, browserSdkUrl }' },
      errors: [
        'invalid_product',
        'invalid_method',
        'product_not_found',
        'payments_not_configured',
        'gateway_unavailable',
        'gateway_refused',
        'spending_cap_exceeded',
      ],
      idempotent: true,
    }),
    brandOffers('shop'),
    requireMember(),
    body(paymentBody, { fields: { productId: 'invalid_product', method: 'invalid_method' }, notObject: 'invalid_body' }),
    async (c) => {
      const { productId, method } = c.req.valid('json');
      const { database, config } = c.get('deps');
      const gateway = paymentGateway(config);
      if (!gateway) return fail(c, 'payments_not_configured');
      const [product] = await database.db.select().from(luvProducts).where(eq(luvProducts.id, productId));
      if (!product) return fail(c, 'product_not_found');
      const memberId = me(c).id;
      const wallet = await accountId(database.db, AccountKind.wallet, memberId, LUV);
      // PortOne's window and the buyer's receipt name the product in the brand's words.
      const orderName = `${product.luv.toLocaleString('ko-KR')} ${requestBrand(c)?.currency.shop.ko ?? 'luv'}`;
      return idempotent(c, 'luv-payment', { productId, method }, async (tx) =>
        answerOf(await startPayment(tx, gateway, { memberId, wallet, product, method, orderName }), ({ ok: _ok, ...started }) => started),
      );
    },
  )
  .get('/luv/payments', doc({ tag: 'shop', summary: 'My luv payments, newest first', responses: { 200: LIST } }), requireMember(), pageQuery(), async (c) => {
    const page = c.req.valid('query');
    const rows = await c
      .get('deps')
      .database.db.select()
      .from(payments)
      .where(and(eq(payments.memberId, me(c).id), eq(payments.purpose, 'luv')))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .offset(page.offset)
      .limit(page.limit);
    return c.json(listPage(rows.map(paymentView), page));
  })
  .get(
    '/luv/payments/:paymentId',
    doc({
      tag: 'shop',
      summary: 'One of my payments, and once it is approved (9) the purchase to send to conversion tracking',
      responses: { 200: '{ payment, purchase: { transactionId, value, currency: KRW } | null }' },
      errors: ['payment_not_found'],
    }),
    requireMember(),
    params(v.object({ paymentId }), { invalid: 'invalid_payment' }),
    async (c) => {
      const [p] = await c
        .get('deps')
        .database.db.select()
        .from(payments)
        .where(and(eq(payments.id, c.req.valid('param').paymentId), eq(payments.memberId, me(c).id)));
      if (!p) return fail(c, 'payment_not_found');
      const payment = paymentView(p);
      return c.json({ payment, purchase: purchaseOf(payment) });
    },
  )
  .get(
    '/flax/payments',
    doc({ tag: 'shop', summary: 'All my payments (luv and subscriptions), newest first', responses: { 200: LIST } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const rows = await c
        .get('deps')
        .database.db.select()
        .from(payments)
        .where(eq(payments.memberId, me(c).id))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .offset(page.offset)
        .limit(page.limit);
      return c.json(
        listPage(
          rows.map((p) => ({ ...paymentView(p), purpose: p.purpose })),
          page,
        ),
      );
    },
  )
  .get(
    '/flax/payments-cancel',
    doc({ tag: 'shop', summary: 'My cancelled payments, latest cancellation first', responses: { 200: LIST } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const rows = await c
        .get('deps')
        .database.db.select()
        .from(payments)
        .where(and(eq(payments.memberId, me(c).id), eq(payments.status, 7)))
        .orderBy(desc(payments.cancelledAt))
        .offset(page.offset)
        .limit(page.limit);
      return c.json(listPage(rows.map(paymentView), page));
    },
  )
  .post(
    '/useCoupon',
    doc({
      tag: 'shop',
      summary: 'Redeems a coupon number for luv (once per coupon)',
      responses: { 200: '{ luv, balance }' },
      errors: ['invalid_coupon', 'coupon_not_found', 'coupon_used'],
      idempotent: true,
    }),
    brandOffers('shop'),
    requireMember(),
    body(couponBody, { fields: { couponNumber: 'invalid_coupon' }, notObject: 'invalid_body' }),
    async (c) => {
      const code = c.req.valid('json').couponNumber;
      const memberId = me(c).id;
      const accounts = await couponAccounts(c.get('deps').database.db, memberId);
      return idempotent(c, 'use-coupon', { code }, async (tx) =>
        answerOf(await redeemCoupon(tx, accounts, memberId, code, new Date()), (r) => ({ luv: r.luv, balance: r.balance })),
      );
    },
  );
