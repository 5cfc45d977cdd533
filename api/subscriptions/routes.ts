/**
 * Paid channel subscriptions (docs/LEDGER.md "Subscriptions"): the member's subscriptions
 * (/api/my/subscriptions), a channel owner's subscribers (/api/my/channel-subscription-list) and the
 * card renewals are charged to (/api/shoppings/billing-key).
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { billingKeys } from './billing-key-routes.ts';
import { channelSubscriberRoutes } from './channel-subscribers-routes.ts';
import { subscriptionRoutes } from './subscriptions-routes.ts';

export const subscriptionsRoutes = new Hono<ApiEnv>()
  .route('/api/shoppings', billingKeys)
  .route('/api/my/subscriptions', subscriptionRoutes)
  .route('/api/my', channelSubscriberRoutes);
