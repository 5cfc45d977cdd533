/**
 * Money (docs/LEDGER.md): /api/shoppings, /api/payments, /api/my/luv, /api/operator, /v4/api/asp/lex,
 * and the item and bank routes under /api/my. Elsewhere: the gift at /api/lives/send-luv
 * (channels/gifts.ts), subscriptions (my/subscriptions.ts), the payout account
 * (cs/account-change.ts), the payment failure note (guest/payment-failure.ts) and the
 * development gateway (dev/dev-payments.ts).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { billingKeys } from './billing-keys.ts';
import { checkoutRoutes } from './checkout.ts';
import { exchange } from './exchange.ts';
import { aspLex, itemShop, myItems } from './items.ts';
import { myLuv } from './luv.ts';
import { paymentWebhooks } from './payments.ts';
import { operatorSettlement } from './settlement.ts';
import { shop } from './shop.ts';
import { spendingCaps } from './spending-caps.ts';
import { banks, withdraw } from './withdraw.ts';

export const luv = new Hono<ApiEnv>()
  .route('/api/shoppings', shop)
  .route('/api/shoppings', checkoutRoutes)
  .route('/api/shoppings', billingKeys)
  .route('/api/shoppings', itemShop)
  .route('/api/payments', paymentWebhooks)
  .route('/api/my/luv/exchange', exchange)
  .route('/api/my/luv/spending-caps', spendingCaps)
  .route('/api/my/luv', withdraw)
  .route('/api/my/luv', myLuv)
  .route('/api/my', myItems)
  .route('/v4/api/asp/lex', aspLex)
  .route('/api/my', banks)
  .route('/api/operator/withdrawals', operatorSettlement);
