/**
 * `GET /api/my/gifted-channels?offset&limit` (GIFT_VIEW, members): the channels the caller sent luv
 * or items to, latest gift first, with `lastGiftAt` and `giftCount`, read from the ledger journal.
 */
import { and, countDistinct, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { channels, ledgerAccounts, ledgerTransfers, members, streams } from '../db/schema/index.ts';
import { AccountKind, TransferCode } from '../ledger/accounts.ts';
import { CARD_LIST_NOTE, cardListQuery, channelCard, openLive } from './home-cards.ts';
import { channelColumns } from '../lives/streams-queries.ts';
import { doc } from '../http/openapi.ts';
import { me, requireMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';

export const giftView = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: 'Channels the caller sent luv or items to, latest gift first, with lastGiftAt and giftCount: { list, total }',
    description: CARD_LIST_NOTE,
  }),
  requireMember(),
  cardListQuery(),
  async (c) => {
    const { offset, limit } = c.req.valid('query');
    const member = me(c);
    const { db } = c.get('deps').database;
    // Gifts (luv) and item uses leave the member's wallet accounts for a channel (docs/LEDGER.md).
    const sent = and(
      eq(ledgerAccounts.kind, AccountKind.wallet),
      eq(ledgerAccounts.ownerId, member.id),
      inArray(ledgerTransfers.code, [TransferCode.gift, TransferCode.itemUse]),
      isNotNull(ledgerTransfers.channelId),
    );
    const gifted = db
      .select({
        channelId: sql<number>`${ledgerTransfers.channelId}`.as('gifted_channel_id'),
        lastAt: sql<string>`max(${ledgerTransfers.createdAt})`.as('last_at'),
        n: sql<number>`count(*)::int`.as('gift_count'),
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
      .where(sent)
      .groupBy(ledgerTransfers.channelId)
      .as('gifted');
    const rows = await db
      .select({ channel: channelColumns, live: streams, lastAt: gifted.lastAt, n: gifted.n })
      .from(gifted)
      .innerJoin(channels, eq(channels.id, gifted.channelId))
      .innerJoin(members, eq(members.id, channels.ownerId))
      .leftJoin(streams, openLive)
      .orderBy(sql`${gifted.lastAt} desc`, desc(channels.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db
      .select({ n: countDistinct(ledgerTransfers.channelId) })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
      .where(sent);
    return c.json({
      list: rows.map((r) => ({
        ...channelCard(r.channel, r.live, member, mediaUrls(c.get('deps'))),
        lastGiftAt: new Date(r.lastAt).toISOString(),
        giftCount: Number(r.n),
      })),
      total: total?.n ?? 0,
    });
  },
);
