/**
 * Settling a waiting withdrawal after the bank transfer: approve (the luv leaves as won) or fail
 * (the bank refused; the luv returns to the BJ). Operators (member type O) call
 * `POST /api/operator/withdrawals/{id}/approve | fail`; the development simulator
 * (api/dev/dev-payments-routes.ts) runs the same steps for anyone signed in, outside production.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { withdrawalCancelled, type WithdrawalCancelled } from '../../domain/answers/withdrawals.ts';
import type { ApiEnv } from '../app-env.ts';
import { settleWithdrawal } from './withdrawal-flow.ts';
import { sendResult } from '../http/idempotent.ts';
import { doc, type RouteDoc } from '../http/openapi.ts';
import { idText, params } from '../http/request.ts';
import { requireOperator } from '../http/session.ts';

export const settlementParams = () =>
  params(v.object({ id: idText, action: v.picklist(['approve', 'fail']) }), { invalid: 'invalid_withdrawal' });

export const SETTLEMENT_DOC: Omit<RouteDoc, 'tag'> = {
  summary:
    'Settles a waiting withdrawal: approve (paid) or fail (the bank refused; the luv returns); settling it the same ' +
    'way again answers it again',
  responses: { 200: { description: '{ withdrawal }', schema: withdrawalCancelled } },
  errors: ['withdrawal_not_found', 'withdrawal_closed'],
};

/** The settlement both routes run; the row lock makes concurrent approvals post once. */
export async function settle(c: Context<ApiEnv>, id: number, action: 'approve' | 'fail'): Promise<Response> {
  const { database, accountIds } = c.get('deps');
  const result = await settleWithdrawal(database.db, accountIds, id, action, null);
  return sendResult(c, result, (r) => ({ withdrawal: r.withdrawal }) satisfies WithdrawalCancelled);
}

export const operatorSettlement = new Hono<ApiEnv>().post(
  '/:id/:action{approve|fail}',
  doc({ tag: 'withdrawals', ...SETTLEMENT_DOC }),
  requireOperator(),
  settlementParams(),
  (c) => {
    const { id, action } = c.req.valid('param');
    return settle(c, id, action);
  },
);
