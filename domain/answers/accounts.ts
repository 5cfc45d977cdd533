/** Answers about the member (`/api/my/profile`; api/accounts/profile.ts `profileOf()`). */
import * as v from 'valibot';
import { int } from './fields.ts';

/** The member's settings (SPEC §3). */
export const profileSettings = v.object({
  isView: v.boolean(),
  isVibes: v.boolean(),
  isSponser: v.boolean(),
  memberSortCode: int,
  isBigFan: v.boolean(),
});
export type ProfileSettings = v.InferOutput<typeof profileSettings>;

/**
 * `GET` and `PUT /api/my/profile` (docs/ARCHITECTURE.md "who am I"). The site reads the top-level
 * fields; a caster app reads `profile`.
 */
export const profile = v.object({
  memberId: int,
  loginId: v.string(),
  nickname: v.string(),
  memberType: v.string(),
  /** Personally identity-verified. */
  PI: v.boolean(),
  settings: profileSettings,
  profile: v.object({ id: int, nickname: v.string(), channelId: v.nullable(int), PI: v.boolean() }),
});
export type Profile = v.InferOutput<typeof profile>;
