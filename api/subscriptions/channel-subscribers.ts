/**
 * `GET /api/my/channel-subscription-list` (SPEC §7): the paid subscribers of the caller's own
 * channel, newest change first, with each one's plan, status (SPEC §4: 1 subscribed … 5 renewal
 * cancelled) and period; `active` counts those running now (1 and 5). Channel owners only.
 */
import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { members, subscriptions } from '../db/schema/index.ts';
import { subscriptionView } from './subscription-flow.ts';
import { runningSubscriptionCount } from './subscription-queries.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';
import { requireMember } from '../http/session.ts';
import { ownChannel, requireChannelOwner } from '../channels/channel-tools-state.ts';
import { brandOffers } from '../http/features.ts';

export const channelSubscriberRoutes = new Hono<ApiEnv>().get(
  '/channel-subscription-list',
  doc({
    tag: 'my',
    summary: "The paid subscribers of the owner's channel, newest change first",
    responses: { 200: '{ list: [{ subscriptionId, loginId, nickname, plan, priceWon, status, periodStart, periodEnd }], total, active, offset, limit }' },
  }),
  brandOffers('subscriptions'),
  requireMember(),
  requireChannelOwner(),
  query(v.object({ ...paging(PAGE_LIMIT_DEFAULT) })),
  async (c) => {
    const channelId = ownChannel(c);
    const { offset, limit } = c.req.valid('query');
    const { db } = c.get('deps').database;
    const rows = await db
      .select({ s: subscriptions, loginId: members.loginId, nickname: members.nickname })
      .from(subscriptions)
      .innerJoin(members, eq(members.id, subscriptions.memberId))
      .where(eq(subscriptions.channelId, channelId))
      .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.channelId, channelId));
    return c.json({
      list: rows.map((r) => ({ ...subscriptionView(r.s), loginId: r.loginId, nickname: r.nickname })),
      total: total?.n ?? 0,
      active: await runningSubscriptionCount(db, channelId),
      offset,
      limit,
    });
  },
);
