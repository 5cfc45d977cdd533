/**
 * `GET /api/lives?offset&limit&themeId`: channels live now for the home page, most viewers now first;
 * `themeId` (one of BROADCAST_THEMES) keeps the channels of that broadcast theme (THEME page).
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { LIST_LIMIT_STREAMS } from '../../../domain/limits.ts';
import type { ApiEnv } from '../../app-env.ts';
import { channels, streams } from '../../db/schema/index.ts';
import { BROADCAST_THEMES } from '../guest/guest-extras.ts';
import { optionalMember } from '../session.ts';
import { streamCard } from './streams-access.ts';
import { page, streamsWithChannel } from './streams-queries.ts';

export const BAD_PAGE = { error: 'bad_request', error_msg: 'offset and limit must be small non-negative integers.' } as const;

/** The theme filter: undefined = all themes, null = not a known theme id. */
export function parseThemeId(raw: string | undefined): number | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  const hit = /^\d{1,2}$/.test(raw) ? BROADCAST_THEMES.find((t) => t.themeId === Number(raw)) : undefined;
  return hit ? hit.themeId : null;
}

export const lives = new Hono<ApiEnv>();
lives.get('/', optionalMember(), async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_STREAMS);
  if (!paging) return c.json(BAD_PAGE, 400);
  const themeId = parseThemeId(c.req.query('themeId'));
  if (themeId === null) return c.json({ error: 'bad_request', error_msg: 'themeId must be the id of a broadcast theme (GET /api/guest/themes).' }, 400);
  const { db } = c.get('deps').database;
  const filters: SQL[] = [eq(channels.broadcasting, true), eq(streams.type, 1), isNull(streams.endedAt)];
  if (themeId !== undefined) filters.push(eq(channels.themeId, themeId));
  const onAir = and(...filters);
  const rows = await streamsWithChannel(db)
    .where(onAir)
    .orderBy(desc(streams.viewers), desc(streams.viewCount), desc(streams.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(streams).innerJoin(channels, eq(channels.id, streams.channelId)).where(onAir);
  return c.json({ list: rows.map((r) => streamCard(r.channel, r.stream, c.get('member'))), total: total?.n ?? 0 });
});
