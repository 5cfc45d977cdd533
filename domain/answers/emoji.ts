/**
 * Answers of the chat's emoticons (`/api/guest/show-emoji`, `/api/guest/show-all-emoji`,
 * `POST /api/lives/change-favorite-emoticon`; api/emoji/).
 */
import * as v from 'valibot';
import { int } from './fields.ts';

/** An emoticon as the lists show it. */
export const emoji = v.object({
  emojiId: int,
  code: v.string(),
  title: v.string(),
  glyph: v.string(),
  type: v.string(),
});
export type Emoji = v.InferOutput<typeof emoji>;

/** `GET /api/guest/show-emoji?loginId`: the set, the member's favourites first. */
export const emojiSet = v.object({ list: v.array(v.object({ ...emoji.entries, favorite: v.boolean() })) });
export type EmojiSet = v.InferOutput<typeof emojiSet>;

/** `GET /api/guest/show-all-emoji?type&title&offset&limit`: a page, without favourites. */
export const emojiSearch = v.object({ list: v.array(emoji) });
export type EmojiSearch = v.InferOutput<typeof emojiSearch>;

/** `POST /api/lives/change-favorite-emoticon`: whether it is a favourite now. */
export const emojiFavoriteChanged = v.object({ ok: v.literal(true), emojiId: int, favorite: v.boolean() });
export type EmojiFavoriteChanged = v.InferOutput<typeof emojiFavoriteChanged>;
