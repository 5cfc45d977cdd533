/**
 * The home lists beyond the live list (issue 7 item 1), each `{ list, total }` paged by
 * `offset&limit` (default LIST_LIMIT_STREAMS), every card through streamCard() so adult channels
 * carry no title, thumbnail or stream data for callers without PI:
 * `GET /api/home/vods` (VOD) recordings, newest first;
 * `GET /api/home/casters` (CASTER) broadcasters by subscribers, with `subscriberCount`;
 * `GET /api/my/gifted-channels` (GIFT_VIEW, members) channels the caller sent luv or items to,
 * latest gift first, with `lastGiftAt` and `giftCount`, read from the ledger journal.
 */
import { and, count, countDistinct, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { LIST_LIMIT_STREAMS } from '../../../domain/limits.ts';
import type { ApiEnv } from '../../app-env.ts';
import { channelFollows, channels, ledgerAccounts, ledgerTransfers, members, streams } from '../../db/schema/index.ts';
import { AccountKind, TransferCode } from '../../ledger/accounts.ts';
import { BAD_PAGE } from './home.ts';
import { channelCard, openLive } from './home-cards.ts';
import { optionalMember, requireMember } from '../session.ts';
import { streamCard } from './streams-access.ts';
import { channelColumns, streamsWithChannel, page } from './streams-queries.ts';

const recording = and(eq(streams.type, 2), isNotNull(streams.endedAt));

export const homeLists = new Hono<ApiEnv>();
homeLists.use('*', optionalMember());

homeLists.get('/vods', async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_STREAMS);
  if (!paging) return c.json(BAD_PAGE, 400);
  const { db } = c.get('deps').database;
  const rows = await streamsWithChannel(db).where(recording).orderBy(desc(streams.startedAt), desc(streams.id)).limit(paging.limit).offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(streams).where(recording);
  return c.json({ list: rows.map((r) => streamCard(r.channel, r.stream, c.get('member'))), total: total?.n ?? 0 });
});

homeLists.get('/casters', async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_STREAMS);
  if (!paging) return c.json(BAD_PAGE, 400);
  const { db } = c.get('deps').database;
  const followers = db
    .select({ channelId: channelFollows.channelId, n: sql<number>`count(*)::int`.as('n') })
    .from(channelFollows)
    .groupBy(channelFollows.channelId)
    .as('followers');
  const rows = await db
    .select({ channel: channelColumns, live: streams, subscriberCount: sql<number>`coalesce(${followers.n}, 0)::int` })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .leftJoin(followers, eq(followers.channelId, channels.id))
    .leftJoin(streams, openLive)
    .where(eq(members.blocked, false))
    .orderBy(sql`coalesce(${followers.n}, 0) desc`, desc(channels.broadcasting), desc(channels.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(channels).innerJoin(members, eq(members.id, channels.ownerId)).where(eq(members.blocked, false));
  return c.json({
    list: rows.map((r) => ({ ...channelCard(r.channel, r.live, c.get('member')), subscriberCount: Number(r.subscriberCount) })),
    total: total?.n ?? 0,
  });
});

export const giftView = new Hono<ApiEnv>();
giftView.get('/', requireMember(), async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_STREAMS);
  if (!paging) return c.json(BAD_PAGE, 400);
  const member = c.get('member')!;
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
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db
    .select({ n: countDistinct(ledgerTransfers.channelId) })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
    .where(sent);
  return c.json({
    list: rows.map((r) => ({ ...channelCard(r.channel, r.live, member), lastGiftAt: new Date(r.lastAt).toISOString(), giftCount: Number(r.n) })),
    total: total?.n ?? 0,
  });
});
