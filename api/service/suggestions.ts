/** The live channels `GET /api/guest/suggestion-list` suggests. */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { SuggestedChannel } from '../../domain/answers/channels.ts';
import type { Db } from '../db/client.ts';
import { channels, members } from '../db/schema/index.ts';

/**
 * Up to `limit` live channels by id, never adult ones (a guest list cannot know who is verified)
 * and never `exceptOwnerId`'s own.
 */
export async function suggestedChannels(
  db: Db,
  exceptOwnerId: number | undefined,
  limit: number,
): Promise<SuggestedChannel[]> {
  const conditions = [
    eq(channels.broadcasting, true),
    eq(channels.adultBroadcast, false),
    eq(channels.adultPlusBroadcast, false),
  ];
  if (exceptOwnerId !== undefined) conditions.push(ne(channels.ownerId, exceptOwnerId));
  return db
    .select({ channelId: channels.id, title: channels.title, loginId: members.loginId, nickname: members.nickname })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(and(...conditions))
    .orderBy(asc(channels.id))
    .limit(limit);
}
