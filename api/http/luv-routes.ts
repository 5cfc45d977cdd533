/** Mounts every money route (issue 8: luv, shop, payments, items, gifts, subscriptions, withdrawals; docs/LEDGER.md). */
import type { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { devPayments } from './dev-payments.ts';
import { exchange } from './exchange.ts';
import { gifts } from './gifts.ts';
import { aspLex, itemShop, myItems } from './items.ts';
import { luv } from './luv.ts';
import { paymentFailure, paymentWebhooks } from './payments.ts';
import { shop } from './shop.ts';
import { spendingCapsRoutes } from './spending-caps.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { accountChange, banks, withdraw, withdrawSettlement } from './withdraw.ts';

export function mountLuvRoutes(app: Hono<ApiEnv>): void {
  app.route('/api/lives', gifts);
  app.route('/api/shoppings', shop);
  app.route('/api/shoppings', itemShop);
  app.route('/api/payments', paymentWebhooks);
  app.route('/v2/api/guest', paymentFailure);
  app.route('/api/dev/payments', devPayments);
  app.route('/api/my/luv/exchange', exchange);
  app.route('/api/my/luv/spending-caps', spendingCapsRoutes);
  app.route('/api/my/luv', withdraw);
  app.route('/api/my/luv', luv);
  app.route('/api/my', myItems);
  app.route('/v4/api/asp/lex', aspLex);
  app.route('/api/my', banks);
  app.route('/api/my/subscriptions', subscriptionRoutes);
  app.route('/api/cs', accountChange);
  app.route('/api/operator/withdrawals', withdrawSettlement);
  app.route('/api/dev/withdrawals', withdrawSettlement);
}
