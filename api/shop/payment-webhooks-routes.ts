/**
 * `POST /api/payments/webhook`: the gateway's notice that something changed (PortOne V2 webhook,
 * Standard Webhooks signature over the raw body). A notice names a payment, never an outcome: the
 * API asks the gateway where the payment stands and runs the same path as the browser's "complete"
 * (api/shop/payment-settle.ts). Answers: 4xx for a delivery that is not PortOne's (nothing
 * happens), 502 when the gateway cannot be asked (PortOne delivers again later), 200 for everything
 * else, including notices with nothing to do (Transaction.Ready, BillingKey.*, a payment this
 * deployment does not know), so that PortOne stops retrying them.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { settlePayment } from './payment-settle.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { readRawBody } from '../http/request.ts';

/** Gateway notifications are small; this leaves room for a verbose one. */
const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;

export const paymentWebhooks = new Hono<ApiEnv>().post(
  '/webhook',
  doc({
    tag: 'shop',
    summary: 'Payment gateway notification (PortOne V2 webhook, Standard Webhooks signature)',
    description:
      'Signed with `webhook-id`, `webhook-timestamp` (±300 s) and `webhook-signature: v1,<base64 HMAC-SHA256>` ' +
      'under the secret PortOne issued. The body names a payment; its outcome is read from PortOne (`getPayment`). ' +
      '200 `{ payment }` when the payment was looked at, 200 `{ ignored }` for a notice with nothing to do, 502 ' +
      'when PortOne cannot be asked (it retries).',
    responses: { 200: '{ payment } | { ignored: reason }' },
    errors: ['payments_not_configured', 'invalid_signature', 'bad_request', 'payload_too_large', 'gateway_unavailable'],
  }),
  async (c) => {
    const { database, payment: gateway } = c.get('deps');
    if (!gateway) return fail(c, 'payments_not_configured');
    const raw = await readRawBody(c, WEBHOOK_BODY_MAX_BYTES);
    if (!raw.ok) return fail(c, raw.code);
    const reading = await gateway.readWebhook(c.req.raw.headers, raw.text);
    if (!reading.ok) return fail(c, reading.reason === 'malformed' ? 'bad_request' : 'invalid_signature');
    const { notice } = reading;
    // Billing-key notices and the like name no payment: the API asks about billing keys when it uses them.
    if (!notice.paymentId) return c.json({ ignored: notice.type });
    const settled = await settlePayment(database.db, gateway, notice.paymentId, `webhook:${notice.type}`.slice(0, 64));
    if (settled.ok) return c.json({ payment: settled.payment });
    if (settled.code === 'gateway_unavailable') return fail(c, 'gateway_unavailable');
    return c.json({ ignored: 'unknown_payment' });
  },
);
