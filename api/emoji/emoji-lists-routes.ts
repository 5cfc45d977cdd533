/**
 * Emoji lists (SPEC §7 guest calls, §9 limit 100): `GET /api/guest/show-emoji?loginId` (a member's
 * favourites first, then the basic set) and `GET /api/guest/show-all-emoji?type&offset&limit&title&option`.
 * A member toggles a favourite with `POST /api/lives/change-favorite-emoticon` (./emoji-favorite-routes.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { emojiSearch, emojiSet, type EmojiSearch, type EmojiSet } from '../../domain/answers/emoji.ts';
import { LIST_LIMIT_EMOJI } from '../../domain/limits.ts';
import { emojiFilterFields, showEmojiQuery } from '../../domain/schemas/emoji.ts';
import type { ApiEnv } from '../app-env.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';
import { emojiSetFor, searchEmoji } from './emoji-lists.ts';

export const emojiGuest = new Hono<ApiEnv>()
  .get(
    '/show-emoji',
    doc({
      tag: 'chat',
      summary: `The emoji set (at most ${LIST_LIMIT_EMOJI}), the member's favourites first, each with favorite: { list }`,
      responses: { 200: { description: 'OK', schema: emojiSet } },
    }),
    query(showEmojiQuery, { invalid: 'bad_request' }),
    async (c) =>
      c.json({ list: await emojiSetFor(c.get('deps').database.db, c.req.valid('query').loginId) } satisfies EmojiSet),
  )
  .get(
    '/show-all-emoji',
    doc({
      tag: 'chat',
      summary: `Emoji by type and part of the title, paged (limit at most ${LIST_LIMIT_EMOJI}): { list }`,
      responses: { 200: { description: 'OK', schema: emojiSearch } },
    }),
    query(v.object({ ...paging(LIST_LIMIT_EMOJI, LIST_LIMIT_EMOJI), ...emojiFilterFields }), {
      invalid: 'bad_request',
    }),
    async (c) =>
      c.json({ list: await searchEmoji(c.get('deps').database.db, c.req.valid('query')) } satisfies EmojiSearch),
  );
