/**
 * `GET /api/my/view-main?device`: what the my page shows first, in one call: who I am, unread
 * messages, my open inquiries and reports, my black list size, recent views and follows, and my
 * broadcaster state.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { deviceSchema } from '../../domain/schemas/fields.ts';
import type { ApiEnv } from '../app-env.ts';
import { blacklist, channelFollows, declarations, inquiries, streamViews } from '../db/schema/index.ts';
import { unreadCount } from '../messages/messages.ts';
import { doc } from '../http/openapi.ts';
import { query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { broadcasterState } from '../channels/channel-tools-state.ts';

export const viewMainRoutes = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: 'What the my page shows first, in one call',
    responses: {
      200: '{ device, loginId, nickname, memberType, PI, unreadMessages, openInquiries, reports, blacklist, recentViews, subscriptions, channel: { channelId, approval } }',
    },
  }),
  requireMember(),
  query(v.object({ device: deviceSchema })),
  async (c) => {
    const { device } = c.req.valid('query');
    const { db } = c.get('deps').database;
    const m = me(c);
    const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
    const [unread, openInquiries, reports, blocked, recentViews, follows, state] = await Promise.all([
      unreadCount(db, m.id),
      countOf(
        db
          .select({ n: count() })
          .from(inquiries)
          .where(and(eq(inquiries.memberId, m.id), isNull(inquiries.deletedAt), isNull(inquiries.answer))),
      ),
      countOf(
        db
          .select({ n: count() })
          .from(declarations)
          .where(and(eq(declarations.reporterId, m.id), isNull(declarations.deletedAt))),
      ),
      countOf(db.select({ n: count() }).from(blacklist).where(eq(blacklist.ownerId, m.id))),
      countOf(db.select({ n: count() }).from(streamViews).where(eq(streamViews.memberId, m.id))),
      countOf(db.select({ n: count() }).from(channelFollows).where(eq(channelFollows.memberId, m.id))),
      broadcasterState(db, m.id),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({
      device,
      loginId: m.loginId,
      nickname: m.nickname,
      memberType: m.memberType,
      PI: m.identityVerified,
      unreadMessages: unread,
      openInquiries,
      reports,
      blacklist: blocked,
      recentViews,
      subscriptions: follows,
      channel: { channelId: state.channelId, approval: state.approval },
    });
  },
);
