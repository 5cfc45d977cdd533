/**
 * `/api/my/streams/present | played | subscriptions` (SPEC §7): what a member is watching, has
 * watched and follows. GET lists, POST adds, DELETE `/{kind}/{id}` removes an entry.
 * present = channels from the member's history that are live now; played = streams watched,
 * newest first; subscriptions = followed channels, live ones first.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { channelFollows, channels, members, streams, streamViews } from '../db/schema/index.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, idNumber, ids, idText, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { streamCard } from '../lives/streams-access.ts';
import { channelColumns, loadChannelRow, streamsWithChannel } from '../lives/streams-queries.ts';
import { mediaUrls } from '../lives/media-urls.ts';

/** These routes have always answered `bad_request` to a malformed id or page; clients may rely on it. */
const badRequest = { invalid: 'bad_request' } as const;
/** Clients send the id as a number or as text. */
const anyId = v.union([idNumber, idText]);

export const myStreams = new Hono<ApiEnv>()
  .get(
    '/played',
    doc({ tag: 'my', summary: 'Streams the caller watched, newest first', responses: { 200: '{ list: [stream card + viewedAt] }' } }),
    requireMember(),
    query(v.object({ ...paging(LIST_LIMIT_STREAMS) }), badRequest),
    async (c) => {
      const page = c.req.valid('query');
      const member = me(c);
      const rows = await c
        .get('deps')
        .database.db.select({ stream: streams, channel: channelColumns, viewedAt: streamViews.viewedAt })
        .from(streamViews)
        .innerJoin(streams, eq(streams.id, streamViews.streamId))
        .innerJoin(channels, eq(channels.id, streams.channelId))
        .innerJoin(members, eq(members.id, channels.ownerId))
        .where(eq(streamViews.memberId, member.id))
        .orderBy(desc(streamViews.viewedAt))
        .limit(page.limit)
        .offset(page.offset);
      return c.json({ list: rows.map((r) => ({ ...streamCard(r.channel, r.stream, member, mediaUrls(c.get('deps'))), viewedAt: r.viewedAt.toISOString() })) });
    },
  )
  .post(
    '/played',
    doc({
      tag: 'my',
      summary: "Records a stream in the caller's history (again: moves it to the top)",
      responses: { 200: '{ ok: true }' },
      errors: ['stream_not_found'],
    }),
    requireMember(),
    body(v.object({ streamId: anyId }), badRequest),
    async (c) => {
      const { streamId } = c.req.valid('json');
      const { db } = c.get('deps').database;
      const [exists] = await db.select({ id: streams.id }).from(streams).where(eq(streams.id, streamId));
      if (!exists) return fail(c, 'stream_not_found');
      await db
        .insert(streamViews)
        .values({ memberId: me(c).id, streamId })
        .onConflictDoUpdate({ target: [streamViews.memberId, streamViews.streamId], set: { viewedAt: new Date() } });
      return c.json({ ok: true });
    },
  )
  .delete(
    '/played/:streamId',
    doc({ tag: 'my', summary: "Removes a stream from the caller's history", responses: { 200: '{ ok: true }' } }),
    requireMember(),
    params(ids('streamId'), badRequest),
    async (c) => {
      await c
        .get('deps')
        .database.db.delete(streamViews)
        .where(and(eq(streamViews.memberId, me(c).id), eq(streamViews.streamId, c.req.valid('param').streamId)));
      return c.json({ ok: true });
    },
  )
  .get(
    '/present',
    doc({ tag: 'my', summary: "Channels from the caller's history that are live now", responses: { 200: '{ list: [stream card] }' } }),
    requireMember(),
    async (c) => {
      const member = me(c);
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
      return c.json({ list: rows.map((r) => streamCard(r.channel, r.stream, member, mediaUrls(c.get('deps')))) });
    },
  )
  .delete(
    '/present/:channelId',
    doc({ tag: 'my', summary: "Removes a channel's streams from the caller's history", responses: { 200: '{ ok: true }' } }),
    requireMember(),
    params(ids('channelId'), badRequest),
    async (c) => {
      const { db } = c.get('deps').database;
      const ofChannel = db
        .select({ id: streams.id })
        .from(streams)
        .where(eq(streams.channelId, c.req.valid('param').channelId));
      await db.delete(streamViews).where(and(eq(streamViews.memberId, me(c).id), inArray(streamViews.streamId, ofChannel)));
      return c.json({ ok: true });
    },
  )
  .get(
    '/subscriptions',
    doc({ tag: 'my', summary: 'Channels the caller follows, live ones first', responses: { 200: '{ list: [stream card] }' } }),
    requireMember(),
    async (c) => {
      const member = me(c);
      const rows = await c
        .get('deps')
        .database.db.select({ channel: channelColumns })
        .from(channelFollows)
        .innerJoin(channels, eq(channels.id, channelFollows.channelId))
        .innerJoin(members, eq(members.id, channels.ownerId))
        .where(eq(channelFollows.memberId, member.id))
        .orderBy(desc(channels.broadcasting), desc(channelFollows.createdAt))
        .limit(LIST_LIMIT_STREAMS);
      return c.json({ list: rows.map((r) => streamCard(r.channel, null, member, mediaUrls(c.get('deps')))) });
    },
  )
  .post(
    '/subscriptions',
    doc({ tag: 'my', summary: 'Follows a channel', responses: { 200: '{ ok: true }' }, errors: ['channel_not_found'] }),
    requireMember(),
    body(v.object({ channelId: anyId }), badRequest),
    async (c) => {
      const { channelId } = c.req.valid('json');
      const { db } = c.get('deps').database;
      if (!(await loadChannelRow(db, channelId))) return fail(c, 'channel_not_found');
      await db
        .insert(channelFollows)
        .values({ memberId: me(c).id, channelId })
        .onConflictDoNothing();
      return c.json({ ok: true });
    },
  )
  .delete(
    '/subscriptions/:channelId',
    doc({ tag: 'my', summary: 'Unfollows a channel', responses: { 200: '{ ok: true }' } }),
    requireMember(),
    params(ids('channelId'), badRequest),
    async (c) => {
      await c
        .get('deps')
        .database.db.delete(channelFollows)
        .where(and(eq(channelFollows.memberId, me(c).id), eq(channelFollows.channelId, c.req.valid('param').channelId)));
      return c.json({ ok: true });
    },
  );
