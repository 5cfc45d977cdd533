/**
 * After the browser step, under /api/shoppings (docs/LEDGER.md "PortOne V2 flow"): the site reports
 * that the payment window closed (`complete`) and the API asks the gateway what happened; the member
 * cancels or refunds a payment. A browser's word never moves money: both ask the gateway first.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { paymentCancelled, paymentRead, type PaymentCancelled, type PaymentRead } from '../../domain/answers/shop.ts';
import { paymentCancelBody, paymentId } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { purchaseOf } from './payment-flow.ts';
import { ownsPayment } from './payment-reads.ts';
import { cancelByMember } from './payment-refund.ts';
import { settlePayment } from './payment-settle.ts';
import { fail } from '../http/errors.ts';
import { sendResult } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

const PAYMENT_READ = '{ payment, purchase: { transactionId, value, currency: KRW } | null }';

export const checkoutRoutes = new Hono<ApiEnv>()
  .post(
    '/luv/payments/:paymentId/complete',
    doc({
      tag: 'shop',
      summary: 'After the payment window: asks the gateway about my payment and applies what it reports',
      description:
        'Called by the site when `PortOne.requestPayment()` returns (or PortOne redirects back). The API asks ' +
        'PortOne (`getPayment`) and credits only a payment PortOne reports PAID for exactly the product’s price; ' +
        'another amount is cancelled at PortOne (8). A virtual account moves the payment to 2 with the account to ' +
        'pay into. Completing again, or after the webhook, changes nothing.',
      responses: { 200: { description: PAYMENT_READ, schema: paymentRead } },
      errors: ['invalid_payment', 'payment_not_found', 'payments_not_configured', 'gateway_unavailable'],
    }),
    requireMember(),
    params(v.object({ paymentId }), { invalid: 'invalid_payment' }),
    async (c) => {
      const { database, payment: gateway } = c.get('deps');
      if (!gateway) return fail(c, 'payments_not_configured');
      const id = c.req.valid('param').paymentId;
      if (!(await ownsPayment(database.db, me(c).id, id))) return fail(c, 'payment_not_found');
      const settled = await settlePayment(database.db, gateway, id, 'complete');
      return sendResult(
        c,
        settled,
        (r) => ({ payment: r.payment, purchase: purchaseOf(r.payment) }) satisfies PaymentRead,
      );
    },
  )
  .post(
    '/flax/payments-cancel',
    doc({
      tag: 'shop',
      summary:
        'Cancels my payment: an open one closes (an issued virtual account too); an approved one is refunded while ' +
        'its luv is unspent',
      description:
        'A refund holds the payment’s luv (luv already spent refuses it, luv_already_spent, before any money ' +
        'moves), then asks the gateway to cancel: refunded, the payment is 7; refused (refund_refused), the luv ' +
        'goes back to the wallet. When the gateway does not answer (gateway_unavailable) the luv stays held and the ' +
        'payment says `refundPending` until the expiry job finishes the refund; asking again meanwhile answers ' +
        'refund_in_progress.',
      responses: { 200: { description: '{ payment }', schema: paymentCancelled } },
      errors: [
        'invalid_payment',
        'payment_not_found',
        'payments_not_configured',
        'gateway_unavailable',
        'refund_refused',
        'refund_in_progress',
        'luv_already_spent',
        'payment_final',
      ],
    }),
    requireMember(),
    body(paymentCancelBody, { fields: { paymentId: 'invalid_payment' }, notObject: 'invalid_body' }),
    async (c) => {
      const gateway = c.get('deps').payment;
      if (!gateway) return fail(c, 'payments_not_configured');
      const result = await cancelByMember(c.get('deps').database.db, gateway, me(c).id, c.req.valid('json').paymentId);
      return sendResult(c, result, (r) => ({ payment: r.payment }) satisfies PaymentCancelled);
    },
  );
