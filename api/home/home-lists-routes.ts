/**
 * The home lists beyond the live list, each `{ list, total }` paged by `offset&limit` (default
 * LIST_LIMIT_STREAMS), every card through streamCard() so adult channels carry no title, thumbnail
 * or stream data for callers without PI:
 * `GET /api/home/vods` (VOD) recordings, newest first;
 * `GET /api/home/casters` (CASTER) broadcasters by subscribers, with `subscriberCount`.
 * The member's own lists (LIKE, GIFT_VIEW) are under /api/my (./liked-channels.ts, ./gifted-channels.ts).
 */
import { Hono } from 'hono';
import { casterCards, streamCards } from '../../domain/answers/home.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { optionalMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import { CARD_LIST_NOTE, cardListQuery } from './home-cards.ts';
import { casters, recordings } from './home-lists.ts';

export const homeLists = new Hono<ApiEnv>()
  .get(
    '/vods',
    doc({
      tag: 'lives',
      summary: 'Recordings, newest first: { list, total }',
      description: CARD_LIST_NOTE,
      responses: { 200: { description: 'OK', schema: streamCards } },
    }),
    optionalMember(),
    cardListQuery(),
    async (c) =>
      c.json(
        await recordings(c.get('deps').database.db, c.get('member'), mediaUrls(c.get('deps')), c.req.valid('query')),
      ),
  )
  .get(
    '/casters',
    doc({
      tag: 'channels',
      summary: 'Broadcasters by subscribers, with subscriberCount and their live when on air: { list, total }',
      description: CARD_LIST_NOTE,
      responses: { 200: { description: 'OK', schema: casterCards } },
    }),
    optionalMember(),
    cardListQuery(),
    async (c) =>
      c.json(await casters(c.get('deps').database.db, c.get('member'), mediaUrls(c.get('deps')), c.req.valid('query'))),
  );
