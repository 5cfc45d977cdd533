/** Channels live now for the home page, most viewers now first, optionally of one broadcast theme. */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { StreamCards } from '../../domain/answers/home.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channels, streams } from '../db/schema/index.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { streamCard } from '../lives/streams-access.ts';
import { streamsWithChannel } from '../lives/streams-queries.ts';

/** A page of the lives on air (of `themeId` when given) for `member` (null: a guest), and how many. */
export async function liveChannels(
  db: Db,
  member: SessionMember | null,
  media: MediaUrls,
  { offset, limit, themeId }: { offset: number; limit: number; themeId: number | undefined },
): Promise<StreamCards> {
  const filters: SQL[] = [eq(channels.broadcasting, true), eq(streams.type, 1), isNull(streams.endedAt)];
  if (themeId !== undefined) filters.push(eq(channels.themeId, themeId));
  const onAir = and(...filters);
  const rows = await streamsWithChannel(db)
    .where(onAir)
    .orderBy(desc(streams.viewers), desc(streams.viewCount), desc(streams.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(streams)
    .innerJoin(channels, eq(channels.id, streams.channelId))
    .where(onAir);
  return { list: rows.map((r) => streamCard(r.channel, r.stream, member, media)), total: total?.n ?? 0 };
}
