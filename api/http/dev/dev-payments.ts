/**
 * The development gateway and bank (never answered in production, DESIGN "dev-only"):
 * `POST /api/dev/payments/{paymentId}/approve | deposit {amountWon?} | cancel | fail {note?}` act as
 * the payment gateway would, through the same state machine as a verified webhook, and
 * `POST /api/dev/withdrawals/{id}/approve | fail` settles a withdrawal as an operator would
 * (api/http/luv/settlement.ts), for anyone signed in.
 */
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { paymentId } from '../../../domain/schemas/shop.ts';
import type { ApiEnv } from '../../app-env.ts';
import { payments } from '../../db/schema/index.ts';
import { applyOutcome } from '../../ledger/payment-flow.ts';
import type { GatewayOutcome } from '../../providers/payment/gateway.ts';
import { fail } from '../errors.ts';
import { sendResult } from '../idempotent.ts';
import { doc } from '../openapi.ts';
import { body, params } from '../request.ts';
import { requireMember } from '../session.ts';
import { SETTLEMENT_DOC, settle, settlementParams } from '../luv/settlement.ts';

/** Longest failure note the simulator stores. */
const DEV_FAILURE_NOTE_MAX = 200;

/** 404 in production, as if the route did not exist. */
function developmentOnly(): MiddlewareHandler<ApiEnv> {
  return async function developmentOnlyMiddleware(c, next) {
    if (c.get('deps').config.platformEnv === 'production') return fail(c, 'not_found');
    await next();
  };
}

const outcomeParams = v.object({ paymentId, action: v.picklist(['approve', 'deposit', 'cancel', 'fail']) });
const outcomeBody = v.object({
  /** What the payer paid (default: the price); another amount is a wrong payment. */
  amountWon: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  note: v.optional(v.pipe(v.string(), v.maxLength(DEV_FAILURE_NOTE_MAX))),
});

export const devMoney = new Hono<ApiEnv>()
  .post(
    '/payments/:paymentId/:action{approve|deposit|cancel|fail}',
    doc({
      tag: 'development',
      summary: 'Acts as the payment gateway on a payment',
      responses: { 200: '{ payment }' },
      errors: ['payment_not_found', 'payment_final'],
    }),
    developmentOnly(),
    params(outcomeParams, { invalid: 'invalid_payment' }),
    body(outcomeBody),
    async (c) => {
      const { paymentId: id, action } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.get('deps').database.db;
      const [p] = await db.select({ amountWon: payments.amountWon }).from(payments).where(eq(payments.id, id));
      if (!p) return fail(c, 'payment_not_found');
      const paid = input.amountWon ?? p.amountWon;
      const outcome: GatewayOutcome =
        action === 'approve' || action === 'deposit'
          ? { kind: action, amountWon: paid }
          : action === 'cancel'
            ? { kind: 'cancel' }
            : { kind: 'fail', note: input.note ?? 'declined by the development gateway' };
      return sendResult(c, await applyOutcome(db, id, outcome, 'development'), (r) => ({ payment: r.payment }));
    },
  )
  .post(
    '/withdrawals/:id/:action{approve|fail}',
    doc({ tag: 'development', ...SETTLEMENT_DOC }),
    developmentOnly(),
    requireMember(),
    settlementParams(),
    (c) => {
      const { id, action } = c.req.valid('param');
      return settle(c, id, action);
    },
  );
