/** Reads shared by the channel, home and my-streams resources. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { channelFollows, channels, members, streams } from '../db/schema/index.ts';
import type { ChannelRow, StreamRow } from './streams-access.ts';

export const channelColumns = {
  id: channels.id,
  ownerId: channels.ownerId,
  title: channels.title,
  broadcasting: channels.broadcasting,
  adultBroadcast: channels.adultBroadcast,
  adultPlusBroadcast: channels.adultPlusBroadcast,
  loginId: members.loginId,
  nickname: members.nickname,
};

/** Streams with their channel and its owner: the rows streamCard() takes, for lists and pages. */
export function streamsWithChannel(db: Db) {
  return db
    .select({ stream: streams, channel: channelColumns })
    .from(streams)
    .innerJoin(channels, eq(channels.id, streams.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId));
}

export async function loadChannelRow(db: Db, channelId: number): Promise<ChannelRow | null> {
  const [row] = await db
    .select(channelColumns)
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(channels.id, channelId));
  return row ?? null;
}

/** The channel's current live stream (type 1, not ended), if it is broadcasting. */
export async function currentLive(db: Db, channelId: number): Promise<StreamRow | null> {
  const [row] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.channelId, channelId), eq(streams.type, 1), isNull(streams.endedAt)))
    .orderBy(desc(streams.startedAt))
    .limit(1);
  return row ?? null;
}

export async function subscriberCount(db: Db, channelId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(channelFollows)
    .where(eq(channelFollows.channelId, channelId));
  return row?.n ?? 0;
}

/** The channel `channelId` and its owner, or null when there is none. */
export async function channelWithOwner(db: Db, channelId: number): Promise<{ id: number; ownerId: number } | null> {
  const [ch] = await db
    .select({ id: channels.id, ownerId: channels.ownerId })
    .from(channels)
    .where(eq(channels.id, channelId));
  return ch ?? null;
}

/** The id of the channel of the BJ with `loginId`, or null when they have none. */
export async function channelIdOfLogin(db: Db, loginId: string): Promise<number | null> {
  const [channel] = await db
    .select({ id: channels.id })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(members.loginId, loginId));
  return channel?.id ?? null;
}
