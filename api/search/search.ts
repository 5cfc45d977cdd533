/**
 * Discovery: the header's search over nicknames, channel names and live titles, and the live count of
 * every broadcast theme. Matching is a case-insensitive substring (`ILIKE`, served by the trigram indexes
 * of migration 0024); a query of Hangul initial consonants only ("ㄷㅁ") matches the initials of the
 * text (`hangul_initials()`: "달맞이" → "ㄷㅁㅇ").
 */
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { CategoryCounts, SearchResults } from '../../domain/answers/search.ts';
import { BROADCAST_THEMES } from '../../domain/enums.ts';
import { SEARCH_RESULTS_MAX } from '../../domain/limits.ts';
import type { SessionMember } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channels, members, streams } from '../db/schema/index.ts';
import type { MediaUrls } from '../lives/media-urls.ts';
import { canSeeAdult, streamCard } from '../lives/streams-access.ts';
import { channelColumns, streamsWithChannel } from '../lives/streams-queries.ts';

/** Hangul compatibility initial consonants (ㄱ U+3131 … ㅎ U+314E) and spaces only. */
const INITIALS_ONLY = /^[\u3131-\u314e\s]+$/u;

/** `q` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One text column matched against the query: by its initials for an initials-only query, else as text. */
function matcher(q: string) {
  const pattern = containsPattern(q.replace(/\s+/g, ' '));
  const initials = INITIALS_ONLY.test(q);
  return (column: SQL | typeof members.nickname): SQL =>
    initials ? sql`hangul_initials(${column}) LIKE ${pattern}` : sql`lower(${column}) LIKE ${pattern}`;
}

const onAir = () => and(eq(channels.broadcasting, true), eq(streams.type, 1), isNull(streams.endedAt));

/**
 * Channels and lives matching `q` (trimmed; '' finds nothing). An adult channel a caller may not see
 * is found by its BJ's nickname only: its card is locked and its channel name and titles stay unread.
 */
export async function search(
  db: Db,
  member: SessionMember | null,
  media: MediaUrls,
  rawQuery: string,
): Promise<SearchResults> {
  const query = rawQuery.trim();
  if (query === '') return { query, channels: [], lives: [] };
  const match = matcher(query);
  const seesAdult = canSeeAdult(member);
  const readable = seesAdult ? sql`true` : sql`not (${channels.adultBroadcast} or ${channels.adultPlusBroadcast})`;
  const byNickname = match(members.nickname);
  const byChannelName = and(readable, match(sql`${channels.title}`))!;

  const live = db
    .select({ channelId: streams.channelId, id: sql<number>`max(${streams.id})`.as('live_id') })
    .from(streams)
    .where(and(eq(streams.type, 1), isNull(streams.endedAt)))
    .groupBy(streams.channelId)
    .as('live');
  const channelRows = await db
    .select({ channel: channelColumns, liveId: live.id })
    .from(channels)
    .innerJoin(members, eq(members.id, channels.ownerId))
    .leftJoin(live, eq(live.channelId, channels.id))
    .where(or(byNickname, byChannelName))
    .orderBy(desc(channels.broadcasting), members.nickname, channels.id)
    .limit(SEARCH_RESULTS_MAX);

  const liveRows = await streamsWithChannel(db)
    .where(and(onAir(), or(byNickname, byChannelName, and(readable, match(sql`${streams.title}`)))))
    .orderBy(desc(streams.viewers), desc(streams.viewCount), desc(streams.id))
    .limit(SEARCH_RESULTS_MAX);
  const lives = new Map(liveRows.map((r) => [r.stream.id, r.stream]));
  const missing = channelRows.flatMap((r) => (r.liveId !== null && !lives.has(r.liveId) ? [r.liveId] : []));
  if (missing.length > 0)
    for (const s of await db.select().from(streams).where(inArray(streams.id, missing))) lives.set(s.id, s);

  return {
    query,
    channels: channelRows.map((r) => {
      const stream = r.channel.broadcasting && r.liveId !== null ? (lives.get(r.liveId) ?? null) : null;
      return streamCard(r.channel, stream, member, media);
    }),
    lives: liveRows.map((r) => streamCard(r.channel, r.stream, member, media)),
  };
}

/** Every broadcast theme with the number of channels live in it now, and all lives on air. */
export async function categoryCounts(db: Db): Promise<CategoryCounts> {
  const rows = await db
    .select({ themeId: channels.themeId, n: count() })
    .from(streams)
    .innerJoin(channels, eq(channels.id, streams.channelId))
    .where(onAir())
    .groupBy(channels.themeId);
  const byTheme = new Map(rows.map((r) => [r.themeId, r.n]));
  return {
    list: BROADCAST_THEMES.map((t) => ({
      themeId: t.themeId,
      code: t.code,
      name: { ko: t.name.ko, en: t.name.en },
      liveCount: byTheme.get(t.themeId) ?? 0,
    })),
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}
