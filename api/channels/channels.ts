/** A channel's page and its recordings, as the caller may see them (adult channels locked without PI). */
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { ChannelPage, RecordingsPage } from '../../domain/answers/channels.ts';
import type { Db } from '../db/client.ts';
import { broadcasterProfiles, channelFollows, channelNotices, streams } from '../db/schema/index.ts';
import type { SessionMember } from '../app-env.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { canSeeAdult, isAdultChannel, streamCard, type ChannelRow, type StreamRow } from '../lives/streams-access.ts';
import { currentLive, subscriberCount } from '../lives/streams-queries.ts';
import { memberSubscription, runningSubscriptionCount } from '../subscriptions/subscription-queries.ts';

const NOTICES_ON_PAGE = 5;

/** The page of `ch` for `member` (null: a guest): its live, followers, subscriptions, latest notices and presets. */
export async function channelPageOf(
  db: Db,
  ch: ChannelRow,
  member: SessionMember | null,
  media: MediaUrls,
): Promise<ChannelPage> {
  const live = ch.broadcasting ? await currentLive(db, ch.id) : null;
  const locked = isAdultChannel(ch) && !canSeeAdult(member);
  const notices = locked
    ? []
    : await db
        .select({
          id: channelNotices.id,
          title: channelNotices.title,
          content: channelNotices.content,
          createdAt: channelNotices.createdAt,
        })
        .from(channelNotices)
        .where(eq(channelNotices.channelId, ch.id))
        .orderBy(desc(channelNotices.id))
        .limit(NOTICES_ON_PAGE);
  const following = member
    ? (
        await db
          .select({ id: channelFollows.channelId })
          .from(channelFollows)
          .where(and(eq(channelFollows.memberId, member.id), eq(channelFollows.channelId, ch.id)))
      ).length > 0
    : false;
  const [profile] = await db
    .select({ presets: broadcasterProfiles.luvPreset })
    .from(broadcasterProfiles)
    .where(eq(broadcasterProfiles.memberId, ch.ownerId));
  return {
    channel: {
      ...streamCard(ch, null, member, media),
      title: locked ? null : ch.title,
      isOwner: member?.id === ch.ownerId,
    },
    live: live ? streamCard(ch, live, member, media) : null,
    subscriberCount: await subscriberCount(db, ch.id),
    following,
    subscription: {
      count: await runningSubscriptionCount(db, ch.id),
      mine: member ? await memberSubscription(db, member.id, ch.id) : null,
    },
    notices: notices.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    presets: profile?.presets ?? [],
  };
}

/** A page of the channel's recordings, newest first, and how many it has. */
export async function recordingsOf(
  db: Db,
  ch: ChannelRow,
  member: SessionMember | null,
  media: MediaUrls,
  { offset, limit }: { offset: number; limit: number },
): Promise<RecordingsPage> {
  const where = and(eq(streams.channelId, ch.id), eq(streams.type, 2), isNotNull(streams.endedAt));
  const rows: StreamRow[] = await db
    .select()
    .from(streams)
    .where(where)
    .orderBy(desc(streams.startedAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(streams).where(where);
  return { list: rows.map((s) => streamCard(ch, s, member, media)), total: total?.n ?? 0 };
}
