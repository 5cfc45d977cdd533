/** The channels a member sent luv or items to, read from the ledger journal (GIFT_VIEW). */
import { and, countDistinct, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CardPage } from '../../domain/answers/channels.ts';
import type { GiftedCard } from '../../domain/answers/home.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channels, ledgerAccounts, ledgerTransfers, members, streams } from '../db/schema/index.ts';
import { AccountKind, TransferCode } from '../ledger/accounts.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { channelColumns } from '../lives/streams-queries.ts';
import { channelCard, openLive } from './home-cards.ts';

/** A page of the channels `member` gifted, latest gift first, with `lastGiftAt` and `giftCount`. */
export async function giftedChannels(
  db: Db,
  member: SessionMember,
  media: MediaUrls,
  { offset, limit }: { offset: number; limit: number },
): Promise<CardPage<GiftedCard>> {
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
  return {
    list: rows.map((r) => ({
      ...channelCard(r.channel, r.live, member, media),
      lastGiftAt: new Date(r.lastAt).toISOString(),
      giftCount: Number(r.n),
    })),
    total: total?.n ?? 0,
  };
}
