/** Profile settings update (SPEC §3 profile settings). Unknown keys (role, balance, PI …) are dropped. */
import * as v from 'valibot';
import { MEMBER_SORT_CODE_MAX } from '../limits.ts';
import { nicknameSchema } from './fields.ts';

const settingFields = {
  isView: v.optional(v.boolean()),
  isVibes: v.optional(v.boolean()),
  isSponser: v.optional(v.boolean()),
  memberSortCode: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MEMBER_SORT_CODE_MAX))),
  isBigFan: v.optional(v.boolean()),
};

export const profileSettingsSchema = v.object(settingFields);

/** Accepts `{ settings: {...} }` or the same fields at the top level. */
export const profileUpdateSchema = v.pipe(
  v.object({ ...settingFields, settings: v.optional(profileSettingsSchema) }),
  v.transform(({ settings, ...flat }) => ({ ...flat, ...(settings ?? {}) })),
);
type ProfileUpdate = v.InferOutput<typeof profileUpdateSchema>;

/** `PUT /api/my/profile`: the settings as above, and a new nickname under the sign-up rule (SPEC §5). */
export const profileEditSchema = v.pipe(
  v.object({ ...settingFields, settings: v.optional(profileSettingsSchema), nickname: v.optional(nicknameSchema) }),
  v.transform(({ settings, ...flat }) => ({ ...flat, ...(settings ?? {}) })),
);
type ProfileEdit = v.InferOutput<typeof profileEditSchema>;
