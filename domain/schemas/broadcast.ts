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

/**
 * Rules answer with message keys (messages/*.json), so the API answers a refused field in the
 * caller's language. The theme's existence is checked by the API, which holds the theme list.
 */
export const broadcastBody = v.pipe(
  v.object({
    on: v.boolean('channel_broadcast_rule_on'),
    title: v.optional(
      v.pipe(
        v.string('channel_broadcast_rule_title'),
        v.check((t) => t.trim().length > 0, 'channel_broadcast_rule_title'),
        v.maxLength(BROADCAST_TITLE_MAX, 'channel_broadcast_rule_title'),
      ),
    ),
    /** A themeId of `GET /api/guest/themes`, or null for none. */
    themeId: v.optional(
      v.nullable(
        v.pipe(
          v.number('channel_theme_unknown'),
          v.integer('channel_theme_unknown'),
          v.minValue(1, 'channel_theme_unknown'),
        ),
      ),
    ),
    password: v.optional(
      v.nullable(
        v.pipe(v.string('channel_broadcast_rule_password'), v.check(livePasswordOk, 'channel_broadcast_rule_password')),
      ),
    ),
    /** An adult broadcast (identity-verified BJs only); false also ends adult-plus. */
    adult: v.optional(v.boolean('channel_broadcast_rule_adult')),
  }),
  // A password belongs to a live being started or running: it is taken only with on: true.
  v.forward(
    v.partialCheck(
      [['on'], ['password']],
      ({ on, password }) => on || password === undefined,
      'channel_broadcast_rule_password_on',
    ),
    ['password'],
  ),
  v.forward(
    v.partialCheck([['on'], ['adult']], ({ on, adult }) => on || adult === undefined, 'channel_broadcast_rule_adult'),
    ['adult'],
  ),
);
type BroadcastBody = v.InferOutput<typeof broadcastBody>;
