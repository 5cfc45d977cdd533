/**
 * `GET /v2/api/guest/payment-failure?paymentId=` (SPEC §7): why one of my payments failed. Members
 * only, despite the prefix. `failureCode` says what happened (pg_failed: the card company or bank
 * refused, with its words in `failureNote`; amount_mismatch and wrong_deposit: another amount was
 * paid and went back; expired: not paid in time; closed; refunded), and `message` says it in the
 * caller's language.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { paymentFailure as paymentFailureSchema, type PaymentFailure } from '../../domain/answers/shop.ts';
import { paymentId } from '../../domain/schemas/shop.ts';
import type { ApiEnv } from '../app-env.ts';
import { ownPayment } from './payment-reads.ts';
import { callerText, fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';

export const paymentFailure = new Hono<ApiEnv>().get(
  '/payment-failure',
  doc({
    tag: 'shop',
    summary: 'The status and failure note of one of my payments',
    responses: {
      200: { description: '{ paymentId, status, failureCode, failureNote, message }', schema: paymentFailureSchema },
    },
    errors: ['payment_not_found'],
  }),
  requireMember(),
  query(v.object({ paymentId }), { invalid: 'invalid_payment' }),
  async (c) => {
    const p = await ownPayment(c.get('deps').database.db, me(c).id, c.req.valid('query').paymentId);
    if (!p) return fail(c, 'payment_not_found');
    const message = p.failureCode ? callerText(c, `luv_payment_failure_${p.failureCode}`) : null;
    const { failureCode, failureNote } = p;
    return c.json({ paymentId: p.id, status: p.status, failureCode, failureNote, message } satisfies PaymentFailure);
  },
);
