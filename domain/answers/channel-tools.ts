/**
 * Answers of the broadcaster tools of the my pages (`/api/my/channel/*`, `/api/my/chennel-register`,
 * `/api/my/channel/notice`; api/channels/channel-tools.ts, channel-notice.ts).
 */
import * as v from 'valibot';
import { instant, int, listPage } from './fields.ts';

/** Where an application to broadcast stands: 0 none, 1 requested, 2 approved, 3 rejected (SPEC §3). */
const approval = int;

/** A channel notice as its owner's tools list it. */
export const channelNotice = v.object({
  noticeId: int,
  title: v.string(),
  content: v.string(),
  createdAt: instant,
  updatedAt: instant,
});
export type ChannelNotice = v.InferOutput<typeof channelNotice>;

/** `GET /api/my/channel/profile`: the owner's channel, its presets, followers and latest notices. */
export const channelProfile = v.object({
  channelId: int,
  loginId: v.string(),
  nickname: v.string(),
  title: v.string(),
  broadcasting: v.boolean(),
  adultBroadcast: v.boolean(),
  adultPlusBroadcast: v.boolean(),
  approval,
  introduction: v.string(),
  presets: v.array(int),
  /** Followers. */
  subscriptions: int,
  notices: v.array(channelNotice),
});
export type ChannelProfile = v.InferOutput<typeof channelProfile>;

/** `PUT /api/my/channel/profile`: what was saved; the adult marks only when they were sent. */
export const channelProfileSaved = v.object({
  channelId: int,
  title: v.string(),
  introduction: v.string(),
  adultBroadcast: v.optional(v.boolean()),
  adultPlusBroadcast: v.optional(v.boolean()),
});
export type ChannelProfileSaved = v.InferOutput<typeof channelProfileSaved>;

/** `POST /api/my/channel/luv-preset`: the one-tap gift amounts, sorted. */
export const luvPresetsSaved = v.object({ channelId: int, presets: v.array(int) });
export type LuvPresetsSaved = v.InferOutput<typeof luvPresetsSaved>;

/** `GET /api/my/chennel-register`: the caller's channel application. */
export const channelRegister = v.object({
  approval,
  channelId: v.nullable(int),
  channelTitle: v.nullable(v.string()),
  appliedAt: v.nullable(instant),
});
export type ChannelRegister = v.InferOutput<typeof channelRegister>;

/** `POST /api/my/chennel-register` (201): the application is waiting. */
export const channelApplied = v.object({ approval: v.literal(1) });
export type ChannelApplied = v.InferOutput<typeof channelApplied>;

/** `POST /api/my/chennel-register/{loginId}/decision` (operators): the channel made, or null on a rejection. */
export const channelDecided = v.object({ approval, channelId: v.nullable(int) });
export type ChannelDecided = v.InferOutput<typeof channelDecided>;

/** A line of `GET /api/my/channel/notice?channelId` (public). */
export const channelNoticeLine = v.object({ ...channelNotice.entries, channelId: int });
export type ChannelNoticeLine = v.InferOutput<typeof channelNoticeLine>;

/** `GET /api/my/channel/notice?channelId&offset&limit`: a page of the channel's notices, newest first. */
export const channelNoticePage = v.object({ ...listPage(channelNoticeLine).entries, total: int });
export type ChannelNoticePage = v.InferOutput<typeof channelNoticePage>;

/** `POST /api/my/channel/notice` (201). */
export const channelNoticeMade = v.object({ noticeId: int, channelId: int });
export type ChannelNoticeMade = v.InferOutput<typeof channelNoticeMade>;

/** `PUT /api/my/channel/notice/{id}`: the notice as saved. */
export const channelNoticeSaved = v.object({ noticeId: int, channelId: int, title: v.string(), content: v.string() });
export type ChannelNoticeSaved = v.InferOutput<typeof channelNoticeSaved>;

/** `DELETE /api/my/channel/notice/{id}`: the id deleted. */
export const channelNoticeDeleted = v.object({ deleted: int });
export type ChannelNoticeDeleted = v.InferOutput<typeof channelNoticeDeleted>;
