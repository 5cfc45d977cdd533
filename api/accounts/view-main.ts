/** The counts the my page shows first (`GET /api/my/view-main`). */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blacklist, channelFollows, declarations, inquiries, streamViews } from '../db/schema/index.ts';
import { unreadCount } from '../messages/messages.ts';
import { broadcasterState } from '../channels/channel-tools-state.ts';
import { memberRunningSubscriptionCount } from '../subscriptions/subscription-queries.ts';

/**
 * The member's unread messages, open inquiries and reports, black list size, recent views and
 * follows, running paid subscriptions, and their channel with where their application to broadcast stands.
 */
export async function viewMainCounts(db: Db, memberId: number) {
  const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  const [unreadMessages, openInquiries, reports, blocked, recentViews, follows, subscribed, state] = await Promise.all([
    unreadCount(db, memberId),
    countOf(
      db
        .select({ n: count() })
        .from(inquiries)
        .where(and(eq(inquiries.memberId, memberId), isNull(inquiries.deletedAt), isNull(inquiries.answer))),
    ),
    countOf(
      db
        .select({ n: count() })
        .from(declarations)
        .where(and(eq(declarations.reporterId, memberId), isNull(declarations.deletedAt))),
    ),
    countOf(db.select({ n: count() }).from(blacklist).where(eq(blacklist.ownerId, memberId))),
    countOf(db.select({ n: count() }).from(streamViews).where(eq(streamViews.memberId, memberId))),
    countOf(db.select({ n: count() }).from(channelFollows).where(eq(channelFollows.memberId, memberId))),
    memberRunningSubscriptionCount(db, memberId),
    broadcasterState(db, memberId),
  ]);
  return {
    unreadMessages,
    openInquiries,
    reports,
    blacklist: blocked,
    recentViews,
    follows,
    subscriptions: subscribed,
    channel: { channelId: state.channelId, approval: state.approval },
  };
}
