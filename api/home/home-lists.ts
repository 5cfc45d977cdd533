/**
 * The home lists beyond the live list, each `{ list, total }` paged by `offset&limit` (default
 * LIST_LIMIT_STREAMS), every card through streamCard() so adult channels carry no title, thumbnail
 * or stream data for callers without PI:
 * `GET /api/home/vods` (VOD) recordings, newest first;
 * `GET /api/home/casters` (CASTER) broadcasters by subscribers, with `subscriberCount`.
 * The member's own lists (LIKE, GIFT_VIEW) are under /api/my (./liked-channels.ts, ./gifted-channels.ts).
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { channelFollows, channels, members, streams } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { optionalMember } from '../http/session.ts';
import { CARD_LIST_NOTE, cardListQuery, channelCard, openLive } from './home-cards.ts';
import { streamCard } from '../lives/streams-access.ts';
import { channelColumns, streamsWithChannel } from '../lives/streams-queries.ts';
import { mediaUrls } from '../lives/media-urls.ts';

const recording = and(eq(streams.type, 2), isNotNull(streams.endedAt));

export const homeLists = new Hono<ApiEnv>()
  .get(
    '/vods',
    doc({ tag: 'lives', summary: 'Recordings, newest first: { list, total }', description: CARD_LIST_NOTE }),
    optionalMember(),
    cardListQuery(),
    async (c) => {
      const { offset, limit } = c.req.valid('query');
      const { db } = c.get('deps').database;
      const rows = await streamsWithChannel(db).where(recording).orderBy(desc(streams.startedAt), desc(streams.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(streams).where(recording);
      return c.json({ list: rows.map((r) => streamCard(r.channel, r.stream, c.get('member'), mediaUrls(c.get('deps')))), total: total?.n ?? 0 });
    },
  )
  .get(
    '/casters',
    doc({
      tag: 'channels',
      summary: 'Broadcasters by subscribers, with subscriberCount and their live when on air: { list, total }',
      description: CARD_LIST_NOTE,
    }),
    optionalMember(),
    cardListQuery(),
    async (c) => {
      const { offset, limit } = c.req.valid('query');
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
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(channels).innerJoin(members, eq(members.id, channels.ownerId)).where(eq(members.blocked, false));
      return c.json({
        list: rows.map((r) => ({ ...channelCard(r.channel, r.live, c.get('member'), mediaUrls(c.get('deps'))), subscriberCount: Number(r.subscriberCount) })),
        total: total?.n ?? 0,
      });
    },
  );
