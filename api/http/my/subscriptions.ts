/**
 * Channel subscriptions under /api/my/subscriptions: list, subscribe {channelId, plan} (with an
 * Idempotency-Key; charged through the gateway's billing key), cancel renewal, unsubscribe.
 */
import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { channels, subscriptionEvents, subscriptions } from '../../db/schema/index.ts';
import { PLANS, addMonths, chargePeriodIn, subscriptionView, type Plan } from '../../ledger/subscription-flow.ts';
import { paymentGateway } from '../../providers/payment/index.ts';
import { answer, fail, idempotent, parseId, readObject, refusal, type Ctx, memberOnce } from '../luv/luv-http.ts';

export const subscriptionRoutes = new Hono<ApiEnv>();
subscriptionRoutes.use('*', memberOnce());

subscriptionRoutes.get('/', async (c) => {
  const rows = await c
    .get('deps')
    .database.db.select()
    .from(subscriptions)
    .where(eq(subscriptions.memberId, c.get('member')!.id))
    .orderBy(desc(subscriptions.updatedAt));
  return c.json({ list: rows.map(subscriptionView), prices: Object.fromEntries(Object.entries(PLANS).map(([k, v]) => [k, v.priceWon])) });
});

subscriptionRoutes.post('/', async (c) => {
  const body = await readObject(c);
  const plan = body?.plan;
  if (typeof plan !== 'string' || !(plan in PLANS)) return fail(c, 400, 'invalid_plan', `plan must be one of ${Object.keys(PLANS).join(', ')}.`);
  const channelId = typeof body?.channelId === 'number' ? parseId(String(body.channelId)) : null;
  if (channelId === null) return fail(c, 400, 'invalid_channel', 'channelId must be a channel number.');
  const { database, config } = c.get('deps');
  const [channel] = await database.db.select({ ownerId: channels.ownerId }).from(channels).where(eq(channels.id, channelId));
  if (!channel) return fail(c, 404, 'channel_not_found', 'No such channel.');
  const member = c.get('member')!;
  if (channel.ownerId === member.id) return fail(c, 400, 'self_subscription', 'You cannot subscribe to your own channel.');
  const gateway = paymentGateway(config);
  if (!gateway) return fail(c, 503, 'gateway_unavailable', 'Payments are not available right now.');
  const p = PLANS[plan as Plan];
  return idempotent(c, 'subscribe', { channelId, plan }, async (tx) => {
    const now = new Date();
    const values = {
      memberId: member.id,
      channelId,
      plan,
      priceWon: p.priceWon,
      status: 1,
      periodStart: now,
      periodEnd: addMonths(now, p.months),
      updatedAt: now,
    };
    // Insert first: a concurrent subscribe of the same member to the same channel waits on the
    // unique index here instead of both finding no row and one failing on insert.
    let [row] = await tx.insert(subscriptions).values(values).onConflictDoNothing().returning();
    if (!row) {
      const [existing] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.memberId, member.id), eq(subscriptions.channelId, channelId)))
        .for('update');
      if (!existing || existing.status === 1 || existing.status === 5) return refusal(409, 'already_subscribed', 'You already subscribe to this channel.');
      [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id)).returning();
    }
    const charged = await chargePeriodIn(tx, gateway, row!, now);
    if (charged === 'declined') return refusal(409, 'payment_declined', 'The card was declined.');
    return answer(200, { subscription: subscriptionView(row!) });
  });
});

async function owned(c: Ctx) {
  const id = parseId(c.req.param('id'));
  if (id === null) return null;
  const [row] = await c
    .get('deps')
    .database.db.select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.memberId, c.get('member')!.id)));
  return row ?? null;
}

subscriptionRoutes.post('/:id/cancel-renewal', async (c) => {
  const s = await owned(c);
  if (!s) return fail(c, 404, 'subscription_not_found', 'No such subscription.');
  if (s.status === 5) return c.json({ subscription: subscriptionView(s) });
  if (s.status !== 1 || s.plan !== 'monthly') return fail(c, 409, 'not_renewing', 'This subscription does not renew.');
  const db = c.get('deps').database.db;
  const [after] = await db.transaction(async (tx) => {
    const r = await tx
      .update(subscriptions)
      .set({ status: 5, updatedAt: new Date() })
      .where(and(eq(subscriptions.id, s.id), eq(subscriptions.status, 1)))
      .returning();
    if (r.length) await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, event: 2 });
    return r;
  });
  return c.json({ subscription: subscriptionView(after ?? s) });
});

subscriptionRoutes.delete('/:id', async (c) => {
  const s = await owned(c);
  if (!s) return fail(c, 404, 'subscription_not_found', 'No such subscription.');
  const [after] = await c
    .get('deps')
    .database.db.update(subscriptions)
    .set({ status: 2, periodEnd: new Date(), updatedAt: new Date() })
    .where(eq(subscriptions.id, s.id))
    .returning();
  return c.json({ subscription: subscriptionView(after!) });
});
