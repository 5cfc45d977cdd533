/** Emoji lookups (SPEC §7 guest calls `show-emoji`, `show-all-emoji`); paging is the API's one rule. */
import * as v from 'valibot';
import { EMOJI_TITLE_LENGTH_MAX, EMOJI_TYPE_LENGTH_MAX, LOGIN_ID_LOOKUP_LENGTH_MAX } from '../limits.ts';

/** `GET /api/guest/show-emoji?loginId`: that member's favourites first. */
export const showEmojiQuery = v.object({
  loginId: v.optional(v.pipe(v.string(), v.maxLength(LOGIN_ID_LOOKUP_LENGTH_MAX)), ''),
});

/**
 * The filters of `GET /api/guest/show-all-emoji` (beside offset and limit); `option` is sent by clients and ignored.
 */
export const emojiFilterFields = {
  type: v.optional(v.pipe(v.string(), v.maxLength(EMOJI_TYPE_LENGTH_MAX)), ''),
  title: v.optional(
    v.pipe(v.string(), v.maxLength(EMOJI_TITLE_LENGTH_MAX), v.metadata({ description: 'part of the title' })),
    '',
  ),
  option: v.optional(v.string()),
};
