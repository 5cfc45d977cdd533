/** My luv (/api/my/luv): the balance, gifts received and sent with their sums, redeemed coupons, and spending caps. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { myLuv } from './luv-routes.ts';
import { spendingCaps } from './spending-caps-routes.ts';

export const walletRoutes = new Hono<ApiEnv>()
  .route('/api/my/luv/spending-caps', spendingCaps)
  .route('/api/my/luv', myLuv);
