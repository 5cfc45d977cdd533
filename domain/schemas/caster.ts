/**
 * What desktop caster apps send (Streamlabs Desktop's FlexTV service): `PUT /api/m/channel/config`
 * before going live and `POST /api/my/channel/start-stream` once the encoder connects, both
 * `{ title, theme, resolution, minRatingLevel, password, isForAdult }` (start-stream adds
 * `userAgentType: 'PC_APP_V1'`). Every field may be missing; a missing field keeps the channel's
 * setting. The theme's existence is checked by the API, which holds the theme list.
 */
import * as v from 'valibot';
import { BROADCAST_TITLE_MAX, livePasswordOk } from './broadcast.ts';

/** Picture heights a caster app may announce. */
export const CAST_RESOLUTION_MIN = 144;
export const CAST_RESOLUTION_MAX = 4320;
export const MIN_RATING_LEVEL_MAX = 100;

/** `720`, `'720'`, `'720p'` or `'1280x720'` → 720. */
export function castHeight(value: number | string): number | null {
  const match =
    typeof value === 'number' ? [String(value), String(value)] : /^(?:\d{2,5}x)?(\d{3,4})p?$/i.exec(value.trim());
  const height = match ? Number(match[1]) : NaN;
  return Number.isInteger(height) && height >= CAST_RESOLUTION_MIN && height <= CAST_RESOLUTION_MAX ? height : null;
}

const nothing = v.union([v.null(), v.literal('')]);

export const casterSettingsBody = v.object({
  /** Blank keeps the channel's title. */
  title: v.optional(
    v.nullable(
      v.pipe(
        v.string('channel_broadcast_rule_title'),
        v.trim(),
        v.maxLength(BROADCAST_TITLE_MAX, 'channel_broadcast_rule_title'),
        v.transform((t) => t || undefined),
      ),
    ),
  ),
  /** A theme's `value` (its themeId) or `key` of `GET /api/guest/themes`; '' or null = none. */
  theme: v.optional(
    v.union([
      nothing,
      v.pipe(v.string('channel_theme_unknown'), v.maxLength(32, 'channel_theme_unknown')),
      v.pipe(v.number(), v.integer()),
    ]),
  ),
  resolution: v.optional(
    v.union([
      nothing,
      v.pipe(
        v.union([v.string(), v.number()], 'caster_rule_resolution'),
        v.check((r) => castHeight(r) !== null, 'caster_rule_resolution'),
      ),
    ]),
  ),
  minRatingLevel: v.optional(
    v.nullable(
      v.pipe(
        v.number('caster_rule_min_rating'),
        v.integer('caster_rule_min_rating'),
        v.minValue(0, 'caster_rule_min_rating'),
        v.maxValue(MIN_RATING_LEVEL_MAX, 'caster_rule_min_rating'),
      ),
    ),
  ),
  /** What the app's form shows is what the live gets: '' or null opens the live. */
  password: v.optional(
    v.nullable(
      v.pipe(v.string('channel_broadcast_rule_password'), v.check(livePasswordOk, 'channel_broadcast_rule_password')),
    ),
  ),
  isForAdult: v.optional(v.nullable(v.union([v.boolean(), v.picklist([0, 1])], 'channel_broadcast_rule_adult'))),
  userAgentType: v.optional(v.pipe(v.string(), v.maxLength(32))),
});
export type CasterSettingsBody = v.InferOutput<typeof casterSettingsBody>;
