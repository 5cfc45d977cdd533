/**
 * `GET /api/lives?offset&limit&themeId`: channels live now for the home page, most viewers now first;
 * `themeId` (one of BROADCAST_THEMES) keeps the channels of that broadcast theme (THEME page).
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { BROADCAST_THEMES } from '../../domain/enums.ts';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { channels, streams } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';
import { optionalMember } from '../http/session.ts';
import { streamCard } from '../lives/streams-access.ts';
import { streamsWithChannel } from '../lives/streams-queries.ts';
import { mediaUrls } from '../lives/media-urls.ts';

/** The theme filter: '' = every theme, else the id of a broadcast theme. */
const themeFilter = v.optional(
  v.pipe(
    v.string(),
    v.check((s) => s === '' || (/^\d{1,2}$/.test(s) && BROADCAST_THEMES.some((t) => t.themeId === Number(s))), 'channel_theme_unknown'),
    v.transform((s) => (s === '' ? undefined : Number(s))),
    v.metadata({ description: 'a themeId of GET /api/guest/themes' }),
  ),
  '',
);

export const lives = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'lives',
    summary: 'Channels live now, most viewers first: { list, total }',
    description: `Paged by offset and limit (default ${LIST_LIMIT_STREAMS}); adult lives are locked for callers without identity verification.`,
  }),
  optionalMember(),
  query(v.object({ ...paging(LIST_LIMIT_STREAMS), themeId: themeFilter }), { invalid: 'bad_request' }),
  async (c) => {
    const { offset, limit, themeId } = c.req.valid('query');
    const { db } = c.get('deps').database;
    const filters: SQL[] = [eq(channels.broadcasting, true), eq(streams.type, 1), isNull(streams.endedAt)];
    if (themeId !== undefined) filters.push(eq(channels.themeId, themeId));
    const onAir = and(...filters);
    const rows = await streamsWithChannel(db)
      .where(onAir)
      .orderBy(desc(streams.viewers), desc(streams.viewCount), desc(streams.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(streams).innerJoin(channels, eq(channels.id, streams.channelId)).where(onAir);
    return c.json({ list: rows.map((r) => streamCard(r.channel, r.stream, c.get('member'), mediaUrls(c.get('deps')))), total: total?.n ?? 0 });
  },
);
