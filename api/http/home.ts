/** `GET /api/lives?offset&limit`: channels live now for the home page, most watched first. */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { channels, members, streams } from '../db/schema/index.ts';
import { optionalMember } from './session.ts';
import { streamCard } from './streams-access.ts';
import { channelColumns, page } from './streams-queries.ts';

export const lives = new Hono<ApiEnv>();
lives.get('/', optionalMember(), async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_STREAMS);
  if (!paging) return c.json({ error: 'bad_request', error_msg: 'offset and limit must be small non-negative integers.' }, 400);
  const { db } = c.get('deps').database;
  const onAir = and(eq(channels.broadcasting, true), eq(streams.type, 1), isNull(streams.endedAt));
  const rows = await db
    .select({ stream: streams, channel: channelColumns })
    .from(streams)
    .innerJoin(channels, eq(channels.id, streams.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(onAir)
    .orderBy(desc(streams.viewCount), desc(streams.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(streams).innerJoin(channels, eq(channels.id, streams.channelId)).where(onAir);
  return c.json({ list: rows.map((r) => streamCard(r.channel, r.stream, c.get('member'))), total: total?.n ?? 0 });
});
