/**
 * Emoji lists (SPEC §7 guest calls, §9 limit 100): `GET /api/guest/show-emoji?loginId` (a member's
 * favourites first, then the basic set) and `GET /api/guest/show-all-emoji?type&offset&limit&title&option`.
 * A member toggles a favourite with `POST /api/lives/change-favorite-emoticon` (./emoji-favorite.ts).
 */
import { and, asc, eq, ilike } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { LIST_LIMIT_EMOJI } from '../../domain/limits.ts';
import { emojiFilterFields, showEmojiQuery } from '../../domain/schemas/emoji.ts';
import type { ApiEnv } from '../app-env.ts';
import { emojiFavorites, emojis, members } from '../db/schema/index.ts';
import { doc } from '../http/openapi.ts';
import { paging, query } from '../http/request.ts';

const columns = { emojiId: emojis.id, code: emojis.code, title: emojis.title, glyph: emojis.glyph, type: emojis.type };

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;

export const emojiGuest = new Hono<ApiEnv>()
  .get(
    '/show-emoji',
    doc({ tag: 'chat', summary: `The emoji set (at most ${LIST_LIMIT_EMOJI}), the member's favourites first, each with favorite: { list }` }),
    query(showEmojiQuery, { invalid: 'bad_request' }),
    async (c) => {
      const { db } = c.get('deps').database;
      const { loginId } = c.req.valid('query');
      const all = await db.select(columns).from(emojis).orderBy(asc(emojis.sort), asc(emojis.id)).limit(LIST_LIMIT_EMOJI);
      let favorites = new Set<number>();
      if (loginId) {
        const rows = await db
          .select({ emojiId: emojiFavorites.emojiId })
          .from(emojiFavorites)
          .innerJoin(members, eq(members.id, emojiFavorites.memberId))
          .where(eq(members.loginId, loginId));
        favorites = new Set(rows.map((r) => r.emojiId));
      }
      const list = all.map((e) => ({ ...e, favorite: favorites.has(e.emojiId) })).sort((a, b) => Number(b.favorite) - Number(a.favorite));
      return c.json({ list });
    },
  )
  .get(
    '/show-all-emoji',
    doc({ tag: 'chat', summary: `Emoji by type and part of the title, paged (limit at most ${LIST_LIMIT_EMOJI}): { list }` }),
    query(v.object({ ...paging(LIST_LIMIT_EMOJI, LIST_LIMIT_EMOJI), ...emojiFilterFields }), { invalid: 'bad_request' }),
    async (c) => {
      const { offset, limit, type, title } = c.req.valid('query');
      const filters = [type ? eq(emojis.type, type) : undefined, title ? ilike(emojis.title, likePattern(title)) : undefined].filter((f) => f !== undefined);
      const list = await c
        .get('deps')
        .database.db.select(columns)
        .from(emojis)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(asc(emojis.sort), asc(emojis.id))
        .limit(limit)
        .offset(offset);
      return c.json({ list });
    },
  );
