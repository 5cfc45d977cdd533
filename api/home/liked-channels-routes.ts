/** `GET /api/my/likes?offset&limit` (LIKE, members): the caller's liked channels, live ones first. */
import { Hono } from 'hono';
import { streamCards } from '../../domain/answers/home.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { me, requireMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import { CARD_LIST_NOTE, cardListQuery } from './home-cards.ts';
import { likedChannels } from './liked-channels.ts';

export const myLikes = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary: "The caller's liked channels, live ones first: { list, total }",
    description: CARD_LIST_NOTE,
    responses: { 200: { description: 'OK', schema: streamCards } },
  }),
  requireMember(),
  cardListQuery(),
  async (c) =>
    c.json(await likedChannels(c.get('deps').database.db, me(c), mediaUrls(c.get('deps')), c.req.valid('query'))),
);
