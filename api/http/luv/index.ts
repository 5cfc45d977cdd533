/** Money (docs/LEDGER.md): /api/shoppings, /api/payments, /api/my/luv, /api/operator, /v4/api/asp/lex, and the item and bank routes under /api/my. */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { subscriptionRoutes } from '../my/subscriptions.ts';
import { exchange } from './exchange.ts';
import { aspLex, itemShop, myItems } from './items.ts';
import { luv as luvRoutes } from './luv.ts';
import { paymentWebhooks } from './payments.ts';
import { shop } from './shop.ts';
import { spendingCapsRoutes } from './spending-caps.ts';
import { banks, withdraw, withdrawSettlement } from './withdraw.ts';

export const luv = new Hono<ApiEnv>()
  .route('/api/shoppings', shop)
  .route('/api/shoppings', itemShop)
  .route('/api/payments', paymentWebhooks)
  .route('/api/my/luv/exchange', exchange)
  .route('/api/my/luv/spending-caps', spendingCapsRoutes)
  .route('/api/my/luv', withdraw)
  .route('/api/my/luv', luvRoutes)
  .route('/api/my', myItems)
  .route('/v4/api/asp/lex', aspLex)
  .route('/api/my', banks)
  .route('/api/my/subscriptions', subscriptionRoutes)
  .route('/api/operator/withdrawals', withdrawSettlement);
