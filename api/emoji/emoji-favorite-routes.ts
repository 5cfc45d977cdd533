/**
 * `POST /api/lives/change-favorite-emoticon { memberId?, emojiId }`: toggles one of the caller's
 * favourite emoji (the guest lists show them first, api/emoji/emoji-lists.ts; the toggle is ./emoji-favorite.ts). The
 * member is the
 * session's; a body naming someone else (by id or login id) is refused.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { emojiFavoriteChanged, type EmojiFavoriteChanged } from '../../domain/answers/emoji.ts';
import { LOGIN_ID_LOOKUP_LENGTH_MAX } from '../../domain/limits.ts';
import type { ApiEnv } from '../app-env.ts';
import { fail } from '../http/errors.ts';
import { doc } from '../http/openapi.ts';
import { body, idNumber, idText } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { toggleFavoriteEmoji } from './emoji-favorite.ts';

const favoriteBody = v.object({
  emojiId: v.union([idNumber, idText]),
  memberId: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.maxLength(LOGIN_ID_LOOKUP_LENGTH_MAX))]),
      v.metadata({ description: "the caller's id or login id (clients send it; anyone else's is refused)" }),
    ),
  ),
});

export const emojiFavorite = new Hono<ApiEnv>().post(
  '/change-favorite-emoticon',
  doc({
    tag: 'chat',
    summary: "Toggles one of the caller's favourite emoji: { ok, emojiId, favorite }",
    responses: { 200: { description: 'OK', schema: emojiFavoriteChanged } },
    errors: ['forbidden', 'emoji_not_found'],
  }),
  requireMember(),
  body(favoriteBody, { invalid: 'bad_request' }),
  async (c) => {
    const { emojiId, memberId } = c.req.valid('json');
    const member = me(c);
    if (memberId !== undefined && String(memberId) !== String(member.id) && memberId !== member.loginId)
      return fail(c, 'forbidden');
    const toggled = await toggleFavoriteEmoji(c.get('deps').database.db, member.id, emojiId);
    if (!toggled.ok) return fail(c, toggled.code);
    return c.json({ ok: true, emojiId, favorite: toggled.favorite } satisfies EmojiFavoriteChanged);
  },
);
