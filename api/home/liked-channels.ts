/** The channels a member likes (LIKE), live ones first. */
import { count, desc, eq } from 'drizzle-orm';
import type { StreamCards } from '../../domain/answers/home.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channelLikes, channels, members, streams } from '../db/schema/index.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { channelColumns } from '../lives/streams-queries.ts';
import { channelCard, openLive } from './home-cards.ts';

/** A page of the channels `member` likes, live ones first, and how many. */
export async function likedChannels(
  db: Db,
  member: SessionMember,
  media: MediaUrls,
  { offset, limit }: { offset: number; limit: number },
): Promise<StreamCards> {
  const rows = await db
    .select({ channel: channelColumns, live: streams })
    .from(channelLikes)
    .innerJoin(channels, eq(channels.id, channelLikes.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .leftJoin(streams, openLive)
    .where(eq(channelLikes.memberId, member.id))
    .orderBy(desc(channels.broadcasting), desc(channelLikes.createdAt), desc(channels.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(channelLikes).where(eq(channelLikes.memberId, member.id));
  return { list: rows.map((r) => channelCard(r.channel, r.live, member, media)), total: total?.n ?? 0 };
}
