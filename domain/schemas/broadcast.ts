/**
 * The BJ's broadcast switch (`POST /api/channels/{channelId}/broadcast`): the API validates with this
 * schema and the broadcast panel checks the same limits before sending.
 */
import * as v from 'valibot';

export const BROADCAST_TITLE_MAX = 100;
/** A live password counts characters (code points), so a Hangul password has the same limits. */
export const LIVE_PASSWORD_MIN = 4;
export const LIVE_PASSWORD_MAX = 20;

export const charCount = (s: string): number => Array.from(s).length;

/** '' and null both mean "an open live"; anything else must meet the length rule. */
export function livePasswordOk(password: string): boolean {
  const n = charCount(password);
  return password === '' || (n >= LIVE_PASSWORD_MIN && n <= LIVE_PASSWORD_MAX);
}

export const broadcastBody = v.object({
  on: v.boolean('on must be true (start or update the live) or false (end it).'),
  title: v.optional(
    v.pipe(
      v.string('title must be text.'),
      v.check((t) => t.trim().length > 0, 'title must not be empty.'),
      v.maxLength(BROADCAST_TITLE_MAX, `title is at most ${BROADCAST_TITLE_MAX} characters.`),
    ),
  ),
  /** A themeId of `GET /api/guest/themes`, or null for none (the API checks that the theme exists). */
  themeId: v.optional(
    v.nullable(
      v.pipe(
        v.number('themeId must be a theme id or null.'),
        v.integer('themeId must be a theme id or null.'),
        v.minValue(1, 'themeId must be a theme id or null.'),
      ),
    ),
  ),
  password: v.optional(
    v.nullable(
      v.pipe(
        v.string('password must be text or null.'),
        v.check(livePasswordOk, `password must be ${LIVE_PASSWORD_MIN}-${LIVE_PASSWORD_MAX} characters (or empty for an open live).`),
      ),
    ),
  ),
});
export type BroadcastBody = v.InferOutput<typeof broadcastBody>;
