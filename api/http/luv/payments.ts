/**
 * `POST /api/payments/webhook`: the gateway's callback. Its signature is checked by the provider
 * over the raw body, then the outcome runs through the same state machine as everything else
 * (api/ledger/payment-flow.ts).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { applyOutcome } from '../../ledger/payment-flow.ts';
import { paymentGateway } from '../../providers/payment/index.ts';
import { fail } from '../errors.ts';
import { sendResult } from '../idempotent.ts';
import { doc } from '../openapi.ts';
import { readRawBody } from '../request.ts';

/** Gateway notifications are small; this leaves room for a verbose one. */
const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;

export const paymentWebhooks = new Hono<ApiEnv>().post(
  '/webhook',
  doc({
    tag: 'shop',
    summary: 'Payment gateway notification (Standard Webhooks / PortOne V2 signature)',
    description:
      'Signed with `webhook-id`, `webhook-timestamp` (±300 s) and `webhook-signature: v1,<base64 HMAC-SHA256>`. A closed or unknown payment is answered with its reason (404, 409), so the gateway stops retrying.',
    responses: { 200: '{ payment }' },
    errors: [
      'gateway_unavailable',
      'invalid_signature',
      'bad_request',
      'payload_too_large',
      'payment_not_found',
      'payment_final',
      'luv_already_spent',
      'not_virtual_account',
    ],
  }),
  async (c) => {
    const gateway = paymentGateway(c.get('deps').config);
    if (!gateway) return fail(c, 'gateway_unavailable');
    const raw = await readRawBody(c, WEBHOOK_BODY_MAX_BYTES);
    if (!raw.ok) return fail(c, raw.code);
    const event = await gateway.verifyWebhook(c.req.raw.headers, raw.text, Date.now());
    if (!event) return fail(c, 'invalid_signature');
    const result = await applyOutcome(c.get('deps').database.db, event.paymentId, event.outcome, `webhook:${gateway.name}`);
    return sendResult(c, result, (r) => ({ payment: r.payment }));
  },
);
