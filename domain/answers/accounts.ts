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

/** `POST /api/my/setting` (api/accounts/my-setting-routes.ts): the settings as saved. */
export const settingsSaved = v.object({ settings: profileSettings });
export type SettingsSaved = v.InferOutput<typeof settingsSaved>;

/** `GET /api/my/view-main?device` (api/accounts/view-main-routes.ts): what the my page shows first. */
export const viewMain = v.object({
  device: v.picklist(['MOBILEWEB', 'PCWEB']),
  loginId: v.string(),
  nickname: v.string(),
  memberType: v.string(),
  PI: v.boolean(),
  unreadMessages: int,
  openInquiries: int,
  reports: int,
  blacklist: int,
  recentViews: int,
  /** Channels the member follows (the list of `GET /api/my/streams/subscriptions`). */
  follows: int,
  /** Channels with a running paid subscription (status 1 or 5 in `GET /api/my/subscriptions`). */
  subscriptions: int,
  /** The member's channel, and where their application to broadcast stands (domain/enums.ts `BroadcastApproval`). */
  channel: v.object({ channelId: v.nullable(int), approval: int }),
});
export type ViewMain = v.InferOutput<typeof viewMain>;
