/**
 * Gateway callbacks and failure notes: `POST /api/payments/webhook` (signature checked by the
 * provider, then the same state machine as everything else) and `GET /v2/api/guest/payment-failure`.
 */
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { payments } from '../../db/schema/index.ts';
import { applyOutcome } from '../../ledger/payment-flow.ts';
import { paymentGateway } from '../../providers/payment/index.ts';
import { fail, memberOnce } from './luv-http.ts';

export const paymentWebhooks = new Hono<ApiEnv>();

paymentWebhooks.post('/webhook', async (c) => {
  const gateway = paymentGateway(c.get('deps').config);
  if (!gateway) return fail(c, 503, 'gateway_unavailable', 'Payments are not available right now.');
  const raw = await c.req.text();
  if (raw.length > 65_536) return fail(c, 400, 'invalid_webhook', 'Webhook body too large.');
  const event = await gateway.verifyWebhook(c.req.raw.headers, raw, Date.now());
  if (!event) return fail(c, 403, 'invalid_signature', 'Webhook signature, timestamp or body refused.');
  const result = await applyOutcome(c.get('deps').database.db, event.paymentId, event.outcome, `webhook:${gateway.name}`);
  // A closed or unknown payment is not the gateway's fault to retry forever: acknowledge with the reason.
  return c.json(result.body, result.status === 200 ? 200 : result.status === 404 ? 404 : 409);
});

export const paymentFailure = new Hono<ApiEnv>();

paymentFailure.get('/payment-failure', memberOnce(), async (c) => {
  const paymentId = (c.req.query('paymentId') ?? '').slice(0, 64);
  const [p] = await c
    .get('deps')
    .database.db.select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.memberId, c.get('member')!.id)));
  if (!p) return fail(c, 404, 'payment_not_found', 'No such payment.');
  return c.json({ paymentId: p.id, status: p.status, failureNote: p.failureNote });
});
