/**
 * BJ withdrawals of received luv (docs/LEDGER.md): withdraw, list, cancel (/api/my/luv), the bank list
 * (/api/my/banks), the payout account (/api/cs/accountChange) and the operator's settlement
 * (/api/operator/withdrawals).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { accountChange } from './payout-account-routes.ts';
import { operatorSettlement } from './settlement-routes.ts';
import { banks, withdraw } from './withdraw-routes.ts';

export const withdrawalsRoutes = new Hono<ApiEnv>()
  .route('/api/my/luv', withdraw)
  .route('/api/my', banks)
  .route('/api/operator/withdrawals', operatorSettlement)
  .route('/api/cs', accountChange);
