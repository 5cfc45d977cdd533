/**
 * `/api/my/streams/present | played | subscriptions` (SPEC §7): what a member is watching, has
 * watched and follows. GET lists, POST adds, DELETE `/{kind}/{id}` removes an entry.
 * present = channels from the member's history that are live now; played = streams watched,
 * newest first; subscriptions = followed channels, live ones first.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { LIST_LIMIT_STREAMS } from '../../../domain/limits.ts';
import type { ApiEnv } from '../../app-env.ts';
import { channelFollows, channels, members, streams, streamViews } from '../../db/schema/index.ts';
import { requireMember } from '../session.ts';
import { streamCard } from '../channels/streams-access.ts';
import { channelColumns, streamsWithChannel, loadChannelRow, page, parseId } from '../channels/streams-queries.ts';

export const myStreams = new Hono<ApiEnv>();
myStreams.use('*', requireMember());

const badPage = { error: 'bad_request', error_msg: 'offset and limit must be small non-negative integers.' } as const;
const badId = { error: 'bad_request', error_msg: 'A numeric id is required.' } as const;

async function idFromBody(c: { req: { json(): Promise<unknown> } }, key: string): Promise<number | null> {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  const v = body?.[key];
  return parseId(typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);
}

myStreams.get('/played', async (c) => {
  const paging = page((k) => c.req.query(k), LIST_LIMIT_STREAMS);
  if (!paging) return c.json(badPage, 400);
  const member = c.get('member')!;
  const rows = await c
    .get('deps')
    .database.db.select({ stream: streams, channel: channelColumns, viewedAt: streamViews.viewedAt })
    .from(streamViews)
    .innerJoin(streams, eq(streams.id, streamViews.streamId))
    .innerJoin(channels, eq(channels.id, streams.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(streamViews.memberId, member.id))
    .orderBy(desc(streamViews.viewedAt))
    .limit(paging.limit)
    .offset(paging.offset);
  return c.json({ list: rows.map((r) => ({ ...streamCard(r.channel, r.stream, member), viewedAt: r.viewedAt.toISOString() })) });
});

myStreams.post('/played', async (c) => {
  const streamId = await idFromBody(c, 'streamId');
  if (!streamId) return c.json(badId, 400);
  const { db } = c.get('deps').database;
  const [exists] = await db.select({ id: streams.id }).from(streams).where(eq(streams.id, streamId));
  if (!exists) return c.json({ error: 'stream_not_found', error_msg: 'No such stream.' }, 404);
  const memberId = c.get('member')!.id;
  await db
    .insert(streamViews)
    .values({ memberId, streamId })
    .onConflictDoUpdate({ target: [streamViews.memberId, streamViews.streamId], set: { viewedAt: new Date() } });
  return c.json({ ok: true });
});

myStreams.delete('/played/:streamId', async (c) => {
  const streamId = parseId(c.req.param('streamId'));
  if (!streamId) return c.json(badId, 400);
  await c
    .get('deps')
    .database.db.delete(streamViews)
    .where(and(eq(streamViews.memberId, c.get('member')!.id), eq(streamViews.streamId, streamId)));
  return c.json({ ok: true });
});

myStreams.get('/present', async (c) => {
  const member = c.get('member')!;
  const { db } = c.get('deps').database;
  const watched = db
    .select({ channelId: streams.channelId })
    .from(streamViews)
    .innerJoin(streams, eq(streams.id, streamViews.streamId))
    .where(eq(streamViews.memberId, member.id));
  const rows = await streamsWithChannel(db)
    .where(and(eq(streams.type, 1), isNull(streams.endedAt), eq(channels.broadcasting, true), inArray(streams.channelId, watched)))
    .orderBy(desc(streams.viewers), desc(streams.viewCount))
    .limit(LIST_LIMIT_STREAMS);
  return c.json({ list: rows.map((r) => streamCard(r.channel, r.stream, member)) });
});

myStreams.delete('/present/:channelId', async (c) => {
  const channelId = parseId(c.req.param('channelId'));
  if (!channelId) return c.json(badId, 400);
  const { db } = c.get('deps').database;
  const ofChannel = db.select({ id: streams.id }).from(streams).where(eq(streams.channelId, channelId));
  await db.delete(streamViews).where(and(eq(streamViews.memberId, c.get('member')!.id), inArray(streamViews.streamId, ofChannel)));
  return c.json({ ok: true });
});

myStreams.get('/subscriptions', async (c) => {
  const member = c.get('member')!;
  const rows = await c
    .get('deps')
    .database.db.select({ channel: channelColumns })
    .from(channelFollows)
    .innerJoin(channels, eq(channels.id, channelFollows.channelId))
    .innerJoin(members, eq(members.id, channels.ownerId))
    .where(eq(channelFollows.memberId, member.id))
    .orderBy(desc(channels.broadcasting), desc(channelFollows.createdAt))
    .limit(LIST_LIMIT_STREAMS);
  return c.json({ list: rows.map((r) => streamCard(r.channel, null, member)) });
});

myStreams.post('/subscriptions', async (c) => {
  const channelId = await idFromBody(c, 'channelId');
  if (!channelId) return c.json(badId, 400);
  const { db } = c.get('deps').database;
  if (!(await loadChannelRow(db, channelId))) return c.json({ error: 'channel_not_found', error_msg: 'No such channel.' }, 404);
  await db
    .insert(channelFollows)
    .values({ memberId: c.get('member')!.id, channelId })
    .onConflictDoNothing();
  return c.json({ ok: true });
});

myStreams.delete('/subscriptions/:channelId', async (c) => {
  const channelId = parseId(c.req.param('channelId'));
  if (!channelId) return c.json(badId, 400);
  await c
    .get('deps')
    .database.db.delete(channelFollows)
    .where(and(eq(channelFollows.memberId, c.get('member')!.id), eq(channelFollows.channelId, channelId)));
  return c.json({ ok: true });
});
