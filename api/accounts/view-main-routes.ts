/**
 * `GET /api/my/view-main?device`: what the my page shows first, in one call: who I am, unread
 * messages, my open inquiries and reports, my black list size, recent views and follows, and my
 * broadcaster state.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { viewMain, type ViewMain } from '../../domain/answers/accounts.ts';
import { deviceSchema } from '../../domain/schemas/fields.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { viewMainCounts } from './view-main.ts';

export const viewMainRoutes = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: 'What the my page shows first, in one call',
    responses: {
      200: {
        description:
          '{ device, loginId, nickname, memberType, PI, unreadMessages, openInquiries, reports, blacklist, ' +
          'recentViews, subscriptions, channel: { channelId, approval } }',
        schema: viewMain,
      },
    },
  }),
  requireMember(),
  query(v.object({ device: deviceSchema })),
  async (c) => {
    const { device } = c.req.valid('query');
    const { db } = c.get('deps').database;
    const m = me(c);
    const counts = await viewMainCounts(db, m.id);
    c.header('Cache-Control', 'no-store');
    return c.json({
      device,
      loginId: m.loginId,
      nickname: m.nickname,
      memberType: m.memberType,
      PI: m.identityVerified,
      ...counts,
    } satisfies ViewMain);
  },
);
