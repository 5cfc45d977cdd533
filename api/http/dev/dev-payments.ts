/**
 * The development payment simulator (never mounted in production, DESIGN "dev-only"):
 * `POST /api/dev/payments/{paymentId}/approve | deposit {amountWon?} | cancel | fail {note?}` act as
 * the gateway would, through the same state machine as a verified webhook.
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { payments } from '../../db/schema/index.ts';
import { applyOutcome } from '../../ledger/payment-flow.ts';
import type { GatewayOutcome } from '../../providers/payment/gateway.ts';
import { fail, readObject } from '../luv/luv-http.ts';

export const devPayments = new Hono<ApiEnv>();

devPayments.post('/:paymentId/:action{approve|deposit|cancel|fail}', async (c) => {
  const { database, config } = c.get('deps');
  if (config.platformEnv === 'production') return fail(c, 404, 'not_found', 'No such API endpoint.');
  const paymentId = c.req.param('paymentId').slice(0, 64);
  const body = (await readObject(c)) ?? {};
  const [p] = await database.db.select({ amountWon: payments.amountWon }).from(payments).where(eq(payments.id, paymentId));
  if (!p) return fail(c, 404, 'payment_not_found', 'No such payment.');
  const paid = typeof body.amountWon === 'number' && Number.isSafeInteger(body.amountWon) ? body.amountWon : p.amountWon;
  const action = c.req.param('action');
  const outcome: GatewayOutcome =
    action === 'approve'
      ? { kind: 'approve', amountWon: paid }
      : action === 'deposit'
        ? { kind: 'deposit', amountWon: paid }
        : action === 'cancel'
          ? { kind: 'cancel' }
          : { kind: 'fail', note: typeof body.note === 'string' ? body.note.slice(0, 200) : 'declined by the development gateway' };
  const result = await applyOutcome(database.db, paymentId, outcome, 'development');
  return c.json(result.body, result.status as 200);
});
