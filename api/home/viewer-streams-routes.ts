/**
 * `/api/my/streams/present | played | subscriptions` (SPEC §7): what a member is watching, has
 * watched and follows. GET lists, POST adds, DELETE `/{kind}/{id}` removes an entry.
 * present = channels from the member's history that are live now; played = streams watched,
 * newest first; subscriptions = followed channels, live ones first.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { playedCards, streamCardList, type PlayedCards, type StreamCardList } from '../../domain/answers/home.ts';
import { LIST_LIMIT_STREAMS } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, idNumber, ids, idText, paging, params, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import {
  followChannel,
  followedChannels,
  forgetChannelStreams,
  forgetPlayed,
  playedStreams,
  presentStreams,
  recordPlayed,
  unfollowChannel,
} from './viewer-streams.ts';

/** These routes have always answered `bad_request` to a malformed id or page; clients may rely on it. */
const badRequest = { invalid: 'bad_request' } as const;
/** Clients send the id as a number or as text. */
const anyId = v.union([idNumber, idText]);

export const myStreams = new Hono<ApiEnv>()
  .get(
    '/played',
    doc({
      tag: 'my',
      summary: 'Streams the caller watched, newest first',
      responses: { 200: { description: '{ list: [stream card + viewedAt] }', schema: playedCards } },
    }),
    requireMember(),
    query(v.object({ ...paging(LIST_LIMIT_STREAMS) }), badRequest),
    async (c) => {
      const played = await playedStreams(
        c.get('deps').database.db,
        me(c),
        mediaUrls(c.get('deps')),
        c.req.valid('query'),
      );
      return c.json(played satisfies PlayedCards);
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
      const recorded = await recordPlayed(c.get('deps').database.db, me(c).id, c.req.valid('json').streamId);
      return recorded.ok ? c.json({ ok: true }) : fail(c, recorded.code);
    },
  )
  .delete(
    '/played/:streamId',
    doc({ tag: 'my', summary: "Removes a stream from the caller's history", responses: { 200: '{ ok: true }' } }),
    requireMember(),
    params(ids('streamId'), badRequest),
    async (c) => {
      await forgetPlayed(c.get('deps').database.db, me(c).id, c.req.valid('param').streamId);
      return c.json({ ok: true });
    },
  )
  .get(
    '/present',
    doc({
      tag: 'my',
      summary: "Channels from the caller's history that are live now",
      responses: { 200: { description: '{ list: [stream card] }', schema: streamCardList } },
    }),
    requireMember(),
    async (c) => {
      const present = await presentStreams(c.get('deps').database.db, me(c), mediaUrls(c.get('deps')));
      return c.json(present satisfies StreamCardList);
    },
  )
  .delete(
    '/present/:channelId',
    doc({
      tag: 'my',
      summary: "Removes a channel's streams from the caller's history",
      responses: { 200: '{ ok: true }' },
    }),
    requireMember(),
    params(ids('channelId'), badRequest),
    async (c) => {
      await forgetChannelStreams(c.get('deps').database.db, me(c).id, c.req.valid('param').channelId);
      return c.json({ ok: true });
    },
  )
  .get(
    '/subscriptions',
    doc({
      tag: 'my',
      summary: 'Channels the caller follows, live ones first',
      responses: { 200: { description: '{ list: [stream card] }', schema: streamCardList } },
    }),
    requireMember(),
    async (c) => {
      const followed = await followedChannels(c.get('deps').database.db, me(c), mediaUrls(c.get('deps')));
      return c.json(followed satisfies StreamCardList);
    },
  )
  .post(
    '/subscriptions',
    doc({ tag: 'my', summary: 'Follows a channel', responses: { 200: '{ ok: true }' }, errors: ['channel_not_found'] }),
    requireMember(),
    body(v.object({ channelId: anyId }), badRequest),
    async (c) => {
      const followed = await followChannel(c.get('deps').database.db, me(c).id, c.req.valid('json').channelId);
      return followed.ok ? c.json({ ok: true }) : fail(c, followed.code);
    },
  )
  .delete(
    '/subscriptions/:channelId',
    doc({ tag: 'my', summary: 'Unfollows a channel', responses: { 200: '{ ok: true }' } }),
    requireMember(),
    params(ids('channelId'), badRequest),
    async (c) => {
      await unfollowChannel(c.get('deps').database.db, me(c).id, c.req.valid('param').channelId);
      return c.json({ ok: true });
    },
  );
