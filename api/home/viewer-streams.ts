/**
 * A member's own stream lists (SPEC §7 `/api/my/streams/*`): the history of what they watched, the
 * channels of that history live now, and the channels they follow.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { PlayedCards, StreamCardList } from '../../domain/answers/home.ts';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channelFollows, channels, members, streams, streamViews } from '../db/schema/index.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { streamCard } from '../lives/streams-access.ts';
import { channelColumns, loadChannelRow, streamsWithChannel } from '../lives/streams-queries.ts';

/** Streams `member` watched, newest first. */
export async function playedStreams(
  db: Db,
  member: SessionMember,
  media: MediaUrls,
  page: { offset: number; limit: number },
): Promise<PlayedCards> {
  const rows = await db
    .select({ stream: streams, channel: channelColumns, viewedAt: streamViews.viewedAt })
    .from(streamViews)
    .innerJoin(streams, eq(streams.id, streamViews.streamId))
    .innerJoin(channels, eq(channels.id, streams.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(streamViews.memberId, member.id))
    .orderBy(desc(streamViews.viewedAt))
    .limit(page.limit)
    .offset(page.offset);
  return {
    list: rows.map((r) => ({ ...streamCard(r.channel, r.stream, member, media), viewedAt: r.viewedAt.toISOString() })),
  };
}

/** Records `streamId` in the member's history (again: moves it to the top). */
export async function recordPlayed(
  db: Db,
  memberId: number,
  streamId: number,
): Promise<{ ok: true } | { ok: false; code: 'stream_not_found' }> {
  const [exists] = await db.select({ id: streams.id }).from(streams).where(eq(streams.id, streamId));
  if (!exists) return { ok: false, code: 'stream_not_found' };
  await db
    .insert(streamViews)
    .values({ memberId, streamId })
    .onConflictDoUpdate({ target: [streamViews.memberId, streamViews.streamId], set: { viewedAt: new Date() } });
  return { ok: true };
}

/** Removes `streamId` from the member's history. */
export async function forgetPlayed(db: Db, memberId: number, streamId: number): Promise<void> {
  await db.delete(streamViews).where(and(eq(streamViews.memberId, memberId), eq(streamViews.streamId, streamId)));
}

/** Channels of the member's history that are live now, most watched first. */
export async function presentStreams(db: Db, member: SessionMember, media: MediaUrls): Promise<StreamCardList> {
  const watched = db
    .select({ channelId: streams.channelId })
    .from(streamViews)
    .innerJoin(streams, eq(streams.id, streamViews.streamId))
    .where(eq(streamViews.memberId, member.id));
  const rows = await streamsWithChannel(db)
    .where(
      and(
        eq(streams.type, 1),
        isNull(streams.endedAt),
        eq(channels.broadcasting, true),
        inArray(streams.channelId, watched),
      ),
    )
    .orderBy(desc(streams.viewers), desc(streams.viewCount))
    .limit(LIST_LIMIT_STREAMS);
  return { list: rows.map((r) => streamCard(r.channel, r.stream, member, media)) };
}

/** Removes the streams of `channelId` from the member's history. */
export async function forgetChannelStreams(db: Db, memberId: number, channelId: number): Promise<void> {
  const ofChannel = db.select({ id: streams.id }).from(streams).where(eq(streams.channelId, channelId));
  await db.delete(streamViews).where(and(eq(streamViews.memberId, memberId), inArray(streamViews.streamId, ofChannel)));
}

/** Channels `member` follows, live ones first. */
export async function followedChannels(db: Db, member: SessionMember, media: MediaUrls): Promise<StreamCardList> {
  const rows = await db
    .select({ channel: channelColumns })
    .from(channelFollows)
    .innerJoin(channels, eq(channels.id, channelFollows.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(channelFollows.memberId, member.id))
    .orderBy(desc(channels.broadcasting), desc(channelFollows.createdAt))
    .limit(LIST_LIMIT_STREAMS);
  return { list: rows.map((r) => streamCard(r.channel, null, member, media)) };
}

/** The member follows `channelId` (idempotent). */
export async function followChannel(
  db: Db,
  memberId: number,
  channelId: number,
): Promise<{ ok: true } | { ok: false; code: 'channel_not_found' }> {
  if (!(await loadChannelRow(db, channelId))) return { ok: false, code: 'channel_not_found' };
  await db.insert(channelFollows).values({ memberId, channelId }).onConflictDoNothing();
  return { ok: true };
}

/** The member no longer follows `channelId`. */
export async function unfollowChannel(db: Db, memberId: number, channelId: number): Promise<void> {
  await db
    .delete(channelFollows)
    .where(and(eq(channelFollows.memberId, memberId), eq(channelFollows.channelId, channelId)));
}
