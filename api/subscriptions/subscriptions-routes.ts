/**
 * Channel subscriptions under /api/my/subscriptions: list, subscribe {channelId, plan} (with an
 * Idempotency-Key; charged through the gateway's billing key), cancel renewal, unsubscribe.
 */
import { Hono } from 'hono';
import {
  mySubscriptions as mySubscriptionsSchema,
  subscriptionChanged,
  type MySubscriptions,
  type SubscriptionChanged,
} from '../../domain/answers/subscriptions.ts';
import { subscribeBody } from '../../domain/schemas/subscriptions.ts';
import type { ApiEnv } from '../app-env.ts';
import { cancelRenewal, channelOwnerOf, mySubscriptions, unsubscribe } from './my-subscriptions.ts';
import { PLANS, subscribe } from './subscription-flow.ts';
import { fail } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { brandOffers } from '../http/features.ts';

const CHANGED = { description: '{ subscription }', schema: subscriptionChanged };

export const subscriptionRoutes = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'subscriptions',
      summary: 'My subscriptions (with the channel owner’s loginId and nickname), and the price of each plan',
      responses: { 200: { description: '{ list, prices }', schema: mySubscriptionsSchema } },
    }),
    brandOffers('subscriptions'),
    requireMember(),
    async (c) => {
      const list = await mySubscriptions(c.get('deps').database.db, me(c).id);
      const prices = Object.fromEntries(Object.entries(PLANS).map(([k, v]) => [k, v.priceWon]));
      return c.json({ list, prices } satisfies MySubscriptions);
    },
  )
  .post(
    '/',
    doc({
      tag: 'subscriptions',
      summary:
        'Subscribes to a channel with a plan (monthly renews; 1month and 3months run once), charging the first period',
      responses: { 200: CHANGED },
      errors: [
        'invalid_channel',
        'invalid_plan',
        'channel_not_found',
        'self_subscription',
        'gateway_unavailable',
        'already_subscribed',
        'payment_declined',
        'card_not_registered',
      ],
      idempotent: true,
    }),
    brandOffers('subscriptions'),
    requireMember(),
    body(subscribeBody, { fields: { channelId: 'invalid_channel', plan: 'invalid_plan' }, notObject: 'invalid_body' }),
    async (c) => {
      const { channelId, plan } = c.req.valid('json');
      const { database, payment: gateway } = c.get('deps');
      const ownerId = await channelOwnerOf(database.db, channelId);
      if (ownerId === null) return fail(c, 'channel_not_found');
      const memberId = me(c).id;
      if (ownerId === memberId) return fail(c, 'self_subscription');
      if (!gateway) return fail(c, 'gateway_unavailable');
      return idempotent(c, 'subscribe', { channelId, plan }, async (tx) =>
        answerOf(
          await subscribe(tx, gateway, { memberId, channelId, plan }, new Date()),
          (r) => ({ subscription: r.subscription }) satisfies SubscriptionChanged,
        ),
      );
    },
  )
  .post(
    '/:id/cancel-renewal',
    doc({
      tag: 'subscriptions',
      summary: 'Stops a monthly subscription from renewing: it runs to the end of its period (status 5)',
      responses: { 200: CHANGED },
      errors: ['subscription_not_found', 'not_renewing'],
    }),
    brandOffers('subscriptions'),
    requireMember(),
    params(ids('id')),
    async (c) => {
      const r = await cancelRenewal(c.get('deps').database.db, me(c).id, c.req.valid('param').id);
      if (!r.ok) return fail(c, r.code);
      return c.json({ subscription: r.subscription } satisfies SubscriptionChanged);
    },
  )
  .delete(
    '/:id',
    doc({
      tag: 'subscriptions',
      summary: 'Unsubscribes now (status 2)',
      responses: { 200: CHANGED },
      errors: ['subscription_not_found'],
    }),
    brandOffers('subscriptions'),
    requireMember(),
    params(ids('id')),
    async (c) => {
      const r = await unsubscribe(c.get('deps').database.db, me(c).id, c.req.valid('param').id);
      if (!r.ok) return fail(c, r.code);
      return c.json({ subscription: r.subscription } satisfies SubscriptionChanged);
    },
  );
