/**
 * The development gateway and bank (never answered in production, DESIGN "dev-only"):
 * `POST /api/dev/payments/{paymentId}/approve {amountWon?} | issue | deposit {amountWon?} | cancel |
 * fail {note?}` move the simulated PortOne as its window (or its console, for cancel) would, then
 * apply what it reports as a webhook would (tests and scripts; people use the window pages of
 * ./dev-payment-window.ts); `POST /api/dev/withdrawals/{id}/approve | fail` settles a withdrawal as
 * an operator would (api/withdrawals/settlement-routes.ts), for anyone signed in.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { paymentId } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { settlePayment } from '../shop/payment-settle.ts';
import type { SimulatorAction } from '../providers/payment/development.ts';
import { fail } from '../http/errors.ts';
import { sendResult } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, params } from '../http/request.ts';
import { requireMember } from '../http/session.ts';
import { SETTLEMENT_DOC, settle, settlementParams } from '../withdrawals/settlement-routes.ts';
import { devOnly } from './dev-only.ts';
import { devGatewayOf } from './dev-payment-window-routes.ts';

/** Longest failure note the simulator stores. */
const DEV_FAILURE_NOTE_MAX = 200;

const outcomeParams = v.object({ paymentId, action: v.picklist(['approve', 'issue', 'deposit', 'cancel', 'fail']) });
const outcomeBody = v.object({
  /** What the payer paid (default: the price); another amount is a wrong payment. */
  amountWon: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  note: v.optional(v.pipe(v.string(), v.maxLength(DEV_FAILURE_NOTE_MAX))),
});

export const devMoney = new Hono<ApiEnv>()
  .post(
    '/payments/:paymentId/:action{approve|issue|deposit|cancel|fail}',
    doc({
      tag: 'development',
      summary: 'Acts as PortOne on a payment (its window, or its console for cancel), then as its webhook',
      responses: { 200: '{ payment }' },
      errors: ['payment_not_found', 'payment_final'],
    }),
    devOnly(),
    params(outcomeParams, { invalid: 'invalid_payment' }),
    body(outcomeBody),
    async (c) => {
      const { paymentId: id, action } = c.req.valid('param');
      const { amountWon, note } = c.req.valid('json');
      const gateway = devGatewayOf(c);
      const simulated = gateway?.simulated(id);
      if (!gateway || !simulated) return fail(c, 'payment_not_found');
      // A deposit needs an issued account: the window issues it first, as the buyer would.
      if (action === 'deposit' && simulated.status === 'READY') gateway.simulate(id, { kind: 'issue' });
      const simulation: SimulatorAction =
        action === 'approve'
          ? { kind: 'pay', amountWon }
          : action === 'deposit'
            ? { kind: 'deposit', amountWon }
            : action === 'fail'
              ? { kind: 'fail', note }
              : { kind: action };
      const moved = gateway.simulate(id, simulation);
      const settled = await settlePayment(c.get('deps').database.db, gateway, id, 'webhook:development');
      if (!settled.ok) return fail(c, settled.code);
      // As before the simulator: an outcome on a closed payment is refused, a repeated approval answered.
      if (!moved.ok && [6, 7, 8].includes(settled.payment.status))
        return fail(c, 'payment_final', { fields: { payment: settled.payment } });
      return sendResult(c, settled, (r) => ({ payment: r.payment }));
    },
  )
  .post(
    '/withdrawals/:id/:action{approve|fail}',
    doc({ tag: 'development', ...SETTLEMENT_DOC }),
    devOnly(),
    requireMember(),
    settlementParams(),
    (c) => {
      const { id, action } = c.req.valid('param');
      return settle(c, id, action);
    },
  );
