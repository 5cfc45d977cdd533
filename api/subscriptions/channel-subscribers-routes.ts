/**
 * `GET /api/my/channel-subscription-list` (SPEC §7): the paid subscribers of the caller's own
 * channel, newest change first, with each one's plan, status (SPEC §4: 1 subscribed … 5 renewal
 * cancelled) and period; `active` counts those running now (1 and 5). Channel owners only.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  channelSubscribers as channelSubscribersSchema,
  type ChannelSubscribers,
} from '../../domain/answers/subscriptions.ts';
import { PAGE_LIMIT_DEFAULT } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { channelSubscribers } from './channel-subscribers.ts';
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
    responses: {
      200: {
        description:
          '{ list: [{ subscriptionId, loginId, nickname, plan, priceWon, status, periodStart, periodEnd }], total, ' +
          'active, offset, limit }',
        schema: channelSubscribersSchema,
      },
    },
  }),
  brandOffers('subscriptions'),
  requireMember(),
  requireChannelOwner(),
  query(v.object({ ...paging(PAGE_LIMIT_DEFAULT) })),
  async (c) => {
    const page = await channelSubscribers(c.get('deps').database.db, ownChannel(c), c.req.valid('query'));
    return c.json(page satisfies ChannelSubscribers);
  },
);
