/**
 * The home lists beyond the live list, each a page with its total, every card through streamCard()
 * so adult channels carry no title, thumbnail or stream data for callers without PI.
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { CardPage } from '../../domain/answers/channels.ts';
import type { CasterCard, StreamCards } from '../../domain/answers/home.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channelFollows, channels, members, streams } from '../db/schema/index.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { streamCard } from '../lives/streams-access.ts';
import { channelColumns, streamsWithChannel } from '../lives/streams-queries.ts';
import { channelCard, openLive } from './home-cards.ts';

type Page = { offset: number; limit: number };

const recording = and(eq(streams.type, 2), isNotNull(streams.endedAt));

/** Recordings, newest first (VOD). */
export async function recordings(
  db: Db,
  member: SessionMember | null,
  media: MediaUrls,
  { offset, limit }: Page,
): Promise<StreamCards> {
  const rows = await streamsWithChannel(db)
    .where(recording)
    .orderBy(desc(streams.startedAt), desc(streams.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(streams).where(recording);
  return { list: rows.map((r) => streamCard(r.channel, r.stream, member, media)), total: total?.n ?? 0 };
}

/** Broadcasters (not blocked) by followers, with `subscriberCount` and their live when on air (CASTER). */
export async function casters(
  db: Db,
  member: SessionMember | null,
  media: MediaUrls,
  { offset, limit }: Page,
): Promise<CardPage<CasterCard>> {
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
  const [total] = await db
    .select({ n: count() })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(members.blocked, false));
  return {
    list: rows.map((r) => ({
      ...channelCard(r.channel, r.live, member, media),
      subscriberCount: Number(r.subscriberCount),
    })),
    total: total?.n ?? 0,
  };
}
