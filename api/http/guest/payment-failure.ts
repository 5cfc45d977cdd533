/** `GET /v2/api/guest/payment-failure?paymentId=` (SPEC §7): why one of my payments failed. Members only, despite the prefix. */
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { paymentId } from '../../../domain/schemas/shop.ts';
import type { ApiEnv } from '../../app-env.ts';
import { payments } from '../../db/schema/index.ts';
import { fail } from '../errors.ts';
import { doc } from '../openapi.ts';
import { query } from '../request.ts';
import { me, requireMember } from '../session.ts';

export const paymentFailure = new Hono<ApiEnv>().get(
  '/payment-failure',
  doc({
    tag: 'shop',
    summary: 'The status and failure note of one of my payments',
    responses: { 200: '{ paymentId, status, failureNote }' },
    errors: ['payment_not_found'],
  }),
  requireMember(),
  query(v.object({ paymentId }), { invalid: 'invalid_payment' }),
  async (c) => {
    const [p] = await c
      .get('deps')
      .database.db.select()
      .from(payments)
      .where(and(eq(payments.id, c.req.valid('query').paymentId), eq(payments.memberId, me(c).id)));
    if (!p) return fail(c, 'payment_not_found');
    return c.json({ paymentId: p.id, status: p.status, failureNote: p.failureNote });
  },
);
