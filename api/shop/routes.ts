/**
 * The luv shop (docs/LEDGER.md): products, payments, checkout and refunds, coupons (/api/shoppings),
 * the gateway's webhook (/api/payments) and why a payment failed (/v2/api/guest/payment-failure).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { paymentFailure } from './payment-failure-routes.ts';
import { paymentWebhooks } from './payment-webhooks-routes.ts';
import { shop } from './shop-routes.ts';

export const shopRoutes = new Hono<ApiEnv>()
  .route('/api/shoppings', shop)
  .route('/api/shoppings', checkoutRoutes)
  .route('/api/payments', paymentWebhooks)
  .route('/v2/api/guest', paymentFailure);
