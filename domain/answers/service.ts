/** Answers about the platform (`/api/guest/channel-settings`; api/service/platform-settings.ts). */
import * as v from 'valibot';

/**
 * `GET /api/guest/channel-settings`: the platform's switches, whether the caller's own channel is on
 * the air, and for a channel's owner their payout account (null until set).
 */
export const channelSettings = v.object({
  broadcast: v.boolean(),
  broadcasting: v.boolean(),
  /** The platform lets broadcasters mark a channel adult / adult-plus. */
  adultBroadcast: v.boolean(),
  adultPlusBroadcast: v.boolean(),
  isSnsLoginKakao: v.boolean(),
  isSnsLoginNaver: v.boolean(),
  isSnsLoginGoogle: v.boolean(),
  isSnsLoginTwitch: v.boolean(),
  bank_account: v.optional(v.nullable(v.string())),
  bank_code: v.optional(v.nullable(v.string())),
  bank_holder_name: v.optional(v.nullable(v.string())),
});
export type ChannelSettings = v.InferOutput<typeof channelSettings>;
