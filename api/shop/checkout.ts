/**
 * After the browser step, under /api/shoppings (docs/LEDGER.md "PortOne V2 flow"): the site reports
 * that the payment window closed (`complete`) and the API asks the gateway what happened; the member
 * cancels or refunds a payment. A browser's word never moves money: both ask the gateway first.
 */
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { paymentCancelBody, paymentId } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { payments } from '../db/schema/index.ts';
import type { PaymentView } from './payment-flow.ts';
import { cancelByMember } from './payment-refund.ts';
import { settlePayment } from './payment-settle.ts';
import { paymentGateway } from '../providers/payment/index.ts';
import { fail } from '../http/errors.ts';
import { sendResult } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

/** SPEC §7 conversion tracking: the page sends `purchase` with these once it sees status 9. */
export const purchaseOf = (p: Pick<PaymentView, 'paymentId' | 'status' | 'amountWon'>) =>
  p.status === 9 ? { transactionId: p.paymentId, value: p.amountWon, currency: 'KRW' as const } : null;

export const checkoutRoutes = new Hono<ApiEnv>()
  .post(
    '/luv/payments/:paymentId/complete',
    doc({
      tag: 'shop',
      summary: 'After the payment window: asks the gateway about my payment and applies what it reports',
      description:
        'Called by the site when `PortOne.requestPayment()` returns (or PortOne redirects back). The API asks PortOne (`getPayment`) and credits only a payment PortOne reports PAID for exactly the product’s price; another amount is cancelled at PortOne (8). A virtual account moves the payment to 2 with the account to pay into. Completing again, or after the webhook, changes nothing.',
      responses: { 200: '{ payment, purchase: { transactionId, value, currency: KRW } | null }' },
      errors: ['invalid_payment', 'payment_not_found', 'payments_not_configured', 'gateway_unavailable'],
    }),
    requireMember(),
    params(v.object({ paymentId }), { invalid: 'invalid_payment' }),
    async (c) => {
      const { database, config } = c.get('deps');
      const gateway = paymentGateway(config);
      if (!gateway) return fail(c, 'payments_not_configured');
      const id = c.req.valid('param').paymentId;
      const [own] = await database.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.memberId, me(c).id)));
      if (!own) return fail(c, 'payment_not_found');
      const settled = await settlePayment(database.db, gateway, id, 'complete');
      return sendResult(c, settled, (r) => ({ payment: r.payment, purchase: purchaseOf(r.payment) }));
    },
  )
  .post(
    '/flax/payments-cancel',
    doc({
      tag: 'shop',
      summary: 'Cancels my payment: an open one closes (an issued virtual account too); an approved one is refunded while its luv is unspent',
      description:
        'A refund holds the payment’s luv (luv already spent refuses it, luv_already_spent, before any money moves), then asks the gateway to cancel: refunded, the payment is 7; refused (refund_refused), the luv goes back to the wallet. When the gateway does not answer (gateway_unavailable) the luv stays held and the payment says `refundPending` until the expiry job finishes the refund; asking again meanwhile answers refund_in_progress.',
      responses: { 200: '{ payment }' },
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
      const gateway = paymentGateway(c.get('deps').config);
      if (!gateway) return fail(c, 'payments_not_configured');
      const result = await cancelByMember(c.get('deps').database.db, gateway, me(c).id, c.req.valid('json').paymentId);
      return sendResult(c, result, (r) => ({ payment: r.payment }));
    },
  );
