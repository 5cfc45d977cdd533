/** `GET /api/vods/{streamId}/chat` (api/chat/vod-chat-routes.ts): a recording's chat, at offsets from its start. */
import * as v from 'valibot';

/** Longest window one request may ask for (toS − fromS), in seconds. */
export const VOD_CHAT_WINDOW_MAX_S = 600;
/** Most lines one answer carries; past it `nextFromS` says where to ask again. */
export const VOD_CHAT_LINES_MAX = 1000;

const role = v.picklist(['bj', 'manager', 'member', 'guest']);

const vodChatLine = v.object({
  /** Seconds from the recording's start (0.1 s steps). */
  offsetS: v.number(),
  seq: v.number(),
  loginId: v.string(),
  nickname: v.string(),
  role,
  content: v.string(),
});
export type VodChatLine = v.InferOutput<typeof vodChatLine>;

const vodChatGift = v.object({
  offsetS: v.number(),
  kind: v.picklist(['luv', 'item']),
  loginId: v.string(),
  nickname: v.string(),
  amount: v.number(),
  itemCode: v.nullable(v.number()),
  message: v.string(),
  transferId: v.number(),
});
export type VodChatGift = v.InferOutput<typeof vodChatGift>;

export const vodChat = v.object({
  fromS: v.number(),
  toS: v.number(),
  lines: v.array(vodChatLine),
  gifts: v.array(vodChatGift),
  /** Set when the window held more than VOD_CHAT_LINES_MAX lines: ask again from here. */
  nextFromS: v.nullable(v.number()),
});
export type VodChat = v.InferOutput<typeof vodChat>;
