/**
 * `GET /api/my/gifted-channels?offset&limit` (GIFT_VIEW, members): the channels the caller sent luv
 * or items to, latest gift first, with `lastGiftAt` and `giftCount`, read from the ledger journal.
 */
import { Hono } from 'hono';
import { giftedCards } from '../../domain/answers/home.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { me, requireMember } from '../http/session.ts';
import { mediaUrls } from '../lives/media-urls.ts';
import { giftedChannels } from './gifted-channels.ts';
import { CARD_LIST_NOTE, cardListQuery } from './home-cards.ts';

export const giftView = new Hono<ApiEnv>().get(
  '/',
  doc({
    tag: 'my',
    summary:
      'Channels the caller sent luv or items to, latest gift first, with lastGiftAt and giftCount: { list, total }',
    description: CARD_LIST_NOTE,
    responses: { 200: { description: 'OK', schema: giftedCards } },
  }),
  requireMember(),
  cardListQuery(),
  async (c) =>
    c.json(await giftedChannels(c.get('deps').database.db, me(c), mediaUrls(c.get('deps')), c.req.valid('query'))),
);
