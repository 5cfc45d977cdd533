/**
 * Channel subscriptions under /api/my/subscriptions: list, subscribe {channelId, plan} (with an
 * Idempotency-Key; charged through the gateway's billing key), cancel renewal, unsubscribe.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { subscribeBody } from '../../domain/schemas/subscriptions.ts';
import type { ApiEnv } from '../app-env.ts';
import { channels, members, subscriptionEvents, subscriptions } from '../db/schema/index.ts';
import { PLANS, subscribe, subscriptionView } from './subscription-flow.ts';
import { paymentGateway } from '../providers/payment/index.ts';
import { fail } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, ids, params } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { brandOffers } from '../http/features.ts';

/** The caller's own subscription `id`, or null (another member's is as absent as a missing one). */
async function ownSubscription(c: Context<ApiEnv>, id: number) {
  const [row] = await c
    .get('deps')
    .database.db.select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.memberId, me(c).id)));
  return row ?? null;
}

export const subscriptionRoutes = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      tag: 'subscriptions',
      summary: 'My subscriptions (with the channel owner’s loginId and nickname), and the price of each plan',
      responses: { 200: '{ list, prices }' },
    }),
    brandOffers('subscriptions'),
    requireMember(),
    async (c) => {
      const rows = await c
        .get('deps')
        .database.db.select({ s: subscriptions, loginId: members.loginId, nickname: members.nickname })
        .from(subscriptions)
        .innerJoin(channels, eq(channels.id, subscriptions.channelId))
        .innerJoin(members, eq(members.id, channels.ownerId))
        .where(eq(subscriptions.memberId, me(c).id))
        .orderBy(desc(subscriptions.updatedAt));
      const list = rows.map((r) => ({ ...subscriptionView(r.s), loginId: r.loginId, nickname: r.nickname }));
      return c.json({ list, prices: Object.fromEntries(Object.entries(PLANS).map(([k, v]) => [k, v.priceWon])) });
    },
  )
  .post(
    '/',
    doc({
      tag: 'subscriptions',
      summary: 'Subscribes to a channel with a plan (monthly renews; 1month and 3months run once), charging the first period',
      responses: { 200: '{ subscription }' },
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
      const { database, config } = c.get('deps');
      const [channel] = await database.db.select({ ownerId: channels.ownerId }).from(channels).where(eq(channels.id, channelId));
      if (!channel) return fail(c, 'channel_not_found');
      const memberId = me(c).id;
      if (channel.ownerId === memberId) return fail(c, 'self_subscription');
      const gateway = paymentGateway(config);
      if (!gateway) return fail(c, 'gateway_unavailable');
      return idempotent(c, 'subscribe', { channelId, plan }, async (tx) =>
        answerOf(await subscribe(tx, gateway, { memberId, channelId, plan }, new Date()), (r) => ({ subscription: r.subscription })),
      );
    },
  )
  .post(
    '/:id/cancel-renewal',
    doc({
      tag: 'subscriptions',
      summary: 'Stops a monthly subscription from renewing: it runs to the end of its period (status 5)',
      responses: { 200: '{ subscription }' },
      errors: ['subscription_not_found', 'not_renewing'],
    }),
    brandOffers('subscriptions'),
    requireMember(),
    params(ids('id')),
    async (c) => {
      const s = await ownSubscription(c, c.req.valid('param').id);
      if (!s) return fail(c, 'subscription_not_found');
      if (s.status === 5) return c.json({ subscription: subscriptionView(s) });
      if (s.status !== 1 || s.plan !== 'monthly') return fail(c, 'not_renewing');
      const [after] = await c.get('deps').database.db.transaction(async (tx) => {
        const r = await tx
          .update(subscriptions)
          .set({ status: 5, updatedAt: new Date() })
          .where(and(eq(subscriptions.id, s.id), eq(subscriptions.status, 1)))
          .returning();
        if (r.length) await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, event: 2 });
        return r;
      });
      return c.json({ subscription: subscriptionView(after ?? s) });
    },
  )
  .delete(
    '/:id',
    doc({ tag: 'subscriptions', summary: 'Unsubscribes now (status 2)', responses: { 200: '{ subscription }' }, errors: ['subscription_not_found'] }),
    brandOffers('subscriptions'),
    requireMember(),
    params(ids('id')),
    async (c) => {
      const s = await ownSubscription(c, c.req.valid('param').id);
      if (!s) return fail(c, 'subscription_not_found');
      const [after] = await c
        .get('deps')
        .database.db.update(subscriptions)
        .set({ status: 2, periodEnd: new Date(), updatedAt: new Date() })
        .where(eq(subscriptions.id, s.id))
        .returning();
      return c.json({ subscription: subscriptionView(after!) });
    },
  );
