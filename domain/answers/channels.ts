/** Answers of a channel and its streams (`/api/channels/{id}/*`, `/api/vods/{id}`; api/channels/, api/lives/). */
import * as v from 'valibot';
import { instant, int } from './fields.ts';
import { subscription } from './subscriptions.ts';

/**
 * A channel with its live or recording, for lists and pages (api/lives/streams-access.ts
 * `streamCard()`). A locked card (an adult channel, a caller without PI) has no format, title or
 * thumbnail.
 */
export const streamCard = v.object({
  channelId: int,
  loginId: v.string(),
  nickname: v.string(),
  adult: v.boolean(),
  adultPlus: v.boolean(),
  locked: v.boolean(),
  broadcasting: v.boolean(),
  /** The live's or the recording's; null only on a channel card with neither. */
  streamId: v.nullable(int),
  type: v.nullable(int),
  format: v.nullable(v.picklist(['hls', 'bp_flv', 'ivs'])),
  title: v.nullable(v.string()),
  thumbnail: v.nullable(v.string()),
  hasPassword: v.boolean(),
  viewCount: int,
  /** A live's viewers now (all API processes); 0 for recordings. */
  viewers: int,
  durationS: v.nullable(int),
  startedAt: v.nullable(instant),
  endedAt: v.nullable(instant),
});
export type StreamCard = v.InferOutput<typeof streamCard>;

/** A page of cards that counts them all (`GET …/recorded-stream-list`, `/api/lives`, `/api/home/vods` …). */
export function cardPage<TCard extends v.GenericSchema>(card: TCard) {
  return v.object({ list: v.array(card), total: int });
}

/** The type of a `cardPage()` answer. */
export interface CardPage<T> {
  list: T[];
  total: number;
}

/** `GET /api/channels/{id}/recorded-stream-list`: the channel's recordings, newest first. */
export const recordingsPage = cardPage(streamCard);
export type RecordingsPage = v.InferOutput<typeof recordingsPage>;

/** Paid subscriptions to a channel running now, and the signed-in viewer's own (any status). */
export const channelSubscription = v.object({ count: int, mine: v.nullable(subscription) });
export type ChannelSubscription = v.InferOutput<typeof channelSubscription>;

/** A channel notice as the channel page lists it (the latest few; none on a locked channel). */
export const channelPageNotice = v.object({ id: int, title: v.string(), content: v.string(), createdAt: instant });
type ChannelPageNotice = v.InferOutput<typeof channelPageNotice>;

/** `GET /api/channels/{id}/channel-page` (api/channels/channels.ts). */
export const channelPage = v.object({
  channel: v.object({ ...streamCard.entries, isOwner: v.boolean() }),
  live: v.nullable(streamCard),
  subscriberCount: int,
  /** The signed-in viewer follows this channel. */
  following: v.boolean(),
  subscription: channelSubscription,
  notices: v.array(channelPageNotice),
  /** The BJ's one-tap gift amounts (luv), ascending. */
  presets: v.array(int),
});
export type ChannelPage = v.InferOutput<typeof channelPage>;

/** `GET /api/channels/{id}/live-time`. */
export const liveTime = v.object({
  channelId: int,
  broadcasting: v.boolean(),
  startedAt: v.nullable(instant),
  elapsedS: int,
});
export type LiveTime = v.InferOutput<typeof liveTime>;

/** `GET /api/channels/{id}/like` (api/channels/likes.ts). */
export const channelLike = v.object({ channelId: int, liked: v.boolean(), count: int });
export type ChannelLike = v.InferOutput<typeof channelLike>;

/** `PUT` and `DELETE /api/channels/{id}/like`: the like after the change. */
export const channelLikeChanged = v.object({ ok: v.literal(true), ...channelLike.entries });
export type ChannelLikeChanged = v.InferOutput<typeof channelLikeChanged>;

/** `GET /api/vods/{streamId}` (api/lives/vods.ts): the recording's card and its signed address (null when locked). */
export const vod = v.object({ ...streamCard.entries, url: v.nullable(v.string()) });
export type Vod = v.InferOutput<typeof vod>;

/** `GET /api/guest/suggestion-list` (api/service/suggestions.ts): live channels to suggest. */
export const suggestedChannels = v.object({
  list: v.array(v.object({ channelId: int, title: v.string(), loginId: v.string(), nickname: v.string() })),
});
export type SuggestedChannels = v.InferOutput<typeof suggestedChannels>;
export type SuggestedChannel = SuggestedChannels['list'][number];
