/**
 * The luv shop under /api/shoppings: products, starting a payment, payment history and coupons
 * (completing and cancelling a payment are ./checkout-routes.ts, items api/items/items-routes.ts). Every call that
 * moves money takes an Idempotency-Key; outcomes of payments come only from the gateway.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { listPage as listPageSchema, type ListPage } from '../../domain/answers/fields.ts';
import {
  couponUsed,
  payment as paymentSchema,
  paymentRead,
  paymentStarted,
  products,
  type CouponUsed,
  type Payment,
  type PaymentRead,
  type PaymentStarted,
  type Products,
} from '../../domain/answers/shop.ts';
import { couponBody, paymentBody, paymentId } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { AccountKind, LUV } from '../ledger/accounts.ts';
import { couponAccounts, redeemCoupon } from './coupon-flow.ts';
import { paymentView, purchaseOf, startPayment } from './payment-flow.ts';
import {
  allPayments,
  cancelledPayments,
  luvPayments,
  ownPayment,
  productById,
  productsOnSale,
} from './payment-reads.ts';
import { fail, requestBrand } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { listPage, pageQuery } from '../http/luv-lists.ts';
import { brandOffers } from '../http/features.ts';

const LIST = { description: '{ list: [payment], offset, limit }', schema: listPageSchema(paymentSchema) };
const PAYMENT_READ = '{ payment, purchase: { transactionId, value, currency: KRW } | null }';

export const shop = new Hono<ApiEnv>()
  .get(
    '/luv/products',
    doc({
      tag: 'shop',
      summary: 'Luv products on sale, and whether this deployment takes payments (a payment gateway is configured)',
      responses: {
        200: {
          description: '{ products: [{ productId, luv, priceWon }], payments: { available, gateway } }',
          schema: products,
        },
      },
    }),
    brandOffers('shop'),
    async (c) => {
      const { database, payment: gateway } = c.get('deps');
      const onSale = await productsOnSale(database.db);
      return c.json({
        products: onSale,
        payments: { available: gateway !== null, gateway: gateway?.name ?? null },
      } satisfies Products);
    },
  )
  .post(
    '/luv/payments',
    doc({
      tag: 'shop',
      summary:
        'Starts buying a luv product: the amount is registered with the gateway (status 1) and the answer is what ' +
        'the browser SDK needs',
      description:
        '`checkout` is the argument of `PortOne.requestPayment()` (`@portone/browser-sdk/v2`: storeId, channelKey, ' +
        'paymentId, orderName, totalAmount, currency, payMethod …); the site adds its redirectUrl, then calls `POST ' +
        '/api/shoppings/luv/payments/{paymentId}/complete`. `browserSdkUrl` (development only) is where the SDK ' +
        'script loads from instead of PortOne’s CDN: the simulator.',
      responses: {
        200: {
          description: '{ paymentId, status: 1, luv, amountWon, gateway, checkout, browserSdkUrl }',
          schema: paymentStarted,
        },
      },
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
    body(paymentBody, {
      fields: { productId: 'invalid_product', method: 'invalid_method' },
      notObject: 'invalid_body',
    }),
    async (c) => {
      const { productId, method } = c.req.valid('json');
      const { database, payment: gateway, accountIds } = c.get('deps');
      if (!gateway) return fail(c, 'payments_not_configured');
      const product = await productById(database.db, productId);
      if (!product) return fail(c, 'product_not_found');
      const memberId = me(c).id;
      const wallet = await accountIds.of(AccountKind.wallet, memberId, LUV);
      // PortOne's window and the buyer's receipt name the product in the brand's words.
      const orderName = `${product.luv.toLocaleString('ko-KR')} ${requestBrand(c)?.currency.shop.ko ?? 'luv'}`;
      return idempotent(c, 'luv-payment', { productId, method }, async (tx) =>
        answerOf(
          await startPayment(tx, gateway, { memberId, wallet, product, method, orderName }),
          ({ ok: _ok, ...started }) => started satisfies PaymentStarted,
        ),
      );
    },
  )
  .get(
    '/luv/payments',
    doc({ tag: 'shop', summary: 'My luv payments, newest first', responses: { 200: LIST } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const list = await luvPayments(c.get('deps').database.db, me(c).id, page);
      return c.json(listPage(list, page) satisfies ListPage<Payment>);
    },
  )
  .get(
    '/luv/payments/:paymentId',
    doc({
      tag: 'shop',
      summary: 'One of my payments, and once it is approved (9) the purchase to send to conversion tracking',
      responses: { 200: { description: PAYMENT_READ, schema: paymentRead } },
      errors: ['payment_not_found'],
    }),
    requireMember(),
    params(v.object({ paymentId }), { invalid: 'invalid_payment' }),
    async (c) => {
      const p = await ownPayment(c.get('deps').database.db, me(c).id, c.req.valid('param').paymentId);
      if (!p) return fail(c, 'payment_not_found');
      const payment = paymentView(p);
      return c.json({ payment, purchase: purchaseOf(payment) } satisfies PaymentRead);
    },
  )
  .get(
    '/flax/payments',
    doc({ tag: 'shop', summary: 'All my payments (luv and subscriptions), newest first', responses: { 200: LIST } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const list = await allPayments(c.get('deps').database.db, me(c).id, page);
      return c.json(listPage(list, page) satisfies ListPage<Payment>);
    },
  )
  .get(
    '/flax/payments-cancel',
    doc({ tag: 'shop', summary: 'My cancelled payments, latest cancellation first', responses: { 200: LIST } }),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const list = await cancelledPayments(c.get('deps').database.db, me(c).id, page);
      return c.json(listPage(list, page) satisfies ListPage<Payment>);
    },
  )
  .post(
    '/useCoupon',
    doc({
      tag: 'shop',
      summary: 'Redeems a coupon number for luv (once per coupon)',
      responses: { 200: { description: '{ luv, balance }', schema: couponUsed } },
      errors: ['invalid_coupon', 'coupon_not_found', 'coupon_used'],
      idempotent: true,
    }),
    brandOffers('shop'),
    requireMember(),
    body(couponBody, { fields: { couponNumber: 'invalid_coupon' }, notObject: 'invalid_body' }),
    async (c) => {
      const code = c.req.valid('json').couponNumber;
      const memberId = me(c).id;
      const accounts = await couponAccounts(c.get('deps').accountIds, memberId);
      return idempotent(c, 'use-coupon', { code }, async (tx) =>
        answerOf(
          await redeemCoupon(tx, accounts, memberId, code, new Date()),
          (r) => ({ luv: r.luv, balance: r.balance }) satisfies CouponUsed,
        ),
      );
    },
  );
